package tooldiff

import "testing"

// Attack pass 43h, row 8 (attack/README-43h.md): a $ref inside a subschema
// that has its own $id resolves against that resource (2020-12 8.2.1: the
// base URI of a subschema with $id is its $id), so "#/$defs/y" and "#z"
// there name the nested resource's $defs and anchors, not the root's.
// docs/diff.md promises local $refs followed and a change behind a $ref
// that is not followed reported as D023. Each change below refuses an old
// value (the validator checks it) and draws no finding at all on main.
func TestAttack43h_RefInsideNestedIDResource(t *testing.T) {
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
	}, false)
}
