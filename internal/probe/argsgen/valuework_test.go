package argsgen

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// nestedArrays is attack pass 49b, row 6's inputSchema: one required array
// of at least n arrays of at least n integers.
func nestedArrays(n int) []byte {
	return []byte(fmt.Sprintf(`{"type":"object","required":["a"],"properties":{"a":{"type":"array","minItems":%d,"items":{"type":"array","minItems":%[1]d,"items":{"type":"integer"}}}}}`, n))
}

// TestCasesWorkCountsValuesMade (attack pass 49b, row 6): a schema whose
// smallest value is a million integers has the generator make MaxNodes
// values twice (every member, then the required ones) and give up before
// any validation; Work.Values counts them, and the reading of a schema
// under a long location, so that the probes charge them.
func TestCasesWorkCountsValuesMade(t *testing.T) {
	t.Parallel()
	cases, notes, work := CasesWork(nestedArrays(1000), Options{})
	if len(cases) != 0 || len(notes) == 0 || work.Validation != 0 {
		t.Fatalf("cases %d, notes %q, work %+v: want none made, a note, nothing validated", len(cases), notes, work)
	}
	if work.Values < 2*20000 {
		t.Errorf("work %+v: want at least the 40,000 values made counted", work)
	}
	long := strings.Replace(string(nestedArrays(1000)), `"a"`, `"`+strings.Repeat("k", 4<<10)+`"`, 2)
	_, _, longWork := CasesWork([]byte(long), Options{})
	if longWork.Values < 4*work.Values {
		t.Errorf("work %+v under a member named with 4 KiB, %+v under \"a\": want a step a KiB of location read", longWork, work)
	}
	_, _, small := CasesWork([]byte(`{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"}}}`), Options{Cover: 5})
	if small.Values == 0 || small.Values > 100 {
		t.Errorf("a small schema's work %+v: want a few values counted", small)
	}
}

// TestShrinkerStopsAtItsChecks: Smaller made and encoded every candidate
// (a copy of args) after its validations were spent, an object of 4,000
// members 20,000 of them; it now stops there, and counts each candidate's
// KiBs in Work.Values.
func TestShrinkerStopsAtItsChecks(t *testing.T) {
	t.Parallel()
	props, args := map[string]any{}, map[string]any{}
	for i := range 300 {
		props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
		args[fmt.Sprintf("p%d", i)] = "abcdefgh"
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "properties": props})
	a, _ := json.Marshal(args)
	sh, err := NewShrinker(schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	sh.Work()
	sh.Smaller(a, true)
	w := sh.Work()
	perCandidate := 1 + len(a)>>10
	if w.Values == 0 || w.Values > 2*maxShrinkChecks*perCandidate {
		t.Errorf("work %+v: want at most %d candidates of %d bytes counted", w, 2*maxShrinkChecks, len(a))
	}
}
