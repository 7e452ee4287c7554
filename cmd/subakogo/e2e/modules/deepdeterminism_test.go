package modules

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestDeepSearchDeterministic (attack pass 40o, row 2): the same module is
// searched the same way on every run of lint --probes=deep
// (docs/probe-arguments.md). Before the probes' calls were seeded, three
// lints of one small Go module reported "403 runs, 4 cases kept", "407
// runs, 4 cases kept" and "408 runs, 3 cases kept": the Go runtime seeds
// its maps from random_get (then crypto/rand) and reads the wall clock, so
// which functions a covered run entered, and so which cases were kept,
// spliced and mutated, changed from run to run.
func TestDeepSearchDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module and lints it three times with --probes=deep")
	}
	wasm := gowasm.Path(t, "testdata/onetool")
	var first string
	for i := range 3 {
		_, stdout, stderr := runCLI("lint", "--probes=deep", wasm)
		line := ""
		for _, l := range strings.Split(stdout, "\n") {
			if at := strings.Index(l, "the probes' search reached"); at >= 0 {
				line = l[at:]
			}
		}
		if line == "" {
			t.Fatalf("lint %d: no search line\nstdout: %s\nstderr: %s", i, stdout, stderr)
		}
		if i == 0 {
			first = line
		} else if line != first {
			t.Errorf("lint %d searched otherwise: %q, the first %q", i, line, first)
		}
	}
}
