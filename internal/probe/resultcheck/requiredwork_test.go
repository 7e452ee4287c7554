package resultcheck

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestRequiredAnswerBounded (attack pass 45d, row 3): Check on a 6 KB
// result (1,000 empty objects) against a 58 KB outputSchema whose items
// require 10,000 names validated it (work ~1,000, far under
// offlineschema.MaxWork), and each object's failure kept its own list of
// the 10,000 missing names (findMissing, kind.Required): 1,230 MiB
// allocated, where docs/serve-limits.md promises about 150 MiB at worst
// for a whole validation. required now costs its names in Cost.Work, so
// the answer is not validated (NotChecked) and the judging stays small.
func TestRequiredAnswerBounded(t *testing.T) {
	names := make([]string, 10000)
	for i := range names {
		names[i] = `"` + strconv.FormatInt(int64(i), 36) + `"`
	}
	schema := `{"type":"object","properties":{"r":{"type":"array","items":{"required":[` + strings.Join(names, ",") + `]}}}}`
	structured := `{"r":[` + strings.TrimSuffix(strings.Repeat("{},", 1000), ",") + `]}`
	result := `{"content":[{"type":"text","text":` + strconv.Quote(structured) + `}],"structuredContent":` + structured + `}`
	// The schema compiled once first, so only the validation is measured.
	_ = Check(json.RawMessage(`{"content":[],"structuredContent":{"r":[]}}`), json.RawMessage(schema))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	problems := Check(json.RawMessage(result), json.RawMessage(schema))
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("schema %d bytes, answer %d bytes: %d MiB allocated; problems %d", len(schema), len(result), alloc>>20, len(problems))
	if len(problems) != 1 || problems[0].Kind != NotChecked {
		t.Errorf("problems %v; want one %s", problems, NotChecked)
	}
	if alloc > 150<<20 {
		t.Errorf("judging a %d-byte answer allocated %d MiB, past MaxWork's ~150 MiB at worst for a whole validation", len(result), alloc>>20)
	}
}
