package resultcheck

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCaseFoldedRangesNotCompiled (attack pass 49b, row 3): a draft-07
// outputSchema's "format": "regex" value is compiled at every judged
// result, and "(?i)[" + 500 ranges "B-\U0001E942" + "]" (a 6 KB answer)
// cost the judging 3.45 s of the thread's CPU, charged ~26 ms, counted 3
// instructions: Go's parser folds each range rune by rune. Counted before
// parsing now, 100 ranges are past the work a validation may take, and
// the value is left unvalidated with a finding; as an outputSchema's own
// pattern, the schema is refused before it is compiled.
func TestCaseFoldedRangesNotCompiled(t *testing.T) {
	p := "(?i)[" + strings.Repeat("B-\U0001E942", 100) + "]"
	schema := json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"s":{"type":"string","format":"regex"}}}`)
	sc, _ := json.Marshal(map[string]any{"s": p})
	result, _ := json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": string(sc)}}, "structuredContent": map[string]any{"s": p}})
	problems, _ := JudgeWork(result, schema, "", false)
	if len(problems) != 1 || problems[0].Kind != NotChecked {
		t.Errorf("a format: regex value of 100 folded ranges: problems %v, want it not checked", problems)
	}
	pattern, _ := json.Marshal(map[string]any{"type": "object", "properties": map[string]any{"s": map[string]any{"type": "string", "pattern": p}}})
	sc, _ = json.Marshal(map[string]any{"s": "x"})
	result, _ = json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": string(sc)}}, "structuredContent": map[string]any{"s": "x"}})
	problems, _ = JudgeWork(result, pattern, "", false)
	if len(problems) != 1 || !strings.Contains(problems[0].Detail, "past the") {
		t.Errorf("an outputSchema pattern of 100 folded ranges: problems %v, want the schema refused", problems)
	}
}
