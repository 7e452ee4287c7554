package probe

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// What the probes do when their budget (Options.Budget) leaves runs out.
//
// The budget counts the module's own time, which does not move with the
// machine's load for compute, but does for memory-bound work (a throttled
// thread refills its caches each time it is let run), and moves run to
// run by milliseconds for a module that touches megabytes a call (attack
// pass 42c: ~15 ms of such work a call quiet, ~24 ms at 3% of a core, so
// a budget that reached the broken edge case quiet left it out loaded,
// and a budget cutting near a run drew exit 1 or 0 run to run). Which runs
// fit is so not a function of the module alone, and a cut that leaves a
// clean record is no verdict: the probes say the module is not judged
// (Result.NotJudged, a *BudgetError; the command exits 3, naming the
// budget and --probe-time). An error the runs made found stands whatever
// was left out (exit 1): it is real, and no run left out takes it back.
// P042 (info) lists what was left out in either case.

// LeftOut is what the budget left out of the probes: one run, or the
// search's runs of a tool.
type LeftOut struct {
	Probe, Tool string
	Case        string // the run's case, "" for none (the protocol probes, the search)
	Runs        int    // 1, or the search's runs not made
}

// BudgetError is Result.NotJudged when the probes' budget left runs out
// and the runs made found no error: the module is not judged.
type BudgetError struct {
	Budget  time.Duration
	LeftOut int    // runs not made
	Runs    int    // runs planned: made and not made
	What    string // the kinds of run not made, e.g. "4 valid cases, 1 invalid case"
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the probes' budget of %v (--probe-time) ran out before any error was found: %d of %d runs were not made (%s), "+
		"so the module is not judged: raise --probe-time to judge it", e.Budget, e.LeftOut, e.Runs, e.What)
}

// budgetVerdict adds P042 when runs were left out, and makes the probes
// not judged (BudgetError) when no error was found.
func (r *runner) budgetVerdict() {
	left := 0
	for _, l := range r.res.NotRun {
		left += l.Runs
	}
	if left == 0 {
		return
	}
	made := len(r.res.Runs)
	judging := ""
	if j := r.judging.Round(time.Millisecond); j > 0 {
		judging = fmt.Sprintf(", and %v for judging their answers by size, nesting and outputSchema work", j)
	}
	if g := r.generating.Round(time.Millisecond); g > 0 {
		judging += fmt.Sprintf(", and %v for generating the tools' arguments by the work their inputSchemas asked (values made, validated, matched and compiled)", g)
	}
	r.res.Findings = append(r.res.Findings, rules.Finding{Rule: rules.ProbeBudget, Offset: -1, Message: fmt.Sprintf(
		"the probes' budget of %v ran out (--probe-time: the module's own time in their runs, and %v a run for the host's work%s): "+
			"%d of %d runs not made: %s; the first not made: %s",
		r.opt.Budget, RunCharge, judging, left, made+left, leftOutByTool(r.res.NotRun), firstLeftOut(r.res.NotRun[0]))})
	if r.res.NotJudged != nil || r.res.Err != nil || foundError(r.res.Findings, r.opt.Ignored) {
		return
	}
	r.res.NotJudged = &BudgetError{Budget: r.opt.Budget, LeftOut: left, Runs: made + left, What: kinds(r.res.NotRun)}
}

// foundError says whether a finding is an error the package did not
// waive, of a rule the command reports (not ignored).
func foundError(fs []rules.Finding, ignored []*rules.Rule) bool {
	return slices.ContainsFunc(fs, func(f rules.Finding) bool {
		return f.Severity() == rules.Error && f.Waiver == "" && !slices.Contains(ignored, f.Rule)
	})
}

// leftOutByTool says what was left out of each tool, the first maxListed
// tools, e.g. `4 valid cases and 1 invalid case of "add"; the search's 75 runs of "sub"`.
func leftOutByTool(runs []LeftOut) string {
	var tools []string
	for _, l := range runs {
		if !slices.Contains(tools, l.Tool) {
			tools = append(tools, l.Tool)
		}
	}
	var parts []string
	for _, t := range tools[:min(len(tools), maxListed)] {
		var of []LeftOut
		for _, l := range runs {
			if l.Tool == t {
				of = append(of, l)
			}
		}
		parts = append(parts, kinds(of)+" of "+quote(t))
	}
	if len(tools) > maxListed {
		parts = append(parts, fmt.Sprintf("and %d more tools", len(tools)-maxListed))
	}
	return strings.Join(parts, "; ")
}

// kinds counts runs by probe (a handful of kinds), in the order the
// probes came, e.g. "4 valid cases, 1 invalid case, the pause probe".
func kinds(runs []LeftOut) string {
	var probes []string
	count := map[string]int{}
	for _, l := range runs {
		if count[l.Probe] == 0 {
			probes = append(probes, l.Probe)
		}
		count[l.Probe] += l.Runs
	}
	var parts []string
	for _, p := range probes {
		n := count[p]
		switch {
		case p == ProbeValid || p == ProbeInvalid:
			parts = append(parts, textutil.Plural(n, p+" case"))
		case p == probeSearch:
			parts = append(parts, textutil.Plural(n, "search run"))
		case n == 1:
			parts = append(parts, "the "+p+" probe")
		default:
			parts = append(parts, textutil.Plural(n, p+" run"))
		}
	}
	return strings.Join(parts, ", ")
}

// firstLeftOut names the first run left out, with its case: where the
// budget cut.
func firstLeftOut(l LeftOut) string {
	s := l.Probe + " on " + quote(l.Tool)
	if l.Case != "" {
		s += " (" + textutil.Truncate(l.Case, 120) + ")"
	}
	return s
}
