package tooldiff

import (
	"encoding/json"
	"testing"
)

// (attack pass 43h, row 8) A "$ref" inside a subschema that has an "$id" of
// its own (an embedded resource) resolves against that resource (2020-12
// 8.2.1): "#/$defs/y" and "#z" there name its own $defs and anchors, not
// the root's. Each case is checked with the validator: the old schema
// accepts value, the new one refuses it, and the change must be flagged.
func TestNestedIDRefResolvesInItsResource(t *testing.T) {
	checkRefCases(t, []refCase{
		{
			name:  "nested resource's own $defs target narrowed",
			old:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string","maxLength":10}},"$ref":"#/$defs/y"}},"$defs":{"y":{"type":"string"}}}`,
			new:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string","maxLength":2}},"$ref":"#/$defs/y"}},"$defs":{"y":{"type":"string"}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D006",
		},
		{
			name:  "$id added: the same $ref now names a nested integer schema",
			old:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/y"}},"$defs":{"y":{"type":"string"}}}`,
			new:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$ref":"#/$defs/y","$defs":{"y":{"type":"integer"}}}},"$defs":{"y":{"type":"string"}}}`,
			value: `{"a":"x"}`,
			want:  "D004",
		},
		{
			name:  "$id added: the same anchor $ref now names a nested integer schema",
			old:   `{"type":"object","properties":{"a":{"$ref":"#z"}},"$defs":{"y":{"$anchor":"z","type":"string"}}}`,
			new:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$ref":"#z","$defs":{"k":{"$anchor":"z","type":"integer"}}}},"$defs":{"y":{"$anchor":"z","type":"string"}}}`,
			value: `{"a":"x"}`,
			want:  "D004",
		},
		{
			name:  "nested anchor narrowed, the root's anchor of that name unchanged",
			old:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$ref":"#z","$defs":{"k":{"$anchor":"z","type":"string","maxLength":10}}}},"$defs":{"y":{"$anchor":"z","type":"string"}}}`,
			new:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$ref":"#z","$defs":{"k":{"$anchor":"z","type":"string","maxLength":2}}}},"$defs":{"y":{"$anchor":"z","type":"string"}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D006",
		},
		{
			// Was D023 "does not resolve": the inner $ref was looked up
			// in the root, which has no $defs.k.
			name:  "a $defs member with its own $id refers to its own $defs",
			old:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/r"}},"$defs":{"r":{"$id":"https://e.example/r","$ref":"#/$defs/k","$defs":{"k":{"type":"string","maxLength":10}}}}}`,
			new:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/r"}},"$defs":{"r":{"$id":"https://e.example/r","$ref":"#/$defs/k","$defs":{"k":{"type":"string","maxLength":2}}}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D006",
		},
		{
			// The same text "#/$defs/y" names two schemas: the root's y,
			// whose own $ref names its nested y. Not a loop.
			name:  "the same $ref text in two resources",
			old:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/y"}},"$defs":{"y":{"$id":"https://e.example/y","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":10}}}}}`,
			new:   `{"type":"object","properties":{"a":{"$ref":"#/$defs/y"}},"$defs":{"y":{"$id":"https://e.example/y","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":2}}}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D006",
		},
		{
			name:  "a relative $id is a resource too",
			old:   `{"$id":"https://e.example/root","type":"object","properties":{"a":{"$id":"a.json","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":10}}}},"$defs":{"y":{"type":"string"}}}`,
			new:   `{"$id":"https://e.example/root","type":"object","properties":{"a":{"$id":"a.json","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":2}}}},"$defs":{"y":{"type":"string"}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D006",
		},
		{
			name:  "a resource inside a resource",
			old:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string"}},"properties":{"b":{"$id":"https://e.example/b","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":10}}}}}},"$defs":{"y":{"type":"string"}}}`,
			new:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string"}},"properties":{"b":{"$id":"https://e.example/b","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":2}}}}}},"$defs":{"y":{"type":"string"}}}`,
			value: `{"a":{"b":"abcdef"}}`,
			want:  "D006",
		},
		{
			// The judge (which proves a break harmless) reads the branch's
			// $ref in its resource too.
			name:  "a nested resource's $ref in an anyOf",
			old:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string","maxLength":10}},"anyOf":[{"$ref":"#/$defs/y"},{"type":"integer"}]}},"$defs":{"y":{"type":"string"}}}`,
			new:   `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string","maxLength":2}},"anyOf":[{"$ref":"#/$defs/y"},{"type":"integer"}]}},"$defs":{"y":{"type":"string"}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D006",
		},
		{
			// "a.json" with no absolute base above it: a validator given
			// the document at a "urn:" address takes it for the
			// document itself. Not compared, never nothing.
			name: "a relative $id with no base",
			old:  `{"type":"object","properties":{"a":{"$id":"a.json","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":10}}}},"$defs":{"y":{"type":"string"}}}`,
			new:  `{"type":"object","properties":{"a":{"$id":"a.json","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":2}}}},"$defs":{"y":{"type":"string"}}}`,
			want: "D023",
		},
		{
			// A $ref by URI is not followed: not compared, never nothing.
			name:  "a $ref by URI out of a nested resource",
			old:   `{"$id":"https://e.example/root","type":"object","properties":{"a":{"$id":"https://e.example/a","$ref":"https://e.example/root#/$defs/y"}},"$defs":{"y":{"type":"string","maxLength":10}}}`,
			new:   `{"$id":"https://e.example/root","type":"object","properties":{"a":{"$id":"https://e.example/a","$ref":"https://e.example/root#/$defs/y"}},"$defs":{"y":{"type":"string","maxLength":2}}}`,
			value: `{"a":"abcdef"}`,
			want:  "D023",
		},
	}, false)
}

// (attack pass 43h, row 8) A change to the root's $defs.y behind a nested
// resource's "#/$defs/y" (which names the resource's own y) changes
// nothing: no error, and the validator agrees.
func TestNestedIDRefRootChangeNotFollowed(t *testing.T) {
	old := `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string"}},"$ref":"#/$defs/y"}},"$defs":{"y":{"type":"string","maxLength":10}}}`
	new := `{"type":"object","properties":{"a":{"$id":"https://e.example/a","$defs":{"y":{"type":"string"}},"$ref":"#/$defs/y"}},"$defs":{"y":{"type":"string","maxLength":2}}}`
	if err := validate(t, json.RawMessage(new), json.RawMessage(`{"a":"abcdef"}`)); err != nil {
		t.Fatalf("the case is wrong: %v", err)
	}
	if cs := Compare(refList(t, old, false), refList(t, new, false)); hasError(cs) {
		t.Errorf("a change the nested $ref does not reach is called breaking:\n%s", messages(cs))
	}
}

// (attack pass 43h, row 8) Where the walk that places each schema in its
// resource stops (nesting past its bound), a $ref it did not place is not
// resolved against the root on a guess.
func TestNestedIDRefTooDeepNotGuessed(t *testing.T) {
	doc := `{"$id":"https://e.example/a","$ref":"#/$defs/y","$defs":{"y":{"type":"string","maxLength":2}}}`
	for range 4*maxDepth + 8 {
		doc = `{"allOf":[` + doc + `]}`
	}
	doc = `{"$defs":{"y":{"type":"string"},"d":` + doc + `}}`
	var root map[string]any
	if err := json.Unmarshal([]byte(doc), &root); err != nil {
		t.Fatal(err)
	}
	inner := root["$defs"].(map[string]any)["d"]
	for range 4*maxDepth + 8 {
		inner = inner.(map[string]any)["allOf"].([]any)[0]
	}
	m, _, why := deref(inner, root, map[uintptr]derefResult{})
	if why == "" {
		t.Errorf("a $ref past the walk's bound resolved to %v", m)
	}
}
