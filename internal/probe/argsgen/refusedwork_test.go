package argsgen

import (
	"strconv"
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

// TestCasesWorkChargesSchemaReadingUsedOrRefused (attack pass 50d, row
// 3): a schema of n nested objects and no pattern, refused for its cost
// after it was decoded, estimated and compiled, was charged Work{}: 528
// KB cost 0.66-0.97 s of CPU charged nothing. Its JSON values (and one a
// 64 bytes) are now charged (Work.Schema), used or refused, in proportion
// to its size; past offlineschema.MaxSchemaValues it is refused before any compile, its
// decoding charged.
func TestCasesWorkChargesSchemaReadingUsedOrRefused(t *testing.T) {
	t.Parallel()
	schema := func(n int, extra string) []byte {
		var props []string
		for i := range n {
			props = append(props, `"p`+strconv.Itoa(i)+`":{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":9},"b":{"enum":["x","y","z"]}},"required":["a"]}`)
		}
		return []byte(`{"type":"object","properties":{` + strings.Join(props, ",") + `}` + extra + `}`)
	}
	var charged []int
	for _, n := range []int{50, 200} {
		_, _, used := CasesWork(schema(n, ""), Options{})
		cases, notes, refused := CasesWork(schema(n, costlyDefs()), Options{})
		if len(cases) != 0 || len(notes) != 1 || !strings.Contains(notes[0], "not used") {
			t.Fatalf("%d properties: %d cases, notes %q: want the schema refused for its cost", n, len(cases), notes)
		}
		if refused.Schema <= 14*n || refused.Schema <= used.Schema || used.Schema <= 14*n {
			t.Errorf("%d properties (14 JSON values each): refused, work %+v; used, %+v: want the schema's values charged both ways", n, refused, used)
		}
		charged = append(charged, refused.Schema)
	}
	if charged[1] < 3*charged[0] {
		t.Errorf("Work.Schema %v refused for 50 and 200 properties: want it in proportion", charged)
	}
	s := schema(4000, costlyDefs())
	cases, notes, work := CasesWork(s, Options{})
	if len(cases) != 0 || !strings.Contains(strings.Join(notes, ""), "JSON values, past the") || work.Schema != len(s)/64 {
		t.Errorf("4,000 properties (%d bytes): %d cases, notes %q, work %+v: want it refused past offlineschema.MaxSchemaValues before its compile, its decoding charged (a value a 64 bytes)", len(s), len(cases), notes, work)
	}
	if _, _, work := CasesWork([]byte(`{"type":"object","description":"`+strings.Repeat("x", 64_000)), Options{}); work.Schema != 1000 {
		t.Errorf("64,000 bytes that are not JSON: work %+v: want the decoding charged, a value a 64 bytes", work)
	}
}
