package argsgen

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestMutate: every variation is valid (checked by the outside validator),
// the kinds of change all occur (two members one apart, a dictionary
// value, a splice), and the same seed gives the same variations.
func TestMutate(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"from":{"type":"integer","minimum":0,"maximum":1000},
		"to":{"type":"integer","minimum":0,"maximum":1000},
		"note":{"type":"string","maxLength":32},
		"mode":{"enum":["a","b","c"]}},"required":["from","to"],"additionalProperties":false}`
	opt := Options{Reach: true, Seed: 3, Dict: &Dict{Numbers: []json.Number{"613", "99999"}, Strings: []string{"admin:"}}}
	run := func() []Case {
		m, note := NewMutator([]byte(schema), opt)
		if m == nil {
			t.Fatal(note)
		}
		parent, other := json.RawMessage(`{"from":5,"to":9}`), json.RawMessage(`{"from":1,"to":2,"mode":"c"}`)
		var out []Case
		for range 300 {
			c, ok := m.Mutate(parent, other)
			if !ok {
				continue
			}
			out = append(out, c)
			if len(out)%7 == 0 {
				parent = c.Args // as the search keeps a case that reached new code
			}
		}
		return out
	}
	cases := run()
	if len(cases) < 200 {
		t.Fatalf("only %d variations of 300", len(cases))
	}
	checkCases(t, schema, cases)
	kinds := map[string]bool{}
	for _, c := range cases {
		var v struct{ From, To *int }
		_ = json.Unmarshal(c.Args, &v)
		if v.From != nil && v.To != nil && *v.To == *v.From+1 && strings.Contains(c.Name, `"to" = "from" +1`) {
			kinds["one apart"] = true
		}
		for _, k := range []string{"613", `"admin:"`, "spliced"} {
			if strings.Contains(c.Name, k) {
				kinds[k] = true
			}
		}
		if strings.Contains(string(c.Args), "99999") {
			t.Errorf("a value outside the bounds: %s", c.Args)
		}
	}
	for _, k := range []string{"one apart", "613", `"admin:"`, "spliced"} {
		if !kinds[k] {
			t.Errorf("no variation %s", k)
		}
	}
	again := run()
	if !slices.EqualFunc(cases, again, func(a, b Case) bool { return string(a.Args) == string(b.Args) }) {
		t.Error("the same seed gave other variations")
	}
}

// TestSplice: each value of the dictionary in each member whose schema
// takes it, numbers first, each variation valid, at most limit; a value
// no member takes, or one the parent already has, is not sent.
func TestSplice(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"level":{"type":"integer","minimum":0,"maximum":1000},
		"from":{"type":"integer","minimum":0,"maximum":1000},
		"note":{"type":"string","maxLength":12}},"required":["level"],"additionalProperties":false}`
	m, note := NewMutator([]byte(schema), Options{Reach: true, Seed: 1})
	if m == nil {
		t.Fatal(note)
	}
	d := &Dict{Numbers: []json.Number{"347", "5000", "5"}, Strings: []string{"open-sesame!", "far too long a note"}}
	var got []string
	for _, c := range m.Splice([]byte(`{"level":5,"note":"x"}`), d, 10) {
		got = append(got, string(c.Args))
		if !c.Valid || !strings.Contains(c.Name, "from the code it reached") {
			t.Errorf("case %+v", c)
		}
	}
	want := []string{`{"level":347,"note":"x"}`, `{"level":5,"note":"x","from":347}`, `{"level":5,"note":"x","from":5}`, `{"level":5,"note":"open-sesame!"}`}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if n := len(m.Splice([]byte(`{"level":5}`), d, 2)); n != 2 {
		t.Errorf("limit 2 gave %d cases", n)
	}
}

// TestMutateArrays: a tool whose one member is a []string keeps giving new
// valid variations (the search ran 10 runs on one and stopped, every
// variation already sent): arrays of several items, items from the
// item's edges anywhere in them, items removed and repeated; a constant
// the code compares is spliced into the first item.
func TestMutateArrays(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"],"additionalProperties":false}`
	m, note := NewMutator([]byte(schema), Options{Reach: true, Seed: 5})
	if m == nil {
		t.Fatal(note)
	}
	parent := json.RawMessage(`{"names":["Ada"]}`)
	seen := map[string]bool{string(parent): true}
	var cases []Case
	for range 600 {
		c, ok := m.Mutate(parent, nil)
		if !ok || seen[string(c.Args)] {
			continue
		}
		seen[string(c.Args)] = true
		cases = append(cases, c)
		if len(cases)%5 == 0 {
			parent = c.Args
		}
	}
	if len(cases) < 150 {
		t.Fatalf("only %d new variations of 600", len(cases))
	}
	checkCases(t, schema, cases)
	kinds := map[string]bool{}
	for _, c := range cases {
		var v struct{ Names []string }
		if err := json.Unmarshal(c.Args, &v); err != nil {
			t.Fatal(err)
		}
		if len(v.Names) >= 3 {
			kinds["3 items or more"] = true
		}
		if len(v.Names) > 1 && slices.Contains(v.Names[1:], "") {
			kinds[`"" past the first item`] = true
		}
		for _, k := range []string{"removed", "repeated", "inserted"} {
			if strings.Contains(c.Name, k) {
				kinds[k] = true
			}
		}
	}
	for _, k := range []string{"3 items or more", `"" past the first item`, "removed", "repeated", "inserted"} {
		if !kinds[k] {
			t.Errorf("no variation with %s", k)
		}
	}
	var got []string
	for _, c := range m.Splice([]byte(`{"names":["Ada","Bob"]}`), &Dict{Numbers: []json.Number{"7"}, Strings: []string{"root"}}, 4) {
		got = append(got, c.Name+" "+string(c.Args))
	}
	if want := []string{`valid (search): "names" [0] = "root" from the code it reached {"names":["root","Bob"]}`}; !slices.Equal(got, want) {
		t.Errorf("splice: got %q\nwant %q", got, want)
	}
}
