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
	ver, _, err := newVerifier([]byte(schema))
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

// TestItemEdges: an array member is also sent as arrays whose first item
// is at the item schema's edges, at every depth the cover goes: a
// []string as [""] (the empty name that leaves a WaitGroup waiting), an
// integer item at its bounds, an item object with a member at its edge
// and, one level further, that member's own items; each valid, within
// the default cover's budget for the []string.
func TestItemEdges(t *testing.T) {
	t.Parallel()
	names := `{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"],"additionalProperties":false}`
	cases, notes := Cases([]byte(names), Options{Cover: 5})
	if len(notes) > 0 {
		t.Fatalf("notes: %v", notes)
	}
	checkCases(t, names, cases)
	var got []string
	for _, c := range cases {
		if c.Edge {
			got = append(got, c.Name+" "+string(c.Args))
		}
	}
	for _, w := range []string{`valid: "names" with [0] empty string {"names":[""]}`, `valid: "names" with [0] non-ASCII first {"names":["Ünïcödé first"]}`} {
		if !slices.Contains(got, w) {
			t.Errorf("no case %s in\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(got) > 5 {
		t.Errorf("%d edge cases, past the cover of 5", len(got))
	}

	nested := `{"type":"object","properties":{
		"ids":{"type":"array","items":{"type":"integer","minimum":1,"maximum":99},"minItems":2,"maxItems":4},
		"pts":{"type":"array","items":{"type":"object","properties":{
			"x":{"type":"integer","minimum":0,"maximum":9},
			"tags":{"type":"array","items":{"type":["string","null"]}}},"required":["x","tags"]}},
		"grid":{"type":"array","items":{"type":"array","items":{"type":"string","minLength":1}}}},
		"required":["ids","pts","grid"]}`
	for _, reach := range []bool{false, true} {
		cases, notes = Cases([]byte(nested), Options{Cover: 64, Reach: reach})
		if len(notes) > 0 {
			t.Fatalf("notes: %v", notes)
		}
		checkCases(t, nested, cases)
		sent := map[string]bool{}
		for _, c := range cases {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(c.Args, &m); err != nil {
				t.Fatal(err)
			}
			for k, v := range m {
				sent[k+"="+string(v)] = true
			}
		}
		want := []string{
			`ids=[99,1]`, // the first item at its maximum, in an array of minItems 2
			`pts=[{"x":9,"tags":["example"]}]`, `pts=[{"x":0,"tags":["example"]}]`,
			`pts=[{"x":1,"tags":[]}]`,
			`grid=[[]]`, // an empty array as the item
		}
		if reach {
			// Deeper: the item's member's own items, and the item
			// array's items.
			want = append(want, `pts=[{"x":1,"tags":[null]}]`, `pts=[{"x":1,"tags":[""]}]`, `grid=[["Ünïcödé first"]]`)
		}
		for _, w := range want {
			if !sent[w] {
				t.Errorf("reach %v: never sent %s", reach, w)
			}
		}
	}
}
