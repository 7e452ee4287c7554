package probe_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
)

// TestCaseGenerationCharged (attack passes 48a and 48b, row 1): the
// probes generate each tool's argument cases before their first run, at
// a cost the inputSchema chooses, and the budget charged it nothing. One
// member of pattern "[abB]{1000}" four times and an "x", with a minLength
// of 8,000 no string the generator makes meets, cost 6.5 s of the probes'
// CPU (lint --probe-time 2s: exit 0 quiet, exit 3 at 3% of a core); 100
// members of "(?:[abB]{1000}x)", 20 s. Now the generator counts its own
// matching with its validations (argsgen.Work, bounded by the work one
// call may cost) and the budget charges both (probe.CaseWorkCharge,
// CaseMatchCharge): the first module is judged (its member is optional;
// none of its strings can be made) within a 2 s budget and a 3 s wall backstop, the second's
// generation spends a 2 s budget, so its second tool's cases are not
// generated and the module is not judged (a *BudgetError: exit 3 with
// the flag to raise, whatever the machine), and in each the probes'
// thread spent less CPU than the budget counted. Attack pass 48d, row 1:
// compiling the schema was charged nothing, and ten unused $defs, each a
// pattern of "x{0,1000}" 300 times, cost 8.1 s of CPU to compile; a
// schema whose patterns compile to more than 100,000 instructions is now
// not used (P041 says so) and the rest is charged. Attack pass 49b, row
// 6: 63 tools whose generation made 40,000 values each and gave up,
// validating none, cost 7.45 s of CPU counted 0 (not judged, "this
// machine is too busy"); the values made are now charged
// (probe.CaseValueCharge), so the budget runs out in the generation,
// before the machine's clock decides.
func TestCaseGenerationCharged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	h := testHost(t)
	for _, c := range []struct {
		name, ldflags string
		budgetError   bool
		findings      string // the rules found when judged
		notGenerated  string // with budgetError, the first tool whose cases the budget left out
	}{
		{"one long pattern", "-X main.n=1 -X main.k=1 -X main.boom= -X main.minLength=8000 -X main.pattern=" + strings.Repeat("[abB]{1000}", 4) + "x", false, "", ""},
		{"90 members", "-X main.n=2 -X main.k=90 -X main.boom=", true, "", "t1"},
		{"ten unused defs", "-X main.n=1 -X main.k=0 -X main.boom= -X main.defs=10", false, "P041", ""},
		// attack pass 49b, row 6: 63 tools whose
		// generation makes 40,000 values and gives up, none validated
		{"63 nested arrays", "-X main.n=63 -X main.nest=1000 -X main.boom=", true, "", "t7"},
	} {
		wasm := gowasm.Build(t, "testdata/costlyschema", "-ldflags="+c.ldflags)
		res := probeModule(t, h, wasm, probe.Options{Level: probe.Safe, Wasm: wasm, Budget: 2 * time.Second, Backstop: 3 * time.Second})
		t.Logf("%s: %d runs, %d not run; %v counted, %v of the probes' thread's CPU; not judged: %v%s", c.name, len(res.Runs), len(res.NotRun), res.Spent, res.HostCPU, res.NotJudged, messages(res.Findings))
		var stalled *host.StalledError
		var budget *probe.BudgetError
		switch {
		case errors.As(res.NotJudged, &stalled):
			t.Errorf("%s: past the wall backstop, the machine blamed: %v", c.name, res.NotJudged)
		case c.budgetError != errors.As(res.NotJudged, &budget):
			t.Errorf("%s: not judged: %v; want a budget error %v", c.name, res.NotJudged, c.budgetError)
		case res.HostCPU > res.Spent:
			t.Errorf("%s: the probes' thread spent %v of CPU, more than the %v counted", c.name, res.HostCPU, res.Spent)
		}
		if !c.budgetError {
			if strings.Join(ruleIDs(res.Findings), " ") != c.findings || len(res.NotRun) > 0 {
				t.Errorf("%s: not run %v, findings%s; want every run made and %q", c.name, res.NotRun, messages(res.Findings), c.findings)
			}
			continue
		}
		if !strings.Contains(messages(res.Findings), "for generating the tools' arguments") ||
			!slices.ContainsFunc(res.NotRun, func(l probe.LeftOut) bool { return l.Tool == c.notGenerated && l.Case == "every case (not generated)" }) {
			t.Errorf("%s: the generation's charge is not said, or %s's cases were generated past the budget: not run %v%s", c.name, c.notGenerated, res.NotRun, messages(res.Findings))
		}
	}
}
