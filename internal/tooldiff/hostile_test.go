package tooldiff

import (
	"fmt"
	"strings"
	"testing"
)

// TestHostileSchemas: schemas built to make the judgment explode (wide
// objects of wide objects, nested anyOf, recursive $refs under a changed
// combinator, huge numbers) get a verdict within the judge's budgets.
func TestHostileSchemas(t *testing.T) {
	t.Parallel()
	wide := func(n int, leaf string) string {
		var props []string
		for i := range n {
			props = append(props, fmt.Sprintf(`"p%d": %s`, i, leaf))
		}
		return `{"type": "object", "properties": {` + strings.Join(props, ", ") + `}}`
	}
	nested := `{"type": "string"}`
	for range 12 {
		nested = `{"anyOf": [` + nested + `, ` + nested + `, {"type": "integer"}]}`
	}
	for _, c := range []struct{ name, old, new string }{
		{"wide of wide", in(wide(150, wide(150, `{"type": "string"}`))),
			in(strings.TrimSuffix(wide(150, wide(150, `{"type": "string"}`)), "}") + `, "anyOf": [{"required": ["p1"]}, {"required": ["p2"]}]}`)},
		{"nested anyOf", arg(nested), arg(`{"allOf": [` + nested + `, {"not": {"const": "x"}}]}`)},
		{"recursive under not", in(`{"$defs": {"n": {"anyOf": [{"type": "null"}, {"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}, "b": {"$ref": "#/$defs/n"}}}]}}, "$ref": "#/$defs/n"}`),
			in(`{"$defs": {"n": {"anyOf": [{"type": "null"}, {"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}, "b": {"$ref": "#/$defs/n"}}}]}}, "$ref": "#/$defs/n", "not": {"$ref": "#/$defs/n", "required": ["a"]}}`)},
		{"huge numbers", arg(`{"type": "number", "maximum": 1e999999999, "not": {"multipleOf": 1e-999999999}}`), arg(`{"type": "number", "maximum": 1e999999998}`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs := Compare(parse(t, c.old), parse(t, c.new))
			if len(cs) == 0 {
				t.Errorf("no finding")
			}
			t.Log(messages(cs))
		})
	}
}
