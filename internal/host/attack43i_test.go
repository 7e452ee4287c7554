package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fsModuleAttack43i builds attack/testdata/fsmeta43i.c (the C probe
// subject add.c with a hook at the start of every call) with the -D
// switches given; it skips without clang and wasi-libc.
func fsModuleAttack43i(t *testing.T, defs ...string) []byte {
	t.Helper()
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("clang with wasi-libc builds the subject")
	}
	p := filepath.Join(t.TempDir(), "fsmeta43i.wasm")
	args := []string{"--target=wasm32-wasi", "-O2", "-Wl,--strip-debug", "-o", p}
	for _, d := range defs {
		args = append(args, "-D"+d)
	}
	args = append(args, filepath.Join("..", "..", "attack", "testdata", "fsmeta43i.c"))
	if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
		t.Skipf("clang: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tmpfsDirAttack43i is a fresh directory on a tmpfs (/dev/shm), or skips
// the test when there is none or t.TempDir is on a tmpfs too.
func tmpfsDirAttack43i(t *testing.T) string {
	t.Helper()
	const tmpfsMagic = 0x01021994
	var shm, tmp syscall.Statfs_t
	if syscall.Statfs("/dev/shm", &shm) != nil || shm.Type != tmpfsMagic {
		t.Skip("no tmpfs at /dev/shm")
	}
	if syscall.Statfs(os.TempDir(), &tmp) != nil || tmp.Type == tmpfsMagic {
		t.Skip("the temporary directory is a tmpfs too")
	}
	d, err := os.MkdirTemp("/dev/shm", "attack43i-")
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(d) })
	return d
}

// TestAttack43i_SeededRunSeesHostDirectory (attack pass 43i, row 1): a
// seeded run (the probes' calls) sees virtual file times, inodes and
// devices (sandboxfs.Virtual), but fd_readdir's order and a directory's
// size are still the host file system's. A module that makes f0..f7 in
// /volume/tmp and lists them sees "order=67103254 size=4096" with its
// volume on this machine's ext4 (the order is the file system's hash
// seed's: another ext4 made the same way gave 17364052 and 74062153) and
// "order=76543210 size=200" on a tmpfs. One seed, one module: the run
// must see the same, wherever the host's temporary directory is.
func TestAttack43i_SeededRunSeesHostDirectory(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, fsModuleAttack43i(t, "FSMETA43I=1"))
	seen := func(volume string) string {
		t.Helper()
		c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
			CallConfig{Seed: []byte("case 1"), Mounts: Mounts{Volume: volume}})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("call: %s, %v", c.Result, err)
		}
		return res.Content[0].Text
	}
	disk, shm := seen(t.TempDir()), seen(tmpfsDirAttack43i(t))
	if disk != shm {
		t.Errorf("one seed, one module: the run saw %q with its volume in %s and %q on a tmpfs", disk, os.TempDir(), shm)
	}
}

// TestAttack43i_PipeSizeChangesVerdict (attack pass 43i, row 2): the pause
// probe's OS pipe holds 64 KiB, but a pipe an unprivileged user makes once
// that user's pipes pass /proc/sys/fs/pipe-user-pages-soft (16,384 pages)
// holds 8 KiB, and the host moves a request into it "as far as the pipe
// holds" (osPipe.fill): a module reading stdin with one read(2) of 256 KiB
// gets a 12 KiB request in one read or in two, depending on what other
// processes of the same user hold on the machine. By hand (as nobody,
// PIPE43I: a call whose request took more than one read traps): subakogo
// lint pipe.wasm is clean but for P032; with the same user's 1,100 pipes
// held by another process it adds P036 "probe pause ... trapped". Here
// the pipe's size is the test hook's (RunConfig.pipeSize): one module, one
// request, one seed must get one outcome.
func TestAttack43i_PipeSizeChangesVerdict(t *testing.T) {
	wasm := fsModuleAttack43i(t, "PIPE43I")
	outcome := func(size int) string {
		t.Helper()
		h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler, Backstop: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(context.Background())
		m := compile(t, h, wasm)
		m.WaitCompiled(context.Background())
		s, err := h.Start(context.Background(), m, RunConfig{OSPipe: true, pipeSize: size, Seed: []byte("case 1"), Timeout: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		args := json.RawMessage(`{"a":1,"b":2,"pad":"` + strings.Repeat("x", 12000) + `"}`)
		s.Send(ToolCall(json.RawMessage(`1`), "add", args))
		_, ok := s.Answer(json.RawMessage(`1`), time.Second)
		r := s.Wait()
		return fmt.Sprintf("answered %v, trap %q", ok, r.Trap)
	}
	big, small := outcome(0), outcome(8192)
	if big != small {
		t.Errorf("one module, one request: on a 64 KiB pipe %s; on an 8 KiB pipe (an unprivileged user past pipe-user-pages-soft) %s", big, small)
	}
}
