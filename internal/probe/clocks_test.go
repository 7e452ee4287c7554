package probe_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
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
// module's in their runs, and the probes' thread's CPU time), not the
// process's: with goroutines spinning on every core meanwhile, the same
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
	t.Logf("alone: %d runs, %v of the probes' own time; busy: %d runs, %v", len(quiet.Runs), quiet.CPU, len(busy.Runs), busy.CPU)
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
