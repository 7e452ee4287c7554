package tooldiff

import (
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// breaksAttack43d reports whether cs has an error-level change (a break).
func breaksAttack43d(cs []Change) bool {
	for _, c := range cs {
		if c.Rule.Severity == rules.Error {
			return true
		}
	}
	return false
}

// warnsOrBreaksAttack43d: an error or a warning (D023 "not proven").
func warnsOrBreaksAttack43d(cs []Change) bool {
	for _, c := range cs {
		if c.Rule.Severity == rules.Error || c.Rule.Severity == rules.Warning {
			return true
		}
	}
	return false
}

func diffAttack43d(t *testing.T, oldSchema, newSchema string) []Change {
	t.Helper()
	v1 := parse(t, `[{"name":"t","inputSchema":`+oldSchema+`}]`)
	v2 := parse(t, `[{"name":"t","inputSchema":`+newSchema+`}]`)
	return Compare(v1, v2)
}

// TestAttack43d_RefSiblingSameKeyword (attack pass 43d, row 1): a $ref
// added beside a keyword of the same name as one in its target. JSON
// Schema 2020-12 applies both ($ref is an applicator, its siblings are
// ANDed), so the new schema refuses "abc", "y" and {"a":"x"}; diff
// lays the siblings over the target (docs/diff.md: "a $ref's sibling
// keywords are laid over its target"), the sibling wins, and the break
// is not reported at all: no finding of any severity.
func TestAttack43d_RefSiblingSameKeyword(t *testing.T) {
	t.Parallel()
	cases := [][2]string{
		{`{"type":"object","properties":{"a":{"type":"string","maxLength":10}}}`,
			`{"type":"object","properties":{"a":{"type":"string","maxLength":10,"$ref":"#/$defs/x"}},"$defs":{"x":{"maxLength":2}}}`},
		{`{"type":"object","properties":{"a":{"type":"string","enum":["x","y","z"]}}}`,
			`{"type":"object","properties":{"a":{"type":"string","enum":["x","y","z"],"$ref":"#/$defs/x"}},"$defs":{"x":{"enum":["x"]}}}`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"$ref":"#/$defs/x","$defs":{"x":{"required":["b"]}}}`},
		{`{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"$ref":"#/$defs/x","$defs":{"x":{"properties":{"a":{"maxLength":2}}}}}`},
		// A $ref to the root beside "type": "string": a must now be a
		// string and an object, so every call passing a is refused; diff
		// says only D102 "optional argument \"a\" added" (info) at
		// /inputSchema/properties/a/properties/a.
		{`{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string","$ref":"#"}}}`},
	}
	for _, c := range cases {
		if got := diffAttack43d(t, c[0], c[1]); !breaksAttack43d(got) {
			t.Errorf("no breaking change for\n  %s\n->%s\ngot:\n%s", c[0], c[1], messages(got))
		}
	}
}

// TestAttack43d_AnchorRefTargetChanged (row 2): an argument whose schema
// is a $ref to a plain-name fragment ("#n", a $defs entry with "$anchor":
// "n", 2020-12 §8.2.2) on both sides; the anchored schema changes its
// type, or gains a bound or a required member. The $ref string is the
// same, so diff sees no change at all; introducing such a $ref is D023
// "does not resolve", but keeping it hides any later break.
func TestAttack43d_AnchorRefTargetChanged(t *testing.T) {
	t.Parallel()
	cases := [][2]string{
		{`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"string"}}}`},
		{`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"number","maximum":5}}}`},
		{`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"object","properties":{"x":{"type":"string"}}}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}}`},
	}
	for _, c := range cases {
		if got := diffAttack43d(t, c[0], c[1]); !warnsOrBreaksAttack43d(got) {
			t.Errorf("no finding for\n  %s\n->%s\ngot:\n%s", c[0], c[1], messages(got))
		}
	}
}
