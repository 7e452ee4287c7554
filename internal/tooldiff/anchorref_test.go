package tooldiff

import (
	"testing"
)

// TestAnchorRefFollowed (attack pass 43d, row 2): a $ref to a plain-name
// fragment ("#n") is resolved to the schema whose "$anchor" (or
// "$dynamicAnchor", or draft 7's "$id": "#n") names it, as a pointer is,
// so a change to the anchored schema is compared. Before the fix each
// change drew nothing (the $ref text is the same on both sides).
func TestAnchorRefFollowed(t *testing.T) {
	t.Parallel()
	checkRefCases(t, []refCase{
		{"type", `{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"string"}}}`,
			`{"a":1}`, "D004", false},
		{"maximum", `{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"number","maximum":5}}}`,
			`{"a":6}`, "D006", true},
		{"required", `{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"object","properties":{"x":{"type":"string"}}}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}}`,
			`{"a":{}}`, "D002", true},
		{"$dynamicAnchor", `{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$dynamicAnchor":"n","type":"string"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$dynamicAnchor":"n","type":"string","maxLength":2}}}`,
			`{"a":"abc"}`, "D006", true},
		{"an anchor beside siblings", `{"type":"object","properties":{"a":{"$ref":"#n","maxLength":9}},"$defs":{"n":{"$anchor":"n","type":"string"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n","maxLength":9}},"$defs":{"n":{"$anchor":"n","type":"string","maxLength":2}}}`,
			`{"a":"abc"}`, "D006", true},
		// Draft 7 wrote the anchor as "$id": "#n" (the validator here
		// reads 2020-12, so no value is checked).
		{"draft 7 $id", `{"type":"object","properties":{"a":{"$ref":"#n"}},"definitions":{"n":{"$id":"#n","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"definitions":{"n":{"$id":"#n","type":"number","maximum":5}}}`,
			``, "D006", true},
	}, false)
	// Moving a schema behind an anchor changes nothing.
	got := Compare(refList(t, `{"type":"object","properties":{"a":{"type":"string","maxLength":3}}}`, false),
		refList(t, `{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"string","maxLength":3}}}`, false))
	if len(got) > 0 {
		t.Errorf("a schema moved behind an anchor: %s", messages(got))
	}
}

// TestUnresolvedRefBehindChange (attack pass 43d, row 2): a $ref that is
// not followed (two schemas with one anchor, an anchor or an "$id" of an
// embedded resource, a $dynamicRef) hides a change to what it refers to
// when its text stays the same: that is D023 "not compared" now, not
// nothing; and nothing when the schemas are the same.
func TestUnresolvedRefBehindChange(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{
		{`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"string"},"m":{"$anchor":"n","type":"string"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#n"}},"$defs":{"n":{"$anchor":"n","type":"string","maxLength":3},"m":{"$anchor":"n","type":"string"}}}`},
		{`{"type":"object","properties":{"a":{"$ref":"urn:e#n"}},"$defs":{"e":{"$id":"urn:e","$defs":{"n":{"$anchor":"n","type":"number"}}}}}`,
			`{"type":"object","properties":{"a":{"$ref":"urn:e#n"}},"$defs":{"e":{"$id":"urn:e","$defs":{"n":{"$anchor":"n","type":"string"}}}}}`},
		{`{"type":"object","properties":{"a":{"$ref":"urn:e"}},"$defs":{"e":{"$id":"urn:e","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"urn:e"}},"$defs":{"e":{"$id":"urn:e","type":"string"}}}`},
		{`{"type":"object","properties":{"a":{"$dynamicRef":"#n"}},"$defs":{"n":{"$dynamicAnchor":"n","type":"number"}}}`,
			`{"type":"object","properties":{"a":{"$dynamicRef":"#n"}},"$defs":{"n":{"$dynamicAnchor":"n","type":"string"}}}`},
	} {
		oldL, newL := refList(t, c[0], false), refList(t, c[1], false)
		if got := Compare(oldL, newL); !hasRule(got, "D023") {
			t.Errorf("no D023 for\n  %s\n->%s\ngot:\n%s", c[0], c[1], messages(got))
		}
		for _, l := range [][]byte{[]byte(c[0]), []byte(c[1])} {
			list := refList(t, string(l), false)
			if got := Compare(list, list); len(got) > 0 {
				t.Errorf("a list against itself: %s", messages(got))
			}
		}
	}
	// A $ref to another document, when neither names a part of itself
	// with "$id", refers to nothing that changed here: nothing.
	got := Compare(refList(t, `{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"},"b":{"type":"string"}}}`, false),
		refList(t, `{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"},"b":{"type":"string","description":"B."}}}`, false))
	if hasRule(got, "D023") {
		t.Errorf("a $ref to another document, the schema changed elsewhere: %s", messages(got))
	}
}

// TestRefInCombinatorFollowed (the shape of attack pass 43d, row 2, found
// fixing it): the same anyOf, oneOf, allOf, not or prefixItems on both
// sides, holding a $ref whose target changed, drew nothing, as the
// keyword's JSON was unchanged. Pydantic writes every optional model
// argument as anyOf [{"$ref": ...}, {"type": "null"}].
func TestRefInCombinatorFollowed(t *testing.T) {
	t.Parallel()
	const defs = `"$defs":{"x":{"type":"object","properties":{"v":{"type":"number"}}}}}`
	const defs2 = `"$defs":{"x":{"type":"object","properties":{"v":{"type":"number"}},"required":["v"]}}}`
	var cases []refCase
	for _, c := range []struct{ name, member, value, want string }{
		{"anyOf", `{"anyOf":[{"$ref":"#/$defs/x"},{"type":"null"}]}`, `{"a":{}}`, "D002"},
		{"oneOf", `{"oneOf":[{"$ref":"#/$defs/x"},{"type":"null"}]}`, `{"a":{}}`, "D002"},
		{"allOf", `{"allOf":[{"$ref":"#/$defs/x"}]}`, `{"a":{}}`, "D002"},
		{"prefixItems", `{"type":"array","prefixItems":[{"$ref":"#/$defs/x"}]}`, `{"a":[{}]}`, "D013"},
		{"not", `{"not":{"not":{"$ref":"#/$defs/x"}}}`, `{"a":{}}`, "D013"},
	} {
		cases = append(cases, refCase{c.name,
			`{"type":"object","properties":{"a":` + c.member + `},` + defs,
			`{"type":"object","properties":{"a":` + c.member + `},` + defs2,
			c.value, c.want, true})
	}
	checkRefCases(t, cases, false)
}
