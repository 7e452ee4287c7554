package probe_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// burn keeps n goroutines spinning until the returned function is called:
// other work of the process, as serve's calls are while a rebuild's probes
// run.
func burn(n int) (stop func()) {
	var quit atomic.Bool
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := 0; !quit.Load(); x++ {
				_ = x * x
			}
		}()
	}
	return func() { quit.Store(true); wg.Wait() }
}

// TestBudgetOwnTime: the probes' budget counts their own time (the
// module's in their runs, and probe.RunCharge a run), not the process's: with goroutines spinning on every core meanwhile, the same
// runs fit the budget and the findings are exactly the same. The subject
// sleeps 1.5 s of its own time in each call, so a 5 s budget holds the
// first call and three more whatever the machine, and P042 lists the rest.
func TestBudgetOwnTime(t *testing.T) {
	h, err := host.New(context.Background(), host.Options{ExitGrace: 500 * time.Millisecond, Engine: host.EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	wasm := subject(t, "slow")
	opt := probe.Options{Cases: echoCases, Budget: 5 * time.Second}
	quiet := probeModule(t, h, wasm, opt)
	stop := burn(3 * runtime.GOMAXPROCS(0))
	busy := probeModule(t, h, wasm, opt)
	stop()
	if got, want := messages(busy.Findings), messages(quiet.Findings); got != want {
		t.Errorf("with other goroutines spinning:%s\nalone:%s", got, want)
	}
	if ids := ruleIDs(quiet.Findings); len(ids) != 1 || ids[0] != rules.ProbeBudget.ID || len(quiet.NotRun) == 0 {
		t.Errorf("want P042 alone:%s", messages(quiet.Findings))
	}
	t.Logf("alone: %d runs, %v of the probes' own time; busy: %d runs, %v", len(quiet.Runs), quiet.Spent, len(busy.Runs), busy.Spent)
}

// TestBudgetCutSame (attack pass 41l, row 2): which runs the budget leaves
// out is a function of the module, never of the host's work: with a budget
// that cuts the runs of a module whose runs take little of its own time
// (the C subject, some 0.1 ms a run), so that what the host does for each
// run (0.4-0.6 ms of the probes' thread's CPU time quiet, more when the
// process or the machine is busy) would decide the cut, the NotRun list
// is the same on five runs and with goroutines spinning on every core.
// Before the fix the budget counted the probes' thread's CPU time, and
// the cut moved by several runs from one run to the next; it now charges
// probe.RunCharge a run. The budget is five charges, and a run starts
// when what is spent and its charge fit: the fourth starts when the
// module's time in the runs before it (the pause probe's run, the second,
// is charged as it starts and its module time counted when it ends) is
// under one charge, and no fifth starts, so four runs start as long as
// two runs of this module take less than RunCharge of its own time: 0.1-0.15 ms a run quiet, up to 0.3 ms under eight busy
// loops (2026-12-06). (The module's own time in so small a run, mostly
// its start, grows with the machine's load as memory-bound work does:
// docs/time-model.md, where it does not hold.)
func TestBudgetCutSame(t *testing.T) {
	h, err := host.New(context.Background(), host.Options{ExitGrace: 500 * time.Millisecond, Engine: host.EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	wasm, err := os.ReadFile(subjects.Module(t, subjects.C, subjects.Good))
	if err != nil {
		t.Fatal(err)
	}
	cases := func(json.RawMessage) ([]probe.Case, []string) {
		var cs []probe.Case
		for i := range 40 {
			cs = append(cs, probe.Case{Name: fmt.Sprint("valid ", i), Args: json.RawMessage(fmt.Sprintf(`{"a":%d,"b":1}`, i)), Valid: true})
		}
		return cs, nil
	}
	// A first probing, not compared, pays the process's one-time work
	// (some 15 ms of the probes' thread's CPU time on its first run),
	// so that the runs compared differ only in their host work's jitter.
	probeModule(t, h, wasm, probe.Options{Cases: cases, Budget: time.Minute})
	opt := probe.Options{Cases: cases, Budget: 5 * probe.RunCharge}
	var first *probe.Result
	for i := range 7 {
		stop := func() {}
		if i >= 5 {
			stop = burn(3 * runtime.GOMAXPROCS(0))
		}
		res := probeModule(t, h, wasm, opt)
		stop()
		t.Logf("run %d (busy %v): %d runs, %v counted, %v of the probes' thread's CPU time, %d not run", i, i >= 5, len(res.Runs), res.Spent, res.HostCPU, len(res.NotRun))
		if first == nil {
			first = res
			if len(res.NotRun) == 0 || len(res.Runs) < 2 {
				t.Fatalf("the budget cut nothing or everything: %d runs, not run %v", len(res.Runs), res.NotRun)
			}
			continue
		}
		if !slices.Equal(res.NotRun, first.NotRun) || len(res.Runs) != len(first.Runs) || messages(res.Findings) != messages(first.Findings) {
			t.Errorf("run %d (busy %v): %d runs, %d not run; the first: %d runs, %d not run%s", i, i >= 5, len(res.Runs), len(res.NotRun), len(first.Runs), len(first.NotRun), messages(res.Findings))
		}
	}
}

// TestBackstopNotJudged: runs the probes' wall backstop gives up on are
// not judged, and not a finding either (never P042, never a clean pass):
// Result.NotJudged says the machine is too busy, for the command to exit 3.
func TestBackstopNotJudged(t *testing.T) {
	h := testHost(t)
	res := probeModule(t, h, subject(t, "good"), probe.Options{Cases: echoCases, Backstop: time.Nanosecond})
	var stalled *host.StalledError
	if !errors.As(res.NotJudged, &stalled) || len(res.Stalled) == 0 {
		t.Errorf("NotJudged %v, stalled %v", res.NotJudged, res.Stalled)
	}
	if len(res.Findings) > 0 || len(res.Runs) > 0 {
		t.Errorf("findings%s and runs %+v past the backstop", messages(res.Findings), res.Runs)
	}
}
