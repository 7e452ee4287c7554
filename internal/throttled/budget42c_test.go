package throttled

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// The probes' budget (--probe-time) is the module's own time in their runs
// plus 1 ms a run, and a module's own time on memory-bound work grows on a
// throttled thread and moves run to run by milliseconds (each run is a
// fresh instance whose pages are touched anew). So which runs a budget
// lets start can change with the machine's load and run to run (attack
// pass 42c, rows 1-3). What must not change is that the verdict is judged
// or says it was not: a cut that leaves runs out of a clean record makes
// the module not judged (exit 3, naming --probe-time), and an error found
// stands (exit 1); never a clean exit 0. The subject is the C probe
// subject add.c built with WORK_ITER: random reads and writes over a
// static 8 MiB array at the start of every call.

// budgetLint runs subakogo lint --format json with flags on path (in the
// cgroup group unless it is "") and returns its exit code, its findings'
// rules and its stderr.
func budgetLint(t *testing.T, bin, group, cache string, flags []string, path string) (int, string, string) {
	t.Helper()
	args := append(append([]string{"lint", "--format", "json"}, flags...), path)
	cmd := exec.Command(bin, args...)
	if group != "" {
		cmd = exec.Command("/bin/sh", append([]string{"-c", `echo $$ > "$0/cgroup.procs" && exec "$@"`, group, bin}, args...)...)
	}
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("lint: %v\n%s", err, stderr.Bytes())
	}
	var rep struct {
		Files []struct {
			Findings []struct{ Rule string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("lint's JSON (exit %d): %v\n%s\n%s", code, err, stdout.Bytes(), stderr.Bytes())
	}
	var ids []string
	for _, f := range rep.Files {
		for _, fd := range f.Findings {
			ids = append(ids, fd.Rule)
		}
	}
	slices.Sort(ids)
	return code, strings.Join(ids, " "), stderr.String()
}

// judgedOrSaysNot says what is wrong with a lint of a module whose valid
// call traps at an edge the budget may leave out: exit 1 with the error
// found (P030, and P042 when runs were left out), or exit 3 with no
// findings saying the module is not judged, either because the budget
// left runs out (naming --probe-time) or because the wall-clock backstop
// gave up on a machine too busy to give the throttled run its time
// (host.StalledError: CI's 3% of a core shared with the other packages'
// tests drew it once at 4m10s for 5s); "" when it is one of them.
func judgedOrSaysNot(code int, ids, stderr string) string {
	switch {
	case code == 1 && strings.Contains(ids, "P030"):
		return ""
	case code == 3 && ids == "" && strings.Contains(stderr, "so the module is not judged: raise --probe-time"):
		return ""
	case code == 3 && ids == "" && strings.Contains(stderr, "this machine is too busy (or the host is stuck), so it is not judged"):
		return ""
	}
	return fmt.Sprintf("exit %d, findings %q, stderr %q: want exit 1 with P030, or exit 3 not judged (naming --probe-time, or the machine too busy)", code, ids, stderr)
}

// TestBudgetCutThrottledNeverPasses (attack pass 42c, row 1): the C
// subject MAX_TRAP (a or b at 1000000 traps) doing 200,000 random
// accesses over 8 MiB in every call (14-16 ms of its own time a call
// quiet, 24 ms at 3% of a core). With --probe-time 220ms the probes found
// the trap quiet (P030, exit 1) and left it out at 3% of a core with a
// clean exit 0 (P042 info only). Each lint, quiet or throttled, must now
// give exit 1 with the trap or exit 3, not judged.
func TestBudgetCutThrottledNeverPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module at 3% of a core")
	}
	if err := canThrottle(); err != nil {
		t.Skip(err)
	}
	p := subjects.CHooked(t, "MAX_TRAP", "WORK_ITER=200000")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	flags := []string{"--probe-time", "220ms"}
	code, ids, stderr := budgetLint(t, bin, "", cache, flags, p) // fills the cache too
	if why := judgedOrSaysNot(code, ids, stderr); why != "" {
		t.Errorf("unthrottled: %s", why)
	}
	t.Logf("unthrottled: exit %d, %s", code, ids)
	group := throttleGroup(t, throttledPercent)
	for i := range 2 {
		code, ids, stderr := budgetLint(t, bin, group, cache, flags, p)
		if why := judgedOrSaysNot(code, ids, stderr); why != "" {
			t.Errorf("run %d at %d%% of a core: %s", i+1, throttledPercent, why)
		}
		t.Logf("run %d at %d%% of a core: exit %d, %s %s", i+1, throttledPercent, code, ids, strings.TrimSpace(stderr))
	}
}

// TestBudgetCutRunToRunNeverPasses (attack pass 42c, row 2): on a quiet
// machine the same lint of the same module (MAX_TRAP with 200,000
// memory-bound accesses a call) drew exit 1 1 1 1 0 0 1 1 at --probe-time
// 160ms: the module's own time a run varies by milliseconds, so a budget
// cutting near a run lets the trapping case start or not. Which runs
// start may still vary; the verdict must be exit 1 with the trap or exit
// 3, not judged, on every run. (The shrunk arguments of a P030 can still
// differ when the budget ends the shrink: docs/probe-arguments.md.)
func TestBudgetCutRunToRunNeverPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module twenty-four times")
	}
	p := subjects.CHooked(t, "MAX_TRAP", "WORK_ITER=200000")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	for _, budget := range []string{"160ms", "200ms"} {
		seen := map[string]int{}
		for range 12 {
			code, ids, stderr := budgetLint(t, bin, "", cache, []string{"--probe-time", budget}, p)
			if why := judgedOrSaysNot(code, ids, stderr); why != "" {
				t.Errorf("--probe-time %s: %s", budget, why)
			}
			seen[fmt.Sprintf("exit %d %s", code, ids)]++
		}
		t.Logf("--probe-time %s: %v", budget, seen)
	}
}

// TestDeepSearchCutThrottledNeverPasses (attack pass 42c, row 3):
// --probes=deep on the C search subject STAGED (level 347, note
// "open-sesame!" and from 271 together trap) doing 50,000 random accesses
// over 8 MiB in every call. With --probe-time 5s the search made 153-156
// runs quiet and found the trap (P030, exit 1); at 3% of a core the phases
// before the search spent the budget, the search made none, and lint
// exited 0. The search's runs are counted in runs; the time budget still
// bounds them, and a search it cuts is now no clean pass: exit 1 with the
// trap or exit 3, not judged.
func TestDeepSearchCutThrottledNeverPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("a deep lint at 3% of a core takes minutes")
	}
	if err := canThrottle(); err != nil {
		t.Skip(err)
	}
	p := subjects.CHooked(t, "STAGED", "WORK_ITER=50000")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	// 2s rather than the pass's 5s: the search is cut either way at 3% of
	// a core, and each throttled second of probe time is some 40 s of CI.
	flags := []string{"--probes=deep", "--probe-time", "2s"}
	code, ids, stderr := budgetLint(t, bin, "", cache, flags, p)
	if why := judgedOrSaysNot(code, ids, stderr); why != "" {
		t.Errorf("unthrottled: %s", why)
	}
	t.Logf("unthrottled: exit %d, %s", code, ids)
	code, ids, stderr = budgetLint(t, bin, throttleGroup(t, throttledPercent), cache, flags, p)
	if why := judgedOrSaysNot(code, ids, stderr); why != "" {
		t.Errorf("at %d%% of a core: %s", throttledPercent, why)
	}
	t.Logf("at %d%% of a core: exit %d, %s %s", throttledPercent, code, ids, strings.TrimSpace(stderr))
}
