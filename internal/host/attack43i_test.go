package host

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
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
