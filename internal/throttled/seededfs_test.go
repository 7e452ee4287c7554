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
// case) and a clean exit 0 from lint after lint. A seeded run's files now
// show the seeded clock's start until the module sets their times
// (internal/host/sandboxfs Virtual): one module, one verdict.
func TestProbeVerdictSeededFileTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module eight times")
	}
	p := subjects.CHooked(t, "FS_TIME_TRAP=16")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	seen := map[string]int{}
	for range 8 {
		code, ids, _ := budgetLint(t, bin, "", cache, nil, p)
		seen[fmt.Sprintf("exit %d [%s]", code, ids)]++
	}
	if len(seen) > 1 {
		t.Errorf("one module, eight lints, %d verdicts: %v", len(seen), seen)
	}
}
