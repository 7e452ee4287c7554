package cli

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
)

// tuneGCChild marks the test binary run again by
// TestTuneGCIgnoresEnvironment.
const tuneGCChild = "SUBAKO_TEST_TUNEGC_CHILD"

// TestTuneGCIgnoresEnvironment (attack pass 44e, row 2): a module's own
// time is its thread's CPU time, which holds the collector's assists for
// what the host's functions allocate on it; TuneGC left a GOGC of the
// environment as it was and never looked at GOMEMLIMIT, so GOMEMLIMIT=1MiB
// made the same call 1.5-2.7x slower in its own time and moved a verdict.
// The runtime reads both at start, so the test binary runs again with them
// set and reports its collector after TuneGC.
func TestTuneGCIgnoresEnvironment(t *testing.T) {
	if mode := os.Getenv(tuneGCChild); mode != "" {
		TuneGC(mode == "up")
		pct := debug.SetGCPercent(0)
		fmt.Printf("gc=%d limit=%d\n", pct, debug.SetMemoryLimit(-1))
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for mode, pct := range map[string]int{"short": gcPercent, "up": 100} {
		cmd := exec.Command(exe, "-test.run=^TestTuneGCIgnoresEnvironment$", "-test.count=1")
		cmd.Env = append(os.Environ(), tuneGCChild+"="+mode, "GOGC=1", "GOMEMLIMIT=1MiB")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v: %s", mode, err, out)
		}
		want := fmt.Sprintf("gc=%d limit=%d", pct, int64(math.MaxInt64))
		if got, _, _ := strings.Cut(string(out), "\n"); got != want {
			t.Errorf("a %s command started with GOGC=1 GOMEMLIMIT=1MiB runs with %q, want %q: the user's collector settings are charged to the module's own time", mode, got, want)
		}
	}
}
