package argsgen

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// costlyDefs is a $defs chain of anyOf of 4 $refs nested 11 levels deep,
// whose validation offlineschema.Cost puts past MaxCost.
func costlyDefs() string {
	var defs []string
	for c := 'a'; c < 'k'; c++ {
		next := string(c + 1)
		defs = append(defs, `"`+string(c)+`":{"anyOf":[{"$ref":"#/$defs/`+next+`"},{"$ref":"#/$defs/`+next+`"},{"$ref":"#/$defs/`+next+`"},{"$ref":"#/$defs/`+next+`"}]}`)
	}
	defs = append(defs, `"k":{"type":"string"}`)
	return `,"$defs":{` + strings.Join(defs, ",") + `},"allOf":[{"$ref":"#/$defs/a"}]`
}

// TestCasesWorkChargesRefusedSchema (attack pass 50b, row 1): the
// generator counted and compiled an inputSchema's patterns and then
// refused the schema, for its cost or for a $ref that resolves nowhere,
// and CasesWork returned an empty Work: 63 such tools cost the probes
// 18.4 s of CPU charged 0. The work done before the refusal is now
// returned, as for a schema used: the patterns' count and strict compile
// (Work.Compiled, in proportion to their size), or, past
// offlineschema.MaxPatternInsts, their count up to it.
func TestCasesWorkChargesRefusedSchema(t *testing.T) {
	t.Parallel()
	schema := func(k int, extra string) []byte {
		return []byte(`{"type":"object","properties":{"s":{"type":"string","pattern":"` + strings.Repeat("a{1000}", k) + `"}}` + extra + `}`)
	}
	for _, r := range []struct{ name, extra string }{
		{"unresolved $ref", `,"allOf":[{"$ref":"#/nowhere"}]`},
		{"cost past MaxCost", costlyDefs()},
	} {
		var compiled []int
		for _, k := range []int{10, 40} {
			_, _, used := CasesWork(schema(k, ""), Options{})
			cases, notes, work := CasesWork(schema(k, r.extra), Options{})
			if len(cases) != 0 || len(notes) != 1 {
				t.Fatalf("%s, %d x a{1000}: %d cases, notes %q: want the schema refused", r.name, k, len(cases), notes)
			}
			if size := offlineschema.PatternSize(strings.Repeat("a{1000}", k)); work.Compiled != 2*size || work.Compiled != used.Compiled {
				t.Errorf("%s, %d x a{1000} (%d instructions): refused, work %+v; used, %+v: want the count and the compile charged, 2 x %[3]d", r.name, k, size, work, used)
			}
			compiled = append(compiled, work.Compiled)
		}
		if compiled[1] < 3*compiled[0] {
			t.Errorf("%s: Work.Compiled %v for 10 and 40 x a{1000}: want it in proportion", r.name, compiled)
		}
	}
	cases, notes, work := CasesWork(schema(150, ""), Options{})
	if len(cases) != 0 || !strings.Contains(strings.Join(notes, ""), "past the") || work.Compiled != offlineschema.MaxPatternInsts {
		t.Errorf("150 x a{1000}: %d cases, notes %q, work %+v: want it refused past the cap, its count to the cap (%d) charged", len(cases), notes, work, offlineschema.MaxPatternInsts)
	}
}
