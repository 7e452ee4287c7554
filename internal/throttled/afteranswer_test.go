package throttled

import (
	"fmt"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// A wait a module asks for after its answer (an idle server's poll for its
// next request, a sleep before it reads on) waits for the host, which
// sends the next request or closes stdin, as a real pipe does: the host's
// wait for the answer ends as the module writes it, on the guest's thread
// (internal/host TestPollAfterAnswerCharged, TestDiscoveryIdlePoll,
// TestSleepAfterAnswerExitGrace). It ended once the host's goroutine had
// read the answer, so whether the wait was granted against the spent wait
// was a race of two threads, and lint's verdict moved run to run (attack
// pass 43c, rows 3-5). The subject is the C probe subject add.c with
// IDLE_POLL, IDLE_POLL_ALL, SLEEP_AFTER and GAP_ITER.

// lintVerdictsAfterAnswer lints path n times quiet and, when this machine can
// throttle, once at 3% of a core, and counts the verdicts.
func lintVerdictsAfterAnswer(t *testing.T, path string, flags []string, n int) map[string]int {
	t.Helper()
	bin := subakogoBinary(t)
	cache := t.TempDir()
	seen := map[string]int{}
	for range n {
		code, ids, _ := budgetLint(t, bin, "", cache, flags, path)
		seen[fmt.Sprintf("exit %d [%s]", code, ids)]++
	}
	if err := canThrottle(); err != nil {
		t.Logf("not throttled: %v", err)
		return seen
	}
	code, ids, _ := budgetLint(t, bin, throttleGroup(t, throttledPercent), cache, flags, path)
	seen[fmt.Sprintf("exit %d [%s]", code, ids)]++
	return seen
}

// TestIdlePollVerdict (attack pass 43c, rows 3 and 4): an idle server that
// answers, spins 5,000 iterations and polls stdin 2.9 s for its next
// request is clean every lint. Its poll was charged 2.9 s or nothing a
// run, so the probes' budget held all 14 runs or not: six lints drew exit
// 0 (P036) once and exit 3 (not judged, 1 to 6 runs not made) five
// times. The same server polling after discovery's answers too
// (IDLE_POLL_ALL) gets tools/list in its poll and is clean with
// --probes=none; it drew P008 "no answer to tools/list" (exit 1) run to
// run, and every run with no spin.
func TestIdlePollVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module eight times")
	}
	for _, c := range []struct {
		defs  []string
		flags []string
	}{
		{[]string{"IDLE_POLL=2900", "GAP_ITER=5000"}, nil},
		{[]string{"IDLE_POLL=2900", "IDLE_POLL_ALL", "GAP_ITER=5000"}, []string{"--probes=none"}},
		{[]string{"IDLE_POLL=2900", "IDLE_POLL_ALL"}, []string{"--probes=none"}},
	} {
		seen := lintVerdictsAfterAnswer(t, subjects.CHooked(t, c.defs...), c.flags, 6)
		if len(seen) != 1 || seen["exit 0 []"] == 0 {
			t.Errorf("%v %v: %v; want exit 0 with no findings every lint", c.defs, c.flags, seen)
		}
	}
}

// TestSleepAfterAnswerVerdict (attack pass 43c, row 5): a module that
// answers, spins, sleeps 1.5 s and only then reads on and exits at end of
// input overruns its 1 s exit grace, P039 as the C subject SLOW_EXIT is,
// every lint. With a spin of 2,500 iterations it drew P039 or a clean
// exit 0 run to run (six lints: 1 1 0 1 0 1), and with none it was clean
// every time.
func TestSleepAfterAnswerVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module eight times")
	}
	for _, gap := range []string{"0", "2500"} {
		seen := lintVerdictsAfterAnswer(t, subjects.CHooked(t, "SLEEP_AFTER=1500", "GAP_ITER="+gap), nil, 6)
		if len(seen) != 1 || seen["exit 1 [P039]"] == 0 {
			t.Errorf("GAP_ITER=%s: %v; want exit 1 with P039 every lint", gap, seen)
		}
	}
}
