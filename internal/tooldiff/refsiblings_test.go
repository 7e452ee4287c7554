package tooldiff

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// refCase is a schema change and a value that shows what it does: for an
// inputSchema the old schema accepts it and the new one refuses it, for
// an outputSchema the new one allows it and the old one ruled it out
// (both checked with the JSON Schema validator, the second opinion). want
// is the rule the change must draw; noReverse says the change back must
// draw no error (it widens an input, or narrows a result).
type refCase struct {
	name, old, new, value, want string
	noReverse                   bool
}

// refList is a one-tool list with the schema as its inputSchema, or as
// its outputSchema when output.
func refList(t *testing.T, schema string, output bool) []json.RawMessage {
	t.Helper()
	if output {
		return parse(t, `[{"name":"t","inputSchema":{"type":"object"},"outputSchema":`+schema+`}]`)
	}
	return parse(t, `[{"name":"t","inputSchema":`+schema+`}]`)
}

// hasRule reports whether cs has a change of rule id.
func hasRule(cs []Change, id string) bool {
	for _, c := range cs {
		if c.Rule.ID == id {
			return true
		}
	}
	return false
}

func hasError(cs []Change) bool {
	for _, c := range cs {
		if c.Rule.Severity == rules.Error {
			return true
		}
	}
	return false
}

// checkRefCases runs the cases: the validator agrees the value breaks the
// change, the comparison draws want, the change back no error (when
// noReverse), each list against itself nothing, and a change drawing no
// error or warning keeps every instance argsgen makes valid.
func checkRefCases(t *testing.T, cases []refCase, output bool) {
	t.Helper()
	for _, c := range cases {
		from, to := c.old, c.new
		if output {
			from, to = to, from
		}
		if c.value != "" {
			if err := validate(t, json.RawMessage(from), json.RawMessage(c.value)); err != nil {
				t.Errorf("%s: the case is wrong: %s is not valid against %s: %v", c.name, c.value, from, err)
			}
			if validate(t, json.RawMessage(to), json.RawMessage(c.value)) == nil {
				t.Errorf("%s: the case is wrong: %s is valid against %s", c.name, c.value, to)
			}
		}
		oldL, newL := refList(t, c.old, output), refList(t, c.new, output)
		fwd, rev := Compare(oldL, newL), Compare(newL, oldL)
		if !hasRule(fwd, c.want) {
			t.Errorf("%s: no %s for\n  %s\n->%s\ngot:\n%s", c.name, c.want, c.old, c.new, messages(fwd))
		}
		if c.noReverse && hasError(rev) {
			t.Errorf("%s: the change back is called breaking:\n%s", c.name, messages(rev))
		}
		for _, l := range [][]json.RawMessage{oldL, newL} {
			if same := Compare(l, l); len(same) > 0 {
				t.Errorf("%s: a list against itself: %s", c.name, messages(same))
			}
		}
		which := map[bool]string{false: "/inputSchema", true: "/outputSchema"}[output]
		for _, pair := range [][3]any{{c.old, c.new, fwd}, {c.new, c.old, rev}} {
			a, b, cs := pair[0].(string), pair[1].(string), pair[2].([]Change)
			if output {
				a, b = b, a
			}
			if flagged(cs, which) {
				continue
			}
			for _, inst := range instances(t, json.RawMessage(a), 2) {
				if err := validate(t, json.RawMessage(b), inst); err != nil {
					t.Errorf("%s: no break reported, but %s is valid against %s and not against %s: %v\n%s", c.name, inst, a, b, err, messages(cs))
				}
			}
		}
	}
}

// TestRefSiblingsAreANDed (attack pass 43d, row 1): a $ref beside
// keywords applies both (2020-12: an in-place applicator, ANDed with its
// siblings). A sibling keyword of the same name as one in the target no
// longer hides the target's: the tighter bound, the common enum values,
// every required name, the target's members' schemas and the common
// types are compared; what has no one-keyword form is judged as an allOf.
// Before the fix each case drew nothing (the last one only D102 info).
func TestRefSiblingsAreANDed(t *testing.T) {
	t.Parallel()
	checkRefCases(t, []refCase{
		{"maxLength", `{"type":"object","properties":{"a":{"type":"string","maxLength":10}}}`,
			`{"type":"object","properties":{"a":{"type":"string","maxLength":10,"$ref":"#/$defs/x"}},"$defs":{"x":{"maxLength":2}}}`,
			`{"a":"abc"}`, "D006", true},
		{"enum", `{"type":"object","properties":{"a":{"type":"string","enum":["x","y","z"]}}}`,
			`{"type":"object","properties":{"a":{"type":"string","enum":["x","y","z"],"$ref":"#/$defs/x"}},"$defs":{"x":{"enum":["x"]}}}`,
			`{"a":"y"}`, "D005", true},
		{"root required", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"$ref":"#/$defs/x","$defs":{"x":{"required":["b"]}}}`,
			`{"a":"x"}`, "D002", true},
		{"root properties", `{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"$ref":"#/$defs/x","$defs":{"x":{"properties":{"a":{"maxLength":2}}}}}`,
			`{"a":"abc"}`, "D006", true},
		{"a string and the root object", `{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string","$ref":"#"}}}`,
			`{"a":"x"}`, "D004", true},
		{"const in the target, enum beside it", `{"type":"object","properties":{"a":{"enum":["x","y"]}}}`,
			`{"type":"object","properties":{"a":{"enum":["x","y"],"$ref":"#/$defs/x"}},"$defs":{"x":{"const":"x"}}}`,
			`{"a":"y"}`, "D005", true},
		{"minimum, the higher", `{"type":"object","properties":{"a":{"type":"number","minimum":0}}}`,
			`{"type":"object","properties":{"a":{"type":"number","minimum":0,"$ref":"#/$defs/x"}},"$defs":{"x":{"minimum":5}}}`,
			`{"a":1}`, "D006", true},
		{"types in common", `{"type":"object","properties":{"a":{"type":["string","number"]}}}`,
			`{"type":"object","properties":{"a":{"type":["string","number"],"$ref":"#/$defs/x"}},"$defs":{"x":{"type":["integer","null"]}}}`,
			`{"a":"x"}`, "D004", true},
		{"a false target", `{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string","$ref":"#/$defs/x"}},"$defs":{"x":false}}`,
			`{"a":"x"}`, "D004", true},
		// No one-keyword form: sib's keyword put in an allOf, judged.
		{"two patterns", `{"type":"object","properties":{"a":{"type":"string","pattern":"^[a-z]+$"}}}`,
			`{"type":"object","properties":{"a":{"type":"string","pattern":"^[a-z]+$","$ref":"#/$defs/x"}},"$defs":{"x":{"pattern":"^[a-c]+$"}}}`,
			`{"a":"d"}`, "D006", false},
		{"target closed over other members", `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}}}}}`,
			`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}},"$ref":"#/$defs/x"}},"$defs":{"x":{"properties":{"c":{}},"additionalProperties":false}}}`,
			`{"a":{"b":"x"}}`, "D003", false},
		{"two anyOf", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"number"}]}}}`,
			`{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"number"}],"$ref":"#/$defs/x"}},"$defs":{"x":{"anyOf":[{"type":"string"},{"type":"boolean"}]}}}`,
			`{"a":1}`, "D004", false},
		{"items beside items", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}}}`,
			`{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"},"$ref":"#/$defs/x"}},"$defs":{"x":{"items":{"maxLength":1}}}}`,
			`{"a":["ab"]}`, "D006", true},
		// unevaluatedProperties reads every applicator beside it: the
		// pair is judged as values.
		{"unevaluatedProperties", `{"type":"object","properties":{"b":{"type":"string"}},"unevaluatedProperties":false}`,
			`{"type":"object","properties":{"b":{"type":"string"}},"unevaluatedProperties":false,"$ref":"#/$defs/x","$defs":{"x":{"required":["b"]}}}`,
			`{}`, "D013", false},
	}, false)
}

// TestRefSiblingsAreANDedOutput (attack pass 43d, row 1, the result
// direction the attacker noted): a result member whose $ref target bounds
// it tighter than its sibling, the $ref dropped, may now return values
// the old outputSchema ruled out: D020, not nothing.
func TestRefSiblingsAreANDedOutput(t *testing.T) {
	t.Parallel()
	checkRefCases(t, []refCase{
		{"maxLength", `{"type":"object","properties":{"r":{"type":"string","maxLength":10,"$ref":"#/$defs/x"}},"$defs":{"x":{"maxLength":2}}}`,
			`{"type":"object","properties":{"r":{"type":"string","maxLength":10}}}`,
			`{"r":"abc"}`, "D020", true},
		{"enum", `{"type":"object","properties":{"r":{"enum":["x","y","z"],"$ref":"#/$defs/x"}},"$defs":{"x":{"enum":["x"]}}}`,
			`{"type":"object","properties":{"r":{"enum":["x","y","z"]}}}`,
			`{"r":"y"}`, "D020", true},
	}, true)
	// The other way, the result narrowed: info only.
	old := refList(t, `{"type":"object","properties":{"r":{"type":"string","maxLength":10}}}`, true)
	new := refList(t, `{"type":"object","properties":{"r":{"type":"string","maxLength":10,"$ref":"#/$defs/x"}},"$defs":{"x":{"maxLength":2}}}`, true)
	if got := Compare(old, new); !hasRule(got, "D110") || flagged(got, "/outputSchema") {
		t.Errorf("a result narrowed behind a $ref: want D110 alone, got:\n%s", messages(got))
	}
}

// TestRefSiblingsAnnotationsUnchanged: siblings that constrain nothing
// (what generators put beside a $ref: description, title, default) or
// that the target repeats change nothing, and a description beside a
// $ref is still compared where it is.
func TestRefSiblingsAnnotationsUnchanged(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{
		{`{"type":"object","properties":{"u":{"enum":["metric","imperial"],"description":"Units."}}}`,
			`{"type":"object","properties":{"u":{"$ref":"#/$defs/units","description":"Units.","default":"metric"}},"$defs":{"units":{"enum":["metric","imperial"],"title":"Units"}}}`},
		{`{"type":"object","properties":{"a":{"type":"string","maxLength":10}}}`,
			`{"type":"object","properties":{"a":{"type":"string","maxLength":10,"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"string","maxLength":10}}}`},
		{`{"type":"object","properties":{"a":{"type":"string","maxLength":2}}}`,
			`{"type":"object","properties":{"a":{"type":"string","maxLength":10,"$ref":"#/$defs/x"}},"$defs":{"x":{"maxLength":2}}}`},
	} {
		got := Compare(refList(t, c[0], false), refList(t, c[1], false))
		if flagged(got, "/inputSchema") || hasRule(got, "D006") {
			t.Errorf("a $ref beside what its target allows anyway:\n  %s\n->%s\ngot:\n%s", c[0], c[1], messages(got))
		}
	}
	got := Compare(refList(t, `{"type":"object","properties":{"a":{"$ref":"#/$defs/x","description":"Old."}},"$defs":{"x":{"type":"string"}}}`, false),
		refList(t, `{"type":"object","properties":{"a":{"$ref":"#/$defs/x","description":"New."}},"$defs":{"x":{"type":"string"}}}`, false))
	if len(got) != 1 || got[0].Rule.ID != "D201" || got[0].Pointer != "/inputSchema/properties/a/description" {
		t.Errorf("a description beside a $ref changed: want one D201 at /inputSchema/properties/a/description, got:\n%s", messages(got))
	}
}

// TestRefSelfWithSiblingsEnds: a $ref to the schema it sits in, beside
// another keyword, is a loop; it used to recurse until the stack ran out
// (fatal error: stack overflow, found fixing attack pass 43d row 1). It is
// D023 when it changes, nothing against itself.
func TestRefSelfWithSiblingsEnds(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{
		{`{"$ref":"#","type":"object"}`, `{"$ref":"#","type":"object","required":["a"]}`},
		{`{"type":"object","properties":{"a":{"$ref":"#/properties/a","type":"string"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#/properties/a","type":"string","maxLength":3}}}`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/x","type":"string"}},"$defs":{"x":{"$ref":"#/$defs/y","minLength":1},"y":{"$ref":"#/$defs/x","maxLength":9}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/x","type":"string"}},"$defs":{"x":{"$ref":"#/$defs/y","minLength":1},"y":{"$ref":"#/$defs/x","maxLength":3}}}`},
	} {
		oldL, newL := refList(t, c[0], false), refList(t, c[1], false)
		if got := Compare(oldL, newL); !flagged(got, "/inputSchema") {
			t.Errorf("no finding for\n  %s\n->%s\ngot:\n%s", c[0], c[1], messages(got))
		}
		if got := Compare(oldL, oldL); len(got) > 0 {
			t.Errorf("a list against itself: %s", messages(got))
		}
	}
}

// TestConjoinKeepsWhatItCannotMerge: conjoin never drops a keyword: what
// it cannot merge is in the allOf it returns.
func TestConjoinKeepsWhatItCannotMerge(t *testing.T) {
	t.Parallel()
	base := decode([]byte(`{"pattern":"^a","anyOf":[{"type":"string"}],"properties":{"p":{}},"additionalProperties":false,"allOf":[{"minLength":1}]}`)).(map[string]any)
	sib := decode([]byte(`{"pattern":"^b","anyOf":[{"type":"null"}],"properties":{"q":{}},"allOf":[{"maxLength":3}]}`)).(map[string]any)
	m, ok := conjoin(base, sib, 0)
	if !ok {
		t.Fatal("not conjoined")
	}
	got := canonical(m)
	for _, want := range []string{`{"pattern":"^b"}`, `{"anyOf":[{"type":"null"}]}`, `{"properties":{"q":{}}}`, `{"maxLength":3}`, `{"minLength":1}`, `"pattern":"^a"`} {
		if !strings.Contains(got, want) {
			t.Errorf("%s lost from %s", want, got)
		}
	}
}
