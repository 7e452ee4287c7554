package probe_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// hookedModule builds the C probe subject add.c with hooks.
func hookedModule(t *testing.T, defs ...string) []byte {
	t.Helper()
	wasm, err := os.ReadFile(subjects.CHooked(t, defs...))
	if err != nil {
		t.Fatal(err)
	}
	return wasm
}

// sameOrHeld checks that the probes found what they found alone, or were
// not judged for the machine's or other runs' sake (a HostHeldError whose
// cause names want) with no finding the probes alone did not make.
func sameOrHeld(t *testing.T, what string, alone []string, res *probe.Result, want string) {
	t.Helper()
	var held *probe.HostHeldError
	switch {
	case res.NotJudged == nil:
		if ids := ruleIDs(res.Findings); !slices.Equal(ids, alone) {
			t.Errorf("one module, two verdicts: the probes alone found %v, %s %v%s", alone, what, ids, messages(res.Findings))
		}
	case !errors.As(res.NotJudged, &held) || !strings.Contains(held.Cause, want):
		t.Errorf("%s: not judged for another reason: %v", what, res.NotJudged)
	default:
		for _, id := range ruleIDs(res.Findings) {
			if !slices.Contains(alone, id) {
				t.Errorf("%s (not judged: %v), a finding the probes alone did not make: %s%s", what, res.NotJudged, id, messages(res.Findings))
			}
		}
		t.Logf("%s: not judged: %v", what, res.NotJudged)
	}
}

// TestProbesJudgeOtherRunsFiles (attack pass 43i, row 3): the host's file
// budget (host.FileBudget, 4,096 files open at once, ENFILE past it) is
// shared by every run of the host, as its memory budget is, and serve's
// load and --watch rebuild probes run on the same host as its clients'
// calls. A module whose every run opens 1,000 files (within MaxOpenFiles,
// 1,024) and aborts if an open fails was clean alone and failed (P030
// P031: trapped) while four client sessions of it held 4,000 files: the
// file budget's refusal was judged the module's. Now it is recorded
// (host.Record.FilesRefused), the run made again alone, and refused again
// the probes are not judged (probe.HostHeldError, exit 3).
func TestProbesJudgeOtherRunsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	wasm := hookedModule(t, "FILES=1000")
	ctx := context.Background()
	h := testHost(t)
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}
	first := probeModule(t, h, wasm, opt)
	if first.NotJudged != nil {
		t.Fatalf("the probes alone were not judged: %v", first.NotJudged)
	}
	alone := ruleIDs(first.Findings)

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
	for _, s := range clients {
		s.Wait()
	}
	sameOrHeld(t, "beside four client calls holding files", alone, res, "open-file budget")
}

// TestHostDiskFullNotJudged (attack pass 43i, row 4): a write the host's
// file system refuses for want of space (ENOSPC: the machine's disk,
// shared with every other process, not the run's own write budget) reached
// the module as its own failure, and the probes judged it: a module whose
// every call writes 4 MiB to /volume/tmp and aborts if a write fails was
// clean on a roomy disk and failed (P030, P031) on a 2 MiB one, and on a
// 6 MiB one drew exit 1 or 0 run to run. Now the refusal is recorded
// (host.Record.HostRefused) and the probes, refused again alone, are not
// judged. Root only (it mounts a tmpfs); sandboxfs TestHostRefusal checks
// the recording without one.
func TestHostDiskFullNotJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounts a tmpfs")
	}
	wasm := hookedModule(t, "WRITE=4")
	h := testHost(t)
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}
	first := probeModule(t, h, wasm, opt)
	if first.NotJudged != nil {
		t.Fatalf("the probes on a roomy disk were not judged: %v", first.NotJudged)
	}
	roomy := ruleIDs(first.Findings)

	for _, size := range []string{"2m", "6m"} {
		small := t.TempDir()
		if err := syscall.Mount("tmpfs", small, "tmpfs", 0, "size="+size); err != nil {
			t.Skip(err)
		}
		t.Setenv("TMPDIR", small)
		res := probeModule(t, h, wasm, opt)
		sameOrHeld(t, "with the volumes on a "+size+" tmpfs", roomy, res, "no space left")
		if err := syscall.Unmount(small, 0); err != nil {
			t.Error(err)
		}
	}
}

// TestProcessFileLimitNotJudged (attack pass 43i, row 5): the process's
// descriptor limit (RLIMIT_NOFILE, ulimit -n) is the machine's, a
// container's or CI runner's setting. An open the operating system refused
// (EMFILE) reached the module as its own failure, and with two probe runs
// at once (the pause probe beside the others) the verdict was drawn run to
// run: a module whose every run opens 1,000 files was clean under a roomy
// limit, and under a limit of 1,500 four lints drew {P030}, {P036},
// {P030 P036}, {}. Now the refused run is made again alone, where its
// files fit, and only that run is judged.
func TestProcessFileLimitNotJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	wasm := hookedModule(t, "FILES=1000")
	h := testHost(t)
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}
	first := probeModule(t, h, wasm, opt)
	if first.NotJudged != nil {
		t.Fatalf("the probes under a roomy limit were not judged: %v", first.NotJudged)
	}
	roomy := ruleIDs(first.Findings)

	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	if old.Cur <= 1500 {
		t.Skipf("the soft limit %d is already that low", old.Cur)
	}
	lim := old
	lim.Cur = 1500 // one run's 1,000 files fit, two runs' do not
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old) })
	for i := range 4 {
		res := probeModule(t, h, wasm, opt)
		if ids := ruleIDs(res.Findings); !slices.Equal(ids, roomy) || res.NotJudged != nil {
			t.Errorf("pass %d under a limit of 1,500: %v (not judged: %v), under a roomy one %v%s", i, ids, res.NotJudged, roomy, messages(res.Findings))
		}
	}
}
