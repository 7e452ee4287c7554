package probe

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
)

// TestCaseFoldedRangesPatternNotParsed (attack pass 49b, row 2): a
// pattern "(?i)[" + ranges "B-\U0001E942" + "]" is one instruction, but
// Go's parser folds each range rune by rune (2-3 ms a range): 500 ranges
// cost the probes' thread 17.2 s, charged 304 µs, as PatternSize counted
// 3. Counted before parsing now, 100 ranges are past MaxPatternInsts and
// the generator refuses the inputSchema without parsing it (P041).
func TestCaseFoldedRangesPatternNotParsed(t *testing.T) {
	p := "(?i)[" + strings.Repeat("B-\U0001E942", 100) + "]"
	schema, _ := json.Marshal(map[string]any{"type": "object", "required": []string{"s"},
		"properties": map[string]any{"s": map[string]any{"type": "string", "pattern": p}}})
	if n := offlineschema.PatternSize(p); n <= offlineschema.MaxPatternInsts {
		t.Fatalf("PatternSize %d, within MaxPatternInsts", n)
	}
	cases, notes, _ := argsgen.CasesWork(schema, argsgen.Options{})
	if len(cases) != 0 || len(notes) != 1 || !strings.Contains(notes[0], "past the") {
		t.Errorf("%d cases, notes %q; want none, and the patterns' size named", len(cases), notes)
	}
	casesCharged(t, schema)
}
