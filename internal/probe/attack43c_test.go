package probe_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
)

// growModuleAttack43c builds attack/testdata/fstime43c.c (the C probe
// subject add.c) with the -D switches given.
func growModuleAttack43c(t *testing.T, defs ...string) []byte {
	t.Helper()
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("clang with wasi-libc builds the subject")
	}
	p := filepath.Join(t.TempDir(), "grow43c.wasm")
	args := []string{"--target=wasm32-wasi", "-O2", "-Wl,--strip-debug", "-o", p}
	for _, d := range defs {
		args = append(args, "-D"+d)
	}
	args = append(args, filepath.Join("..", "..", "attack", "testdata", "fstime43c.c"))
	if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
		t.Skipf("clang: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAttack43c_ProbesJudgeOtherRunsMemory (attack pass 43c, row 2): the
// host's memory budget (serve --memory-budget, host.Options.MemoryBudget)
// is shared by every run of the host, and serve's load and --watch
// rebuild probes run on the same host as its clients' calls. A probe run
// whose memory.grow the budget refuses because another run holds it
// (Record.MemoryRefused) is judged as the module's own failure: the probes
// never read MemoryRefused. So the same module, each call of which needs
// 40 MiB, is clean when the probes run alone and fails (P030: trapped)
// while one client call holds 40 MiB of a 64 MiB budget. A verdict must
// not depend on what other runs of the process hold: such a run is not
// judged, as a stalled one is. The probes alone race for it too: the
// pause probe runs beside the others (startPause), so which of the two
// runs gets the budget decides between P036 (warning) and P030 P031 P037
// (errors) from one run to the next. CLI: `subakogo serve --memory-budget
// 1024 grow520.wasm </dev/null` (FSGROW43C=520) exited 1 1 1 0.
func TestAttack43c_ProbesJudgeOtherRunsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	wasm := growModuleAttack43c(t, "FSGROW43C=40")
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{ExitGrace: 500 * time.Millisecond, MemoryBudget: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}

	alone := ruleIDs(probeModule(t, h, wasm, opt).Findings)
	for range 4 { // the pause probe runs beside the others: alone is not one verdict either
		if again := ruleIDs(probeModule(t, h, wasm, opt).Findings); !slices.Equal(again, alone) {
			t.Errorf("one module, the probes alone: %v, then %v", alone, again)
		}
	}

	// A client's call of the same module that took its 40 MiB and answered,
	// its session still open (as serve's calls are while they run).
	m, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.Start(ctx, m, host.RunConfig{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	s.Send(host.ToolCall(json.RawMessage(`"client-1"`), "add", json.RawMessage(`{"a":1,"b":2}`)))
	if _, ok := s.Answer(json.RawMessage(`"client-1"`), 5*time.Second); !ok {
		t.Fatal("the client's call was not answered")
	}
	beside := ruleIDs(probeModule(t, h, wasm, opt).Findings)
	s.Wait()

	if !slices.Equal(alone, beside) {
		t.Errorf("one module, two verdicts: the probes alone found %v, beside a client's call holding memory %v", alone, beside)
	}
}
