package throttled

import (
	"fmt"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// Attack pass 42h: "a verdict is judged or says it was not (exit 3)".
// The probes decided "not judged" (probe.budgetVerdict, foundError)
// before the command dropped the findings of the rules named by --ignore
// (cmd/subakogo withoutIgnored). So an error the runs made found kept the
// verdict "judged" inside the probes, --ignore then dropped that error,
// and lint exited 0 with runs left out: a clean pass of a module not fully
// judged, whose left-out runs held another error. Now the probes are told
// of the ignored rules (probe.Options.Ignored), and an ignored error makes
// no cut judged.
//
// Subject: the C probe subject add.c with STRING_ID (a numeric id echoed as a
// string: P038 on the integer-id probe, an early run) and MAX_TRAP (a or b
// at 1000000 traps: P030 on a valid edge case, a later run).

// judgedOrSaysNotIgnored says what is wrong with a lint --ignore P038 of that
// subject: it must exit 1 with P030 (the runs reached the trap) or exit 3
// not judged (the budget left runs out and nothing unwaived was found).
func judgedOrSaysNotIgnored(code int, ids, stderr string) string {
	switch {
	case code == 1 && strings.Contains(ids, "P030"):
		return ""
	case code == 3 && strings.Contains(stderr, "not judged"):
		return ""
	}
	return fmt.Sprintf("exit %d, findings %q, stderr %q: want exit 1 with P030, or exit 3 not judged naming --probe-time",
		code, ids, strings.TrimSpace(stderr))
}

// TestBudgetCutIgnoredErrorNotJudged (attack pass 42h, row 1): deterministic, no root. With the default
// budget, lint finds P030 and P038 (exit 1). With --ignore P038 and a
// budget that cuts after the integer-id probe (6ms: 1 ms a run charged,
// the runs' own time ~0.1-0.3 ms, so 4 or 5 runs fit: the pause probe,
// the first call, integer-id, large-id, string-id), the probes found P038,
// so they were "judged"; --ignore dropped it, and lint exited 0 with only
// P042 info saying 9 of 14 runs were not made. Now it exits 3. Promised
// (docs/time-model.md, "The probes' budget"): "a cut never passes a
// module: when the runs made found no error, the module is not judged
// (exit 3 ...)".
func TestBudgetCutIgnoredErrorNotJudged(t *testing.T) {
	p := subjects.CHooked(t, "STRING_ID", "MAX_TRAP")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	code, ids, stderr := budgetLint(t, bin, "", cache, []string{"--ignore", "P038"}, p)
	if code != 1 || !strings.Contains(ids, "P030") {
		t.Fatalf("uncut lint --ignore P038: exit %d, %q, %s: want exit 1 with P030 (the subject's trap)", code, ids, stderr)
	}
	for _, budget := range []string{"6ms", "8ms"} {
		code, ids, stderr := budgetLint(t, bin, "", cache, []string{"--ignore", "P038", "--probe-time", budget}, p)
		if why := judgedOrSaysNotIgnored(code, ids, stderr); why != "" {
			t.Errorf("lint --ignore P038 --probe-time %s: %s", budget, why)
		}
	}
}

// TestBudgetCutIgnoredErrorThrottled (attack pass 42h, row 2): the same under load, at a budget a
// quiet machine does not cut before the trap. The subject does 200,000
// random accesses over 8 MiB a call (WORK_ITER, attack pass 42c); with
// --ignore P038 --probe-time 220ms a quiet lint finds P030 (exit 1, 3 of
// 3), and at 3% of a core the budget is spent before the trapping edge
// case and lint exits 0 (2 of 2): the exit code changes with load, and
// the loaded verdict is a clean pass of a module not judged.
func TestBudgetCutIgnoredErrorThrottled(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module at 3% of a core")
	}
	if err := canThrottle(); err != nil {
		t.Skip(err)
	}
	p := subjects.CHooked(t, "STRING_ID", "MAX_TRAP", "WORK_ITER=200000")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	flags := []string{"--ignore", "P038", "--probe-time", "220ms"}
	code, ids, stderr := budgetLint(t, bin, "", cache, flags, p)
	if why := judgedOrSaysNotIgnored(code, ids, stderr); why != "" {
		t.Errorf("unthrottled: %s", why)
	}
	t.Logf("unthrottled: exit %d, %s", code, ids)
	code, ids, stderr = budgetLint(t, bin, throttleGroup(t, throttledPercent), cache, flags, p)
	if why := judgedOrSaysNotIgnored(code, ids, stderr); why != "" {
		t.Errorf("at %d%% of a core: %s", throttledPercent, why)
	}
	t.Logf("at %d%% of a core: exit %d, %s", throttledPercent, code, ids)
}
