package probe

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/rules"
)

// TestBudgetVerdict (attack pass 42c, rows 1-4): runs left out with no
// error found make the probes not judged (a BudgetError naming the
// budget, the runs not made of those planned and --probe-time); an error
// found stands, judged; a waived error is no error found. P042 says what
// was left out of which tool by kind and count, and where the cut fell,
// not "valid on add, valid on add, ..." (row 4), and names at most
// maxListed tools. No module runs: the runner is given what a cut leaves.
func TestBudgetVerdict(t *testing.T) {
	var left []LeftOut
	for i := range 10 {
		left = append(left, LeftOut{Probe: ProbeValid, Tool: "add", Case: fmt.Sprintf("valid: edge %d", i), Runs: 1})
	}
	left = append(left, LeftOut{Probe: ProbeInvalid, Tool: "add", Case: "invalid: \"a\" is a string", Runs: 1},
		LeftOut{Probe: ProbeInvalid, Tool: "add", Runs: 1})
	for i := range 12 {
		left = append(left, LeftOut{Probe: probeSearch, Tool: fmt.Sprintf("t%d", i), Runs: 50})
	}
	trap := rules.Finding{Rule: rules.ProbeValidCall, Offset: -1, Message: "probe valid on tool \"add\": trapped"}
	for _, tc := range []struct {
		name      string
		found     []rules.Finding
		ignored   []*rules.Rule
		notJudged bool
	}{
		{"no error", nil, nil, true},
		{"a warning", []rules.Finding{{Rule: rules.ProbeInvalidAccepted, Offset: -1}}, nil, true},
		{"an error", []rules.Finding{trap}, nil, false},
		{"a waived error", []rules.Finding{{Rule: rules.ProbeValidCall, Offset: -1, Waiver: "known"}}, nil, true},
		// attack pass 42h, row 1: an error of a rule the command ignores
		{"an ignored error", []rules.Finding{trap}, []*rules.Rule{rules.ProbeValidCall}, true},
		{"an error beside an ignored rule", []rules.Finding{trap}, []*rules.Rule{rules.ProbeBudget}, false},
	} {
		r := &runner{opt: Options{Budget: 220 * time.Millisecond, Ignored: tc.ignored}, res: &Result{NotRun: left, Runs: make([]RunInfo, 28), Findings: tc.found}}
		r.budgetVerdict()
		p042 := r.res.Findings[len(r.res.Findings)-1]
		var budget *BudgetError
		switch {
		case p042.Rule != rules.ProbeBudget:
			t.Fatalf("%s: no P042: %+v", tc.name, r.res.Findings)
		case tc.notJudged != errors.As(r.res.NotJudged, &budget):
			t.Errorf("%s: NotJudged %v, want not judged %v", tc.name, r.res.NotJudged, tc.notJudged)
		case tc.notJudged && (budget.LeftOut != 612 || budget.Runs != 640 || budget.Budget != r.opt.Budget):
			t.Errorf("%s: %+v", tc.name, budget)
		}
		if tc.notJudged {
			msg := r.res.NotJudged.Error()
			for _, want := range []string{"220ms", "612 of 640 runs were not made", "10 valid cases, 2 invalid cases, 600 search runs", "not judged", "raise --probe-time"} {
				if !strings.Contains(msg, want) {
					t.Errorf("%s: %q lacks %q", tc.name, msg, want)
				}
			}
		}
		for _, want := range []string{`612 of 640 runs not made: 10 valid cases, 2 invalid cases of "add"; 50 search runs of "t0"; `,
			`50 search runs of "t8"; and 3 more tools; the first not made: valid on "add" (valid: edge 0)`} {
			if !strings.Contains(p042.Message, want) {
				t.Errorf("%s: P042 %q lacks %q", tc.name, p042.Message, want)
			}
		}
		if strings.Count(p042.Message, " of \"") > maxListed || len(p042.Message) > 1000 {
			t.Errorf("%s: P042 not bounded: %q", tc.name, p042.Message)
		}
	}
	r := &runner{opt: Options{Budget: time.Second}, res: &Result{Runs: make([]RunInfo, 9)}}
	if r.budgetVerdict(); len(r.res.Findings) != 0 || r.res.NotJudged != nil {
		t.Errorf("nothing left out: %+v, %v", r.res.Findings, r.res.NotJudged)
	}
}

// TestProbesBackstopGrowsWithCopies (attack pass 46h, row 5): the
// probes' wall backstop grows by 50 times the charge of the private
// copies of /package their runs had the host make (host.Record's
// CopyCharge, host.Backstop.Grown): a backstop passed by 10 s is not past
// once the runs' copies were charged 1 s (50 s more), and is past with
// no copies; the message gives the wall time grown. The backstop (100 s
// for --probe-time 2s) was fixed, so a package of 3,000 files copied at
// every run was given up at 3% of a core as "this machine is too busy",
// where a quiet machine cut the budget. No module runs.
func TestProbesBackstopGrowsWithCopies(t *testing.T) {
	for _, c := range []struct {
		copies time.Duration
		past   bool
	}{{0, true}, {time.Second, false}, {100 * time.Millisecond, true}} {
		r := &runner{res: &Result{}, backstop: host.Backstop{Limit: 2 * time.Second, Wall: 100 * time.Second, Deadline: time.Now().Add(-10 * time.Second)}}
		r.charge(&host.Record{Elapsed: time.Millisecond, CopyCharge: c.copies}, nil, resultcheck.Work{})
		if got := r.pastBackstop("valid on add"); got != c.past {
			t.Errorf("copies charged %v: past the backstop %v, want %v", c.copies, got, c.past)
		}
		if r.moduleTime != time.Millisecond+c.copies {
			t.Errorf("copies charged %v: the budget counted %v", c.copies, r.moduleTime)
		}
		var stalled *host.StalledError
		if c.past && (!errors.As(r.res.NotJudged, &stalled) || stalled.Wall != 100*time.Second+50*c.copies) {
			t.Errorf("copies charged %v: not judged %v, want a StalledError of the wall grown", c.copies, r.res.NotJudged)
		}
	}
}
