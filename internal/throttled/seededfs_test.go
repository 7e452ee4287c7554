package throttled

import (
	"fmt"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestProbeVerdictSeededFileTimes (attack pass 43c, row 1): the probes'
// runs are seeded so that a case runs the same way every time, but each
// run's fresh volume showed the real file system's times: a module that
// hashes /volume/tmp's mtime and traps on one value in 16 of the hash drew,
// on a quiet machine, exit 1 with P030, exit 1 with P031 (another smallest
// case) and a clean exit 0 from lint after lint. A seeded run's volume now
// shows times drawn from the seeded clock's start and the seed until the
// module sets them (internal/host/sandboxfs Virtual): one module, one
// verdict.
//
// That start is the probing's real start (a fixed date told the module it
// was probed: attack pass 49a, row 5), so this module's verdict hangs on
// the date, as it would on Subako; lint --wall-start gives the date back
// and makes the verdict again (CI of stop 49: 7 lints exit 0, 1 exit 1).
func TestProbeVerdictSeededFileTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module eight times")
	}
	p := subjects.CHooked(t, "FS_TIME_TRAP=16")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	// The module's hash of /volume/tmp's mtime traps in a run of the
	// second start (3 ns later), in none of the first's. (Each run's volume
	// shows a setup's time before the start drawn from its seed since
	// attack pass 51a, row 2; until then the trap was 6 ns later.)
	for start, want := range map[string]int{"2026-12-07T18:00:00Z": 0, "2026-12-07T18:00:00.000000003Z": 1} {
		seen := map[string]int{}
		codes := map[int]bool{}
		for range 4 {
			code, ids, _ := budgetLint(t, bin, "", cache, []string{"--wall-start", start}, p)
			seen[fmt.Sprintf("exit %d [%s]", code, ids)]++
			codes[code] = true
		}
		if len(seen) > 1 || !codes[want] {
			t.Errorf("--wall-start %s: four lints, %d verdicts: %v (want all exit %d)", start, len(seen), seen, want)
		}
	}
}
