package probe

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// TestOutputSchemaValuesCharged: an outputSchema's compile (quadratic in
// its subschemas) is charged by its JSON values as an inputSchema's
// reading is, up to offlineschema.MaxSchemaValues (past it resultcheck
// does not compile it); a small one is free. Was: patterns only, so 9,000
// {} in an anyOf were charged nothing.
func TestOutputSchemaValuesCharged(t *testing.T) {
	charge := func(n int) int64 {
		r := &runner{res: &Result{}}
		r.outputSchemaCompiled(json.RawMessage(`{"anyOf":[` + strings.TrimSuffix(strings.Repeat("{},", n), ",") + `]}`))
		return int64(r.generating)
	}
	if c := charge(10); c != 0 {
		t.Errorf("10 {}: charged %d ns, want 0 (within caseFreeSchema)", c)
	}
	small, big, past := charge(3_000), charge(9_000), charge(3*offlineschema.MaxSchemaValues)
	if small <= 0 || big <= 2*small || past != charge(offlineschema.MaxSchemaValues) {
		t.Errorf("3,000 {}: %d ns, 9,000: %d ns, %d: %d ns; want growing with the values, capped at MaxSchemaValues", small, big, 3*offlineschema.MaxSchemaValues, past)
	}
}
