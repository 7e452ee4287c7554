package paramheader

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func schema(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFindReachableOnly: annotations on properties of properties are
// found, in sorted order with their pointers (escaped); those under
// anyOf, items or $defs are not statically reachable and not read.
func TestFindReachableOnly(t *testing.T) {
	s := schema(t, `{"type": "object", "properties": {
		"z": {"type": "string", "x-mcp-header": "Z"},
		"a/b": {"type": "object", "properties": {"c~": {"type": "integer", "x-mcp-header": "C"}}},
		"u": {"anyOf": [{"type": "object", "properties": {"v": {"type": "string", "x-mcp-header": "V"}}}]},
		"l": {"type": "array", "items": {"type": "object", "properties": {"w": {"type": "string", "x-mcp-header": "W"}}}}},
		"$defs": {"d": {"type": "object", "properties": {"x": {"type": "string", "x-mcp-header": "X"}}}}}`)
	var got []string
	for _, a := range Find(s) {
		got = append(got, a.Argument()+" "+a.Pointer()+" "+a.Name())
	}
	want := []string{"a/b.c~ /properties/a~1b/properties/c~0/x-mcp-header C", "z /properties/z/x-mcp-header Z"}
	if !slices.Equal(got, want) {
		t.Errorf("Find = %q, want %q", got, want)
	}
}

// TestCheckSaysWhy: each broken constraint is named in the problem; a
// duplicate is reported on the second annotation, naming the first.
func TestCheckSaysWhy(t *testing.T) {
	for _, c := range []struct{ props, want string }{
		{`"a": {"type": "string", "x-mcp-header": "A B"}`, "a space cannot be in a header name"},
		{`"a": {"type": "string", "x-mcp-header": "A\nB"}`, `a control character ('\n')`},
		{`"a": {"type": "string", "x-mcp-header": "Ré"}`, "a non-ASCII character"},
		{`"a": {"type": "string", "x-mcp-header": "A:B"}`, `':' cannot be in a header name`},
		{`"a": {"type": "string", "x-mcp-header": ""}`, "the value is empty"},
		{`"a": {"type": "string", "x-mcp-header": null}`, "the value is null, not a header name"},
		{`"a": {"type": "number", "x-mcp-header": "A"}`, `the property's type is "number"`},
		{`"a": {"type": ["integer", "number"], "x-mcp-header": "A"}`, `the property's type list holds "number"`},
		{`"a": {"type": "null", "x-mcp-header": "A"}`, `the property's type is "null"`},
		{`"a": {"type": ["null"], "x-mcp-header": "A"}`, `no string, integer or boolean`},
		{`"a": {"x-mcp-header": "A"}`, `the property has no "type"`},
		{`"a": {"type": "string", "x-mcp-header": "Dup"}, "b": {"type": "boolean", "x-mcp-header": "dUP"}`, `"Mcp-Param-dUP" is also the header of argument "a" ("Dup")`},
	} {
		ps := Problems(schema(t, `{"type": "object", "properties": {`+c.props+`}}`))
		if len(ps) != 1 || !strings.Contains(ps[0].Why, c.want) {
			t.Errorf("%s: %+v, want one problem saying %q", c.props, ps, c.want)
		}
	}
	if ps := Problems(schema(t, `{"type": "object", "properties": {"a": {"type": ["string", "null"], "x-mcp-header": "A"}, "b": {"type": "boolean", "x-mcp-header": "B"}}}`)); len(ps) != 0 {
		t.Errorf("valid annotations: %+v", ps)
	}
}
