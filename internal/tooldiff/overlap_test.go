package tooldiff

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
)

// overlapTool is a tool "t" whose inputSchema has one argument a of the
// schema arg.
func overlapTool(t *testing.T, arg string) json.RawMessage {
	t.Helper()
	b := []byte(`{"name": "t", "description": "Adds.", "inputSchema": {"type": "object", "properties": {"a": ` + arg + `}}}`)
	if !json.Valid(b) {
		t.Fatalf("not JSON: %s", b)
	}
	return b
}

// wholeValid validates value against a tool's whole inputSchema, compiled
// as diff's judge compiles schemas (santhosh-tekuri/jsonschema through
// offlineschema, formats asserted).
func wholeValid(t *testing.T, tool json.RawMessage, value any) bool {
	t.Helper()
	var doc struct {
		InputSchema any `json:"inputSchema"`
	}
	d := json.NewDecoder(strings.NewReader(string(tool)))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	c := offlineschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("urn:test:whole", doc.InputSchema); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("urn:test:whole")
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(value) == nil
}

// refusedWitness is the value a D013 finding shows as now refused.
func refusedWitness(t *testing.T, c Change) any {
	t.Helper()
	_, rest, ok := strings.Cut(c.What, ": ")
	w, _, ok2 := strings.Cut(rest, " is now refused")
	if !ok || !ok2 {
		t.Fatalf("no witness in %q", c.What)
	}
	d := json.NewDecoder(strings.NewReader(w))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("witness %q: %v", w, err)
	}
	return v
}

// TestWidenedIntoOverlapIsProvenBreak: a change the keyword-by-keyword
// comparison cannot prove (a pattern widened, a contains widened) is a
// break when the judge of the whole pair finds a value the old schema
// accepted and the new one refuses: D013, an error with the value, and no
// D023 "not proven" beside it. Each witness is checked here against the
// tool's whole old inputSchema (valid) and whole new one (invalid).
//
// attack pass 49b, row 5: oneOf [^a, ^b] -> [^a, ^[ab]] was D023 "every
// string tried that the old pattern matches, the new one matches, but that
// is not proven (and "a0" matches only the new one)", exit 0, though "a0"
// matched one branch before and two now (oneOf fails); contains ^a ->
// ^[ab] under maxContains 1 was D023 "no value was found", though
// ["a","b"] counted one item before and two now.
func TestWidenedIntoOverlapIsProvenBreak(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, old, new string }{
		{"oneOf pattern widened into the other branch (class)",
			`{"oneOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}]}`,
			`{"oneOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^[ab]"}]}`},
		{"oneOf pattern widened into the other branch (alternation)",
			`{"oneOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}]}`,
			`{"oneOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^(a|b)"}]}`},
		{"oneOf pattern widened into digits",
			`{"oneOf": [{"type": "string", "pattern": "^[0-9]+$"}, {"type": "string", "pattern": "^x"}]}`,
			`{"oneOf": [{"type": "string", "pattern": "^[0-9]+$"}, {"type": "string", "pattern": "^(x|[0-9])"}]}`},
		{"contains pattern widened under maxContains 1",
			`{"type": "array", "contains": {"pattern": "^a"}, "maxContains": 1}`,
			`{"type": "array", "contains": {"pattern": "^[ab]"}, "maxContains": 1}`},
		{"contains string pattern widened under maxContains 2",
			`{"type": "array", "contains": {"type": "string", "pattern": "^a"}, "maxContains": 2}`,
			`{"type": "array", "contains": {"type": "string", "pattern": "^[ab]"}, "maxContains": 2}`},
		{"contains narrowed under minContains 2",
			`{"type": "array", "contains": {"type": "string"}, "minContains": 2}`,
			`{"type": "array", "contains": {"type": "string", "pattern": "^a"}, "minContains": 2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o, n := overlapTool(t, tc.old), overlapTool(t, tc.new)
			var found bool
			for _, c := range Compare([]json.RawMessage{o}, []json.RawMessage{n}) {
				switch c.Rule {
				case rules.DiffUnproven:
					t.Errorf("D023 beside a proven break: %s", c.Message())
				case rules.DiffValueRefused:
					found = true
					w := refusedWitness(t, c)
					args := map[string]any{"a": w}
					if !wholeValid(t, o, args) || wholeValid(t, n, args) {
						t.Errorf("witness %s: not valid before and invalid after against the whole inputSchemas: %s", showValue(w), c.Message())
					}
				}
			}
			if !found {
				t.Errorf("no D013 for %s -> %s: %v", tc.old, tc.new, Compare([]json.RawMessage{o}, []json.RawMessage{n}))
			}
		})
	}
}

// TestWidenedWithoutOverlapIsNoBreak: the controls of
// TestWidenedIntoOverlapIsProvenBreak. A oneOf branch widened where no
// other branch matches (^b -> ^b|^c beside ^a), a contains widened with
// no maxContains, and maxContains relaxed refuse nothing the old schema
// accepted: no error.
func TestWidenedWithoutOverlapIsNoBreak(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, old, new string }{
		{"oneOf pattern widened apart from the other branch",
			`{"oneOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}]}`,
			`{"oneOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b|^c"}]}`},
		{"contains pattern widened, no maxContains",
			`{"type": "array", "contains": {"pattern": "^a"}}`,
			`{"type": "array", "contains": {"pattern": "^[ab]"}}`},
		{"maxContains relaxed",
			`{"type": "array", "contains": {"pattern": "^a"}, "maxContains": 1}`,
			`{"type": "array", "contains": {"pattern": "^a"}, "maxContains": 2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, c := range Compare([]json.RawMessage{overlapTool(t, tc.old)}, []json.RawMessage{overlapTool(t, tc.new)}) {
				if c.Rule.Severity == rules.Error {
					t.Errorf("%s -> %s: %s %s", tc.old, tc.new, c.Rule.ID, c.Message())
				}
			}
		})
	}
}
