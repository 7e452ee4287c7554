package probe_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
)

// moduleAttack43i builds attack/testdata/fsmeta43i.c (the C probe subject
// add.c with hooks) with the -D switches given.
func moduleAttack43i(t *testing.T, defs ...string) []byte {
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

// TestAttack43i_ProbesJudgeOtherRunsFiles (attack pass 43i, row 3): the
// host's file budget (host.FileBudget, 4,096 files open at once, ENFILE
// past it) is shared by every run of the host, as its memory budget is,
// and serve's load and --watch rebuild probes run on the same host as its
// clients' calls. The memory budget's refusal for other runs' sake is now
// re-run alone or not judged (probe/memory.go, MemoryHeldError); the file
// budget's is judged as the module's own failure: nothing records it. A
// module whose every run opens 1,000 files (within MaxOpenFiles, 1,024)
// and aborts if an open fails is clean alone and fails (P030 and more:
// trapped) while four client sessions of it hold 4,000 files.
func TestAttack43i_ProbesJudgeOtherRunsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	wasm := moduleAttack43i(t, "FILES43I=1000")
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{ExitGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}
	alone := ruleIDs(probeModule(t, h, wasm, opt).Findings)

	m, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	var clients []*host.Session
	for i := range 4 { // serve's calls, each holding its 1,000 files while it runs
		s, err := h.Start(ctx, m, host.RunConfig{Timeout: time.Minute, Mounts: host.Mounts{Volume: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		id := json.RawMessage(fmt.Sprintf(`"client-%d"`, i))
		s.Send(host.ToolCall(id, "add", json.RawMessage(`{"a":1,"b":2}`)))
		if _, ok := s.Answer(id, 10*time.Second); !ok {
			t.Fatalf("client call %d was not answered", i)
		}
		clients = append(clients, s)
	}
	res := probeModule(t, h, wasm, opt)
	beside := ruleIDs(res.Findings)
	for _, s := range clients {
		s.Wait()
	}
	if !slices.Equal(alone, beside) {
		t.Errorf("one module, two verdicts: the probes alone found %v, beside four client calls holding files %v (not judged: %v)%s", alone, beside, res.NotJudged, messages(res.Findings[:min(2, len(res.Findings))]))
	}
}

// TestAttack43i_HostDiskFullJudged (attack pass 43i, row 4): a write the
// host's file system refuses for want of space (ENOSPC: the machine's
// disk, shared with every other process, not the run's own write budget)
// reaches the module as its own failure, and the probes judge it. A
// module whose every call writes 4 MiB to /volume/tmp and aborts if a
// write fails is clean with the probes' volumes on a roomy disk and
// fails (P030, P031) on a 2 MiB one; on a 6 MiB one (room for one run's
// file, and the pause probe runs beside the others) six lints drew
// {P030 P031 P037}, {P030} ×3, {P030 P036}, {P036}: exit 1 or 0, run to
// run. Root only (it mounts a tmpfs).
func TestAttack43i_HostDiskFullJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounts a tmpfs")
	}
	wasm := moduleAttack43i(t, "WRITE43I=4")
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{ExitGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}
	roomy := ruleIDs(probeModule(t, h, wasm, opt).Findings)

	small := t.TempDir()
	if err := syscall.Mount("tmpfs", small, "tmpfs", 0, "size=2m"); err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(small, 0) })
	t.Setenv("TMPDIR", small)
	res := probeModule(t, h, wasm, opt)
	full := ruleIDs(res.Findings)
	if !slices.Equal(roomy, full) {
		t.Errorf("one module, two verdicts: the probes' volumes on a roomy disk found %v, on a full one %v (not judged: %v)", roomy, full, res.NotJudged)
	}
}

// TestAttack43i_ProcessFileLimitJudged (attack pass 43i, row 5): the
// host's file budget (4,096 files across its runs) assumes the process may
// open that many, but the process's descriptor limit (RLIMIT_NOFILE) is
// the machine's: a container's or CI runner's setting. An open the
// operating system refuses (EMFILE) reaches the module as its own failure,
// and with two probe runs at once (the pause probe beside the others) the
// verdict is drawn run to run. A module whose every run opens 1,000 files
// and aborts if an open fails is clean under a roomy limit; under a limit
// of 1,500 four lints drew {P030}, {P036}, {P030 P036}, {} (exit 1 0 1 0).
func TestAttack43i_ProcessFileLimitJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	wasm := moduleAttack43i(t, "FILES43I=1000")
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{ExitGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}
	roomy := fmt.Sprint(ruleIDs(probeModule(t, h, wasm, opt).Findings))

	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = 1500
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old) })
	seen := map[string]int{}
	for range 4 {
		res := probeModule(t, h, wasm, opt)
		seen[fmt.Sprint(ruleIDs(res.Findings), " not judged: ", res.NotJudged)]++
	}
	if len(seen) != 1 || seen[roomy+" not judged: <nil>"] != 4 {
		t.Errorf("one module: %s under a roomy descriptor limit; under a limit of 1,500: %v", roomy, seen)
	}
}
