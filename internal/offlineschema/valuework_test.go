package offlineschema

import (
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

// anyOfRefs is an anyOf of n $refs to def.
func anyOfRefs(def string, n int) string {
	return `{"anyOf":[` + strings.TrimSuffix(strings.Repeat(`{"$ref":"#/$defs/`+def+`"},`, n), ",") + `]}`
}

// manyPathsSchema is an outputSchema (9 KB) whose "r" is an anyOf of 210
// $refs to an anyOf of 210 $refs to leaf: 44,100 paths to leaf, Place
// 88,622, within MaxCost.
func manyPathsSchema(leaf, draft string) string {
	head := `{`
	if draft != "" {
		head = `{"$schema":"` + draft + `",`
	}
	return head + `"$defs":{"u":` + leaf + `,"b":` + anyOfRefs("u", 210) +
		`},"type":"object","properties":{"r":` + anyOfRefs("b", 210) + `}}`
}

// numbersRepeated is an answer whose "r" is the numbers 0 to n-1 and then
// 0 again.
func numbersRepeated(n int) string {
	items := make([]string, n+1)
	for i := range n {
		items[i] = strconv.Itoa(i)
	}
	items[n] = "0"
	return `{"r":[` + strings.Join(items, ",") + `]}`
}

func withinABI(t *testing.T, schemaText, instText string) {
	t.Helper()
	if len(schemaText) > abi.SchemaMaxBytes || len(instText) > abi.StdoutMaxBytes {
		t.Fatalf("schema %d bytes, answer %d: past the ABI's limits", len(schemaText), len(instText))
	}
}

// TestUniqueItemsWorkCounted (attack pass 45e, row 1): uniqueItems reads
// every item at each evaluation (the validator hashes each through
// big.Rat), and Cost.Work counted one for the subschema: 2,001 numbers
// against 44,100 uniqueItems paths passed CheckWork at work 88,622 while
// the validation hashes 8.8e7 numbers (~44 s; 140,000 items under 1 MiB,
// ~50 min). The test does not run the validation.
func TestUniqueItemsWorkCounted(t *testing.T) {
	schemaText := manyPathsSchema(`{"type":"array","uniqueItems":true}`, "")
	instText := numbersRepeated(2_000)
	withinABI(t, schemaText, instText)
	_, cost, inst := compileWorkCase(t, schemaText, instText)
	if w, err := cost.CheckWork(inst); err == nil {
		t.Errorf("CheckWork passed 2,001 numbers against 44,100 uniqueItems paths at work %d: the validator hashes ~%d numbers", w, 44_100*2_001)
	}
	// A short list of unique tags is a few steps.
	_, cost, inst = compileWorkCase(t, `{"type":"array","uniqueItems":true,"items":{"type":"string"}}`, `["a","b","c","d"]`)
	if w, err := cost.CheckWork(inst); err != nil || w > 30 {
		t.Errorf("four unique tags: work %d, %v", w, err)
	}
}

// TestConstWorkCounted (attack pass 45e, row 1): a const array compared
// with an equal answer walks both whole (big.Rat a number) at each path.
func TestConstWorkCounted(t *testing.T) {
	nums := make([]string, 2_000)
	for i := range nums {
		nums[i] = strconv.Itoa(i)
	}
	list := `[` + strings.Join(nums, ",") + `]`
	schemaText := manyPathsSchema(`{"const":`+list+`}`, "")
	instText := `{"r":` + list + `}`
	withinABI(t, schemaText, instText)
	_, cost, inst := compileWorkCase(t, schemaText, instText)
	if w, err := cost.CheckWork(inst); err == nil {
		t.Errorf("CheckWork passed 2,000 numbers against 44,100 paths to a const of them at work %d", w)
	}
}

// TestWorkWalkVisitsBounded (attack pass 45e, row 2): Cost.Work's walk
// looped over every item of an array for every path that reached it,
// whether or not the subschema read items, and tested its limit only
// where a keyword added work: 44,100 paths to {"type":"array"} and 2,001
// items were 8.8e7 turns of its loop (5.7 s) for a work of 88,622, and
// 140,000 items over 300 s. Now it visits no item where nothing reads
// them, and each member or item it visits is a step, so its visits stay
// within the work it answers, which stops a little past the limit.
// Counted, not timed.
func TestWorkWalkVisitsBounded(t *testing.T) {
	instText := numbersRepeated(2_000)
	obj := make([]string, 2_000)
	for i := range obj {
		obj[i] = `"k` + strconv.Itoa(i) + `":0`
	}
	objText := `{"r":{` + strings.Join(obj, ",") + `}}`
	draft07 := "http://json-schema.org/draft-07/schema#"
	for _, c := range []struct{ leaf, draft, inst string }{
		{`{"type":"array"}`, "", instText},
		{`{"type":"array","items":true}`, "", instText},
		{`{"type":"array","contains":{"type":"string"}}`, "", instText},
		{`{"type":"array","prefixItems":[{"type":"number"}]}`, "", instText},
		{`{"type":"array","items":[{"type":"number"}]}`, draft07, instText},
		{`{"type":"object"}`, "", objText},
		{`{"type":"object","properties":{"k0":true}}`, "", objText},
		{`{"type":"object","additionalProperties":true}`, "", objText},
		{`{"type":"object","propertyNames":{"maxLength":9}}`, "", objText},
	} {
		schemaText := manyPathsSchema(c.leaf, c.draft)
		withinABI(t, schemaText, c.inst)
		_, cost, inst := compileWorkCase(t, schemaText, c.inst)
		ww := cost.work(inst, MaxWork)
		n, visits := ww.n, ww.visits
		if visits > n || visits > MaxWork+1 {
			t.Errorf("%s: the walk visited %d members or items for a work of %d (limit %d)", c.leaf, visits, n, MaxWork)
		}
	}
}

// TestFormatWorkCounted (attack pass 45e, row 4): a draft-07 schema
// asserts format, "regex" compiles the string at each evaluation and the
// URI formats parse it; Cost.Work counted one for the subschema. A 900 KB
// string against 44,100 format paths passed at work 88,622 (regex: 94 ms
// a path, ~70 min in all).
func TestFormatWorkCounted(t *testing.T) {
	for _, f := range []string{"regex", "uri", "iri-reference"} {
		schemaText := manyPathsSchema(`{"format":"`+f+`"}`, "http://json-schema.org/draft-07/schema#")
		instText := `{"r":"` + strings.Repeat("a", 900_000) + `("}`
		withinABI(t, schemaText, instText)
		_, cost, inst := compileWorkCase(t, schemaText, instText)
		if w, err := cost.CheckWork(inst); err == nil {
			t.Errorf("format %s: CheckWork passed a 900 KB string against 44,100 paths at work %d", f, w)
		}
	}
	// A date-time and a URI in a real answer cost no more than their
	// subschemas.
	_, cost, inst := compileWorkCase(t, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"at":{"type":"string","format":"date-time"},"url":{"type":"string","format":"uri"}}}`,
		`{"at":"2026-12-07T01:20:58Z","url":"https://example.com/a/b?c=d"}`)
	if w, err := cost.CheckWork(inst); err != nil || w > 5 {
		t.Errorf("a date-time and a URI: work %d, %v", w, err)
	}
}
