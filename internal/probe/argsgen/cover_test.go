package argsgen

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestCover: the edge cases of a schema send every edge value the
// evaluation found handlers breaking on, each case valid by the schema
// (checked again here), the likeliest breakers in the first case, and
// null for optional members as invalid cases.
func TestCover(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"city":{"type":"string","maxLength":20},
		"unit":{"type":"string","enum":["c","f","k"]},
		"days":{"type":"integer","minimum":1,"exclusiveMaximum":15},
		"ratio":{"type":"number","exclusiveMinimum":0,"maximum":1},
		"tags":{"type":"array","items":{"type":"string"},"maxItems":3},
		"note":{"type":["string","null"]}},
		"required":["city"],"additionalProperties":false}`
	cases, notes := Cases([]byte(schema), Options{Cover: 16})
	if len(notes) > 0 {
		t.Fatalf("notes: %v", notes)
	}
	ver, err := newVerifier([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string][]string{}
	var edges []Case
	for _, c := range cases {
		if !c.Edge {
			continue
		}
		edges = append(edges, c)
		if (ver.validate(c.Valid, "#", c.Args) == nil) != c.Valid {
			t.Errorf("%s: %s is labelled valid=%v", c.Name, c.Args, c.Valid)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(c.Args, &m); err != nil {
			t.Fatal(err)
		}
		for k, v := range m {
			seen[k] = append(seen[k], string(v))
		}
	}
	for k, want := range map[string][]string{
		"city":  {`""`, `"xxxxxxxxxxxxxxxxxxxx"`, `"éééééééééééééééééééé"`, `"Ünïcödé first"`, `"nul\u0000byte"`},
		"unit":  {`"f"`, `"k"`},
		"days":  {`14`, `1`},
		"ratio": {`1`, `5e-324`},
		"tags":  {`[]`, `["example","example-2","example-3"]`},
		"note":  {`null`, `""`},
	} {
		for _, w := range want {
			if !slices.Contains(seen[k], w) {
				t.Errorf("%s never %s: %v", k, w, seen[k])
			}
		}
	}
	first := edges[0].Name
	for _, w := range []string{`"city" at maxLength 20`, `"unit" = enum value 2 of 3`, `"days" just under exclusiveMaximum 15`, `"tags" at maxItems 3`, `"note" = null (nullable)`} {
		if !strings.Contains(first, w) {
			t.Errorf("the first edge case %q lacks %s", first, w)
		}
	}
	var nulls []string
	for _, c := range edges {
		if !c.Valid {
			nulls = append(nulls, c.Name)
		}
	}
	if len(nulls) == 0 || !strings.Contains(nulls[0], "is null (an optional member)") {
		t.Errorf("no null for an optional member: %v", nulls)
	}
}

// TestShrinker: each step is smaller and keeps the case's validity.
func TestShrinker(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{"a":{"type":"integer","minimum":-5,"maximum":5},"s":{"type":"string","minLength":1}},"required":["a"]}`
	sh, err := NewShrinker([]byte(schema), []byte(`{"a":1,"s":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	got := sh.Smaller([]byte(`{"a":5,"s":"hello"}`), true)
	var names []string
	for _, g := range got {
		names = append(names, string(g))
	}
	want := []string{`{"a":5}`, `{"a":1,"s":"hello"}`, `{"a":5,"s":"x"}`, `{"a":0,"s":"hello"}`, `{"a":5,"s":"he"}`, `{"a":5,"s":"llo"}`, `{"a":5,"s":"a"}`}
	if !slices.Equal(names, want) {
		t.Errorf("got %v\nwant %v", names, want)
	}
	// An invalid case stays invalid: "a" missing is kept missing.
	for _, g := range sh.Smaller([]byte(`{"s":"hello"}`), false) {
		var m map[string]any
		if json.Unmarshal(g, &m) != nil || m["a"] != nil {
			t.Errorf("an invalid case shrunk to a valid one: %s", g)
		}
	}
}
