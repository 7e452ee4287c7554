package tooldiff

import (
	"encoding/json"
	"fmt"
	"maps"
	"runtime"
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

// TestManyChangesBounded (attack pass 40h, row 3): two lists under diff's
// 16 MiB cap, 20,000 tools of 20 string arguments each, every argument
// turned integer and the first made required (12 MB and 13 MB), make
// 420,000 changes. Compare held both lists decoded (some 20 times their
// JSON) and every change, and tooltext.CheckTools a whole list decoded:
// subakogo diff took 2.36 GB resident and exited 4 (out of memory) under a
// 4 GB address-space limit. Now the tools are decoded one pair at a time
// and at most MaxListed changes are listed, the rest counted by rule (one
// change each, under that rule, so the verdict is the same): the live heap
// during the comparison, taken after a collection every 2,000 tools, stays
// small, and every change is still counted.
func TestManyChangesBounded(t *testing.T) { // not parallel: measures the heap
	if testing.Short() {
		t.Skip("compares two 12 MB lists")
	}
	list := func(typ, required string) ([]json.RawMessage, int) {
		var out []json.RawMessage
		size := 0
		for i := range 20000 {
			var props []string
			for j := range 20 {
				props = append(props, fmt.Sprintf(`"p%d":{"type":%q}`, j, typ))
			}
			b := fmt.Sprintf(`{"name":"t%d","description":"d","inputSchema":{"type":"object","properties":{%s}%s}}`, i, strings.Join(props, ","), required)
			out = append(out, json.RawMessage(b))
			size += len(b)
		}
		return out, size
	}
	old, a := list("string", "")
	new, b := list("integer", `,"required":["p0"]`)
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base := m.HeapAlloc
	var live uint64
	pairs := 0
	comparedHook = func() {
		if pairs++; pairs%2000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&m)
			live = max(live, m.HeapAlloc-min(base, m.HeapAlloc))
		}
	}
	defer func() { comparedHook = nil }()
	changes := Compare(old, new)
	t.Logf("%d changes listed; lists %d bytes; live heap grew at most %d MB", len(changes), a+b, live>>20)
	if limit := uint64(a+b) * 2; live > limit {
		t.Errorf("comparing %d bytes of lists held %d MB live, past %d MB (twice the lists)", a+b, live>>20, limit>>20)
	}
	if len(changes) > MaxListed+10 {
		t.Errorf("%d changes listed, past MaxListed (%d)", len(changes), MaxListed)
	}
	counted := map[string]int{}
	for _, c := range changes {
		if c.Where != NotListed {
			counted[c.Rule.ID]++
			continue
		}
		var n int
		if _, err := fmt.Sscanf(c.What, "%d more", &n); err != nil {
			t.Fatalf("%q: %v", c.What, err)
		}
		counted[c.Rule.ID] += n
	}
	if want := map[string]int{"D004": 400_000, "D002": 20_000}; !maps.Equal(counted, want) {
		t.Errorf("changes by rule %v, want %v", counted, want)
	}
}
