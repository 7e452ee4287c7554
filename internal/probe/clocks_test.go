package probe_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
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
	h := testHostWith(t, host.Options{Engine: host.EngineCompiler})
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
// out is a function of the module, never of the host's work. The module
// is the C subject, whose runs take little of its own time (some 0.1 ms a
// run quiet, 0.4-0.7 ms on a CI runner), less than what the host does for
// each (0.4-0.6 ms of the probes' thread's CPU time quiet, more when the
// process or the machine is busy): before the fix the budget counted the
// probes' thread's CPU time, so the host's work decided the cut. Now, on
// seven probings (the last two with goroutines spinning on every core),
// what the budget counted is exactly RunCharge a run made and the
// module's own time in them (RunInfo.Elapsed), plus the host-work
// charges of copies and judging, which are a function of the answers
// and so the same wherever the same runs were made; the cut is the
// budget's (another run would not have fit), and the runs left out are
// the others of a whole probing. How many runs fit still moves with the
// module's own time, which a run this small feels from the machine's load
// (docs/time-model.md, where it does not hold): CI's runner once made
// three runs where a quiet machine makes four, so the count is logged,
// not compared.
func TestBudgetCutSame(t *testing.T) {
	h := testHostWith(t, host.Options{Engine: host.EngineCompiler})
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
	// A first probing, not cut, lists every run in order and pays the
	// process's one-time work (some 15 ms of the probes' thread's CPU
	// time on its first run).
	all := probeModule(t, h, wasm, probe.Options{Cases: cases, Budget: time.Minute})
	if len(all.NotRun) > 0 {
		t.Fatalf("a minute's budget left %d runs out", len(all.NotRun))
	}
	opt := probe.Options{Cases: cases, Budget: 5 * probe.RunCharge}
	hostWork := map[int]time.Duration{} // by the number of runs made
	for i := range 7 {
		stop := func() {}
		if i >= 5 {
			stop = burn(3 * runtime.GOMAXPROCS(0))
		}
		res := probeModule(t, h, wasm, opt)
		stop()
		var own time.Duration
		for _, run := range res.Runs {
			own += run.Elapsed
		}
		work := res.Spent - own - time.Duration(len(res.Runs))*probe.RunCharge
		t.Logf("run %d (busy %v): %d runs, %v counted (%v the module's own, %v of charges for the host's work), %v of the probes' thread's CPU time, %d not run",
			i, i >= 5, len(res.Runs), res.Spent, own, work, res.HostCPU, len(res.NotRun))
		if len(res.NotRun) == 0 || len(res.Runs) < 2 {
			t.Fatalf("run %d: the budget cut nothing or everything: %d runs, not run %v", i, len(res.Runs), res.NotRun)
		}
		if work < 0 {
			t.Errorf("run %d: counted %v, less than the runs' charges and the module's own time (%v)", i, res.Spent, own)
		}
		if w, ok := hostWork[len(res.Runs)]; ok && w != work {
			t.Errorf("run %d: the charges for the host's work of %d runs were %v, %v before: they moved with the host", i, len(res.Runs), work, w)
		}
		hostWork[len(res.Runs)] = work
		if res.Spent+probe.RunCharge <= opt.Budget {
			t.Errorf("run %d: runs left out though another fit: %v counted of %v", i, res.Spent, opt.Budget)
		}
		if made, want := runKeys(res), runKeys(all); made != want {
			t.Errorf("run %d: the runs made and left out:\n%s\nthe whole probing's:\n%s", i, made, want)
		}
	}
}

// runKeys lists, sorted, the runs a probing made and the ones its budget
// left out, by probe, tool and case: with no budget cut, the runs made.
func runKeys(res *probe.Result) string {
	var keys []string
	for _, r := range res.Runs {
		keys = append(keys, r.Probe+" "+r.Tool+" "+r.Case)
	}
	for _, l := range res.NotRun {
		keys = append(keys, l.Probe+" "+l.Tool+" "+l.Case)
	}
	slices.Sort(keys)
	return strings.Join(keys, "\n")
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
