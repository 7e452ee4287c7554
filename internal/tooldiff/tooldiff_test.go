package tooldiff

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// in is a tool "t" with the given inputSchema; io adds an outputSchema.
func in(schema string) string { return `[{"name": "t", "inputSchema": ` + schema + `}]` }

func io(input, output string) string {
	return `[{"name": "t", "inputSchema": ` + input + `, "outputSchema": ` + output + `}]`
}

func with(extra string) string {
	return `[{"name": "t", "inputSchema": {"type": "object"}` + extra + `}]`
}

const obj = `{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}`

// diffCases: each change, old to new, with the rules it draws and the
// rules the reverse change draws. Together they cover every D rule.
var diffCases = []diffCase{
	{"tool removed", `[{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}]`,
		`[{"name": "a", "inputSchema": {"type": "object"}}]`, []string{"D001"}, []string{"D101"}, ""},
	{"tool renamed", `[{"name": "a", "inputSchema": ` + obj + `}]`, `[{"name": "b", "inputSchema": ` + obj + `}]`,
		[]string{"D001", "D101"}, []string{"D001", "D101"}, ""},
	{"argument made required", in(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"]}`),
		in(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a", "b"]}`),
		[]string{"D002"}, []string{"D103"}, "/inputSchema/required"},
	{"required argument added", in(`{"type": "object", "properties": {"a": {"type": "string"}}}`),
		in(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["b"]}`),
		[]string{"D002"}, []string{"D003"}, "/inputSchema/required"},
	{"optional argument added", in(obj),
		in(`{"type": "object", "properties": {"city": {"type": "string"}, "units": {"type": "string"}}, "required": ["city"], "additionalProperties": false}`),
		[]string{"D102"}, []string{"D003"}, "/inputSchema/properties/units"},
	{"nested required", in(`{"type": "object", "properties": {"p": {"type": "object", "properties": {"x": {"type": "number"}}}}}`),
		in(`{"type": "object", "properties": {"p": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}}`),
		[]string{"D002"}, []string{"D103"}, "/inputSchema/properties/p/required"},
	{"type narrowed", in(`{"type": "object", "properties": {"days": {"type": "number"}}}`), in(`{"type": "object", "properties": {"days": {"type": "integer"}}}`),
		[]string{"D004"}, []string{"D104"}, "/inputSchema/properties/days/type"},
	{"type made non-null", in(`{"type": "object", "properties": {"s": {"type": ["string", "null"]}}}`), in(`{"type": "object", "properties": {"s": {"type": "string"}}}`),
		[]string{"D004"}, []string{"D104"}, ""},
	{"type changed", in(`{"type": "object", "properties": {"s": {"type": "string"}}}`), in(`{"type": "object", "properties": {"s": {"type": "object"}}}`),
		[]string{"D004"}, []string{"D004"}, ""},
	{"type added", in(`{"type": "object", "properties": {"s": {}}}`), in(`{"type": "object", "properties": {"s": {"type": "string"}}}`),
		[]string{"D004"}, []string{"D104"}, ""},
	{"schema made false", in(`{"type": "object", "properties": {"s": true}}`), in(`{"type": "object", "properties": {"s": false}}`),
		[]string{"D004"}, []string{"D104"}, ""},
	{"enum narrowed", in(`{"type": "object", "properties": {"u": {"enum": ["metric", "imperial", "kelvin"]}}}`),
		in(`{"type": "object", "properties": {"u": {"enum": ["metric", "imperial"]}}}`),
		[]string{"D005"}, []string{"D105"}, "/inputSchema/properties/u/enum"},
	{"const added", in(`{"type": "object", "properties": {"u": {"type": "string"}}}`), in(`{"type": "object", "properties": {"u": {"type": "string", "const": "x"}}}`),
		[]string{"D005"}, []string{"D105"}, "/inputSchema/properties/u/const"},
	{"enum swapped", in(`{"type": "object", "properties": {"u": {"enum": ["a", "b"]}}}`), in(`{"type": "object", "properties": {"u": {"enum": ["a", "c"]}}}`),
		[]string{"D005", "D105"}, []string{"D005", "D105"}, ""},
	{"enum numbers equal", in(`{"type": "object", "properties": {"n": {"enum": [1.0, 2]}}}`), in(`{"type": "object", "properties": {"n": {"enum": [1, 2e0]}}}`),
		nil, nil, ""},
	{"maximum lowered", in(`{"type": "object", "properties": {"days": {"type": "integer", "maximum": 14}}}`),
		in(`{"type": "object", "properties": {"days": {"type": "integer", "maximum": 7}}}`),
		[]string{"D006"}, []string{"D106"}, "/inputSchema/properties/days/maximum"},
	{"minimum raised", in(`{"type": "object", "properties": {"d": {"type": "number", "minimum": 0.5}}}`),
		in(`{"type": "object", "properties": {"d": {"type": "number", "minimum": 1.25}}}`), []string{"D006"}, []string{"D106"}, ""},
	{"lengths added", in(`{"type": "object", "properties": {"s": {"type": "string"}, "l": {"type": "array"}}}`),
		in(`{"type": "object", "properties": {"s": {"type": "string", "minLength": 1, "maxLength": 80}, "l": {"type": "array", "maxItems": 3, "uniqueItems": true}}}`),
		[]string{"D006", "D006", "D006", "D006"}, []string{"D106", "D106", "D106", "D106"}, "/inputSchema/properties/l/maxItems"},
	{"exclusive bound and properties", in(`{"type": "object", "exclusiveMaximum": 10, "minProperties": 1}`),
		in(`{"type": "object", "exclusiveMaximum": 5, "minProperties": 2}`), []string{"D006", "D006"}, []string{"D106", "D106"}, ""},
	{"pattern added", in(`{"type": "object", "properties": {"s": {"type": "string"}}}`), in(`{"type": "object", "properties": {"s": {"type": "string", "pattern": "^[a-z]+$"}}}`),
		[]string{"D006"}, []string{"D106"}, "/inputSchema/properties/s/pattern"},
	{"pattern changed", in(`{"type": "object", "properties": {"s": {"pattern": "^a"}}}`), in(`{"type": "object", "properties": {"s": {"pattern": "^b"}}}`),
		[]string{"D006"}, []string{"D006"}, ""},
	{"format added", in(`{"type": "object", "properties": {"s": {"type": "string"}}}`), in(`{"type": "object", "properties": {"s": {"type": "string", "format": "date"}}}`),
		[]string{"D006"}, []string{"D106"}, ""},
	{"multipleOf", in(`{"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 2}}}`), in(`{"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 4}}}`),
		[]string{"D006"}, []string{"D106"}, "/inputSchema/properties/n/multipleOf"},
	{"multipleOf changed", in(`{"type": "object", "properties": {"n": {"multipleOf": 2}}}`), in(`{"type": "object", "properties": {"n": {"multipleOf": 3}}}`),
		[]string{"D006"}, []string{"D006"}, ""},
	{"closed", in(`{"type": "object", "properties": {"a": {"type": "string"}}}`), in(`{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}`),
		[]string{"D007"}, []string{"D107"}, "/inputSchema/additionalProperties"},
	{"closed to a schema", in(`{"type": "object", "additionalProperties": true}`), in(`{"type": "object", "additionalProperties": {"type": "string"}}`),
		[]string{"D007"}, []string{"D107"}, ""},
	{"additional schema narrowed", in(`{"type": "object", "additionalProperties": {"type": "number"}}`), in(`{"type": "object", "additionalProperties": {"type": "integer"}}`),
		[]string{"D004"}, []string{"D104"}, "/inputSchema/additionalProperties/type"},
	{"branch removed", in(`{"type": "object", "properties": {"loc": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"lat": {"type": "number"}}}]}}}`),
		in(`{"type": "object", "properties": {"loc": {"anyOf": [{"type": "string"}]}}}`),
		[]string{"D008"}, []string{"D108"}, "/inputSchema/properties/loc/anyOf/1"},
	{"branch changed", in(`{"type": "object", "properties": {"loc": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"lat": {"type": "number"}}}]}}}`),
		in(`{"type": "object", "properties": {"loc": {"oneOf": [{"type": "object", "properties": {"lat": {"type": "number"}}, "required": ["lat"]}, {"type": "string"}]}}}`),
		[]string{"D002"}, []string{"D103"}, "/inputSchema/properties/loc/oneOf/0/required"},
	{"items narrowed", in(`{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "number"}}}}`),
		in(`{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "integer"}}}}`), []string{"D004"}, []string{"D104"}, "/inputSchema/properties/l/items/type"},
	{"result member removed", io(`{"type": "object"}`, `{"type": "object", "properties": {"temp": {"type": "number"}, "wind": {"type": "number"}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"temp": {"type": "number"}}}`),
		[]string{"D009"}, []string{"D109"}, "/outputSchema/properties/wind"},
	{"result member optional", io(`{"type": "object"}`, `{"type": "object", "properties": {"temp": {"type": "number"}}, "required": ["temp"]}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"temp": {"type": "number"}}}`),
		[]string{"D009"}, []string{"D109"}, "/outputSchema/required"},
	{"result type widened", io(`{"type": "object"}`, `{"type": "object", "properties": {"temp": {"type": "integer"}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"temp": {"type": "number"}}}`),
		[]string{"D010"}, []string{"D110"}, "/outputSchema/properties/temp/type"},
	{"result type changed", io(`{"type": "object"}`, `{"type": "object", "properties": {"r": {"type": "array"}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"r": {"type": "object"}}}`), []string{"D010"}, []string{"D010"}, ""},
	{"outputSchema removed", io(`{"type": "object"}`, `{"type": "object"}`), in(`{"type": "object"}`), []string{"D011"}, []string{"D111"}, "/outputSchema"},
	{"result enum widened", io(`{"type": "object"}`, `{"type": "object", "properties": {"s": {"enum": ["ok", "failed"]}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"s": {"enum": ["ok", "failed", "partial"]}}}`),
		[]string{"D020"}, []string{"D110"}, "/outputSchema/properties/s/enum"},
	{"result opened", io(`{"type": "object"}`, `{"type": "object", "additionalProperties": false}`), io(`{"type": "object"}`, `{"type": "object"}`),
		[]string{"D020"}, []string{"D110"}, ""},
	{"result bound relaxed", io(`{"type": "object"}`, `{"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"n": {"type": "integer"}}}`), []string{"D020"}, []string{"D110"}, ""},
	{"result branch added", io(`{"type": "object"}`, `{"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}]}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}`), []string{"D020"}, []string{"D110"}, ""},
	{"read-only no longer", with(`, "annotations": {"readOnlyHint": true}`), with(`, "annotations": {}`), []string{"D021"}, []string{"D112"}, "/annotations/readOnlyHint"},
	{"destructive by default", with(`, "annotations": {"destructiveHint": false}`), with(``), []string{"D021"}, []string{"D112"}, "/annotations/destructiveHint"},
	{"not idempotent", with(`, "annotations": {"idempotentHint": true}`), with(`, "annotations": {"idempotentHint": false}`), []string{"D021"}, []string{"D112"}, "/annotations/idempotentHint"},
	{"open world", with(`, "annotations": {"openWorldHint": false}`), with(`, "annotations": {"openWorldHint": true}`), []string{"D021"}, []string{"D112"}, "/annotations/openWorldHint"},
	{"defaults spelt out", with(``), with(`, "annotations": {"readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": true}`), nil, nil, ""},
	{"read-only hides destructive", with(`, "annotations": {"readOnlyHint": true, "destructiveHint": false}`), with(`, "annotations": {"readOnlyHint": true}`), nil, nil, ""},
	{"annotations title", with(`, "annotations": {"title": "Weather"}`), with(`, "annotations": {"title": "Current weather"}`), []string{"D202"}, []string{"D202"}, "/annotations/title"},
	{"tool title", with(`, "title": "Weather"`), with(``), []string{"D202"}, []string{"D202"}, "/title"},
	{"tool description", with(`, "description": "Weather now."`), with(`, "description": "Weather now, for a city."`), []string{"D201"}, []string{"D201"}, "/description"},
	{"argument description and title", in(`{"type": "object", "properties": {"c": {"type": "string", "description": "City.", "title": "C"}}}`),
		in(`{"type": "object", "properties": {"c": {"type": "string", "description": "City name."}}}`), []string{"D202", "D201"}, []string{"D202", "D201"}, "/inputSchema/properties/c/title"},
	{"description gains a mixed-script word", with(`, "description": "Weather now."`), with(`, "description": "Weather now, сurrent."`), []string{"D201", "D022"}, []string{"D201"}, "/description"},
	{"description gains hidden text", with(`, "description": "Weather now."`), with(`, "description": "Weather now.\u200b"`), []string{"D201", "D012"}, []string{"D201"}, "/description"},
	{"meta ignored", with(`, "_meta": {"a": 1}`), with(`, "_meta": {"a": 2}`), nil, nil, ""},
	{"not changed", in(`{"type": "object", "not": {"required": ["a"]}}`), in(`{"type": "object", "not": {"required": ["b"]}}`), []string{"D013"}, []string{"D013"}, "/inputSchema/not"},
	{"remote ref", in(`{"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}`),
		in(`{"type": "object", "properties": {"a": {"$ref": "https://example.com/b.json"}}}`), []string{"D023"}, []string{"D023"}, "/inputSchema/properties/a"},
	{"header added", in(`{"type": "object", "properties": {"region": {"type": "string"}}}`), in(`{"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}}`),
		[]string{"D024"}, []string{"D301"}, "/inputSchema/properties/region/x-mcp-header"},
	{"secret mirrored", in(`{"type": "object", "properties": {"api_key": {"type": "string"}}}`), in(`{"type": "object", "properties": {"api_key": {"type": "string", "x-mcp-header": "Api-Key"}}}`),
		[]string{"D024", "D025"}, []string{"D301"}, "/inputSchema/properties/api_key/x-mcp-header"},
	{"header invalid", in(`{"type": "object", "properties": {"n": {"type": "number"}}}`), in(`{"type": "object", "properties": {"n": {"type": "number", "x-mcp-header": "N"}}}`),
		[]string{"D001"}, []string{"D101"}, "/inputSchema/properties/n/x-mcp-header"},
	{"icons", with(`, "icons": [{"src": "a.png"}]`), with(``), []string{"D301"}, []string{"D301"}, "/icons"},
	{"anyOf appears", in(`{"type": "object", "properties": {"a": {"type": "string"}}}`), in(`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}`),
		[]string{"D113"}, []string{"D013"}, "/inputSchema/properties/a"},
	{"ref inlined", in(`{"type": "object", "properties": {"u": {"$ref": "#/$defs/units"}}, "$defs": {"units": {"enum": ["metric", "imperial"]}}}`),
		in(`{"type": "object", "properties": {"u": {"enum": ["metric", "imperial"]}}}`), nil, nil, ""},
	{"ref target narrowed", in(`{"type": "object", "properties": {"u": {"$ref": "#/$defs/units", "description": "Units."}}, "$defs": {"units": {"enum": ["metric", "imperial"]}}}`),
		in(`{"type": "object", "properties": {"u": {"$ref": "#/$defs/units", "description": "Units."}}, "$defs": {"units": {"enum": ["metric"]}}}`),
		[]string{"D005"}, []string{"D105"}, "/inputSchema/properties/u/enum"},
	{"recursive ref", in(`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/node"}}, "$defs": {"node": {"type": "object", "properties": {"v": {"type": "number"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}`),
		in(`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/node"}}, "$defs": {"node": {"type": "object", "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}`),
		[]string{"D004"}, []string{"D104"}, "/inputSchema/properties/tree/properties/v/type"},
}

func parse(t *testing.T, s string) []json.RawMessage {
	t.Helper()
	l, err := ParseList([]byte(s))
	if err != nil {
		t.Fatalf("%v in %s", err, s)
	}
	return l
}

func ids(cs []Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Rule.ID)
	}
	return out
}

func TestCompare(t *testing.T) {
	t.Parallel()
	for _, c := range allCases() {
		t.Run(c.name, func(t *testing.T) {
			old, new := parse(t, c.old), parse(t, c.new)
			fwd, rev := Compare(old, new), Compare(new, old)
			if !slices.Equal(ids(fwd), c.forward) {
				t.Errorf("old -> new: %v, want %v\n%s", ids(fwd), c.forward, messages(fwd))
			}
			if !slices.Equal(ids(rev), c.reverse) {
				t.Errorf("new -> old: %v, want %v\n%s", ids(rev), c.reverse, messages(rev))
			}
			if c.pointer != "" && len(fwd) > 0 && fwd[0].Pointer != c.pointer {
				t.Errorf("pointer %q, want %q", fwd[0].Pointer, c.pointer)
			}
			for _, l := range [][]json.RawMessage{old, new} {
				if same := Compare(l, l); len(same) > 0 {
					t.Errorf("a list against itself: %s", messages(same))
				}
			}
		})
	}
}

func messages(cs []Change) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.Rule.ID + " " + c.Message() + "\n")
	}
	return b.String()
}

// TestEveryRuleCovered: the table draws every rule tooldiff reports, and
// only those.
func TestEveryRuleCovered(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, id := range listProblemRules {
		seen[id] = true
	}
	for _, c := range allCases() {
		for _, id := range append(slices.Clone(c.forward), c.reverse...) {
			seen[id] = true
		}
	}
	for _, c := range gainedCases {
		seen[c.want] = true
	}
	for _, r := range rules.ReportedBy(rules.ToolDiff) {
		if !seen[r.ID] {
			t.Errorf("%s %s: no case draws it", r.ID, r.Slug)
		}
		delete(seen, r.ID)
	}
	if len(seen) > 0 {
		t.Errorf("rules drawn that tooldiff does not own: %v", seen)
	}
}

func TestRenameHint(t *testing.T) {
	t.Parallel()
	cs := Compare(parse(t, `[{"name": "get_weather", "inputSchema": `+obj+`}]`), parse(t, `[{"name": "weather_get", "inputSchema": `+obj+`}]`))
	if len(cs) != 2 || !strings.Contains(cs[0].Message(), `renamed to "weather_get"?`) {
		t.Errorf("%s", messages(cs))
	}
}

// TestSharedRef: a $defs schema used by two arguments is compared at
// each, so a change to it is reported where each argument takes it.
func TestSharedRef(t *testing.T) {
	t.Parallel()
	schema := func(units string) string {
		return in(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/u"}, "b": {"$ref": "#/$defs/u"}}, "$defs": {"u": {"enum": ` + units + `}}}`)
	}
	cs := Compare(parse(t, schema(`["metric", "imperial"]`)), parse(t, schema(`["metric"]`)))
	if len(cs) != 2 || cs[0].Pointer != "/inputSchema/properties/a/enum" || cs[1].Pointer != "/inputSchema/properties/b/enum" {
		t.Errorf("%s", messages(cs))
	}
}

// TestRefBlowUp: $defs that each use the next one twice would take 2^40
// comparisons; the comparison stops at its budget and says so.
func TestRefBlowUp(t *testing.T) {
	t.Parallel()
	schema := func(leaf string) string {
		var defs []string
		for i := range 40 {
			defs = append(defs, fmt.Sprintf(`"d%d": {"type": "object", "properties": {"x": {"$ref": "#/$defs/d%d"}, "y": {"$ref": "#/$defs/d%d"}}}`, i, i+1, i+1))
		}
		defs = append(defs, `"d40": {"type": "`+leaf+`"}`)
		return in(`{"type": "object", "properties": {"r": {"$ref": "#/$defs/d0"}}, "$defs": {` + strings.Join(defs, ", ") + `}}`)
	}
	cs := Compare(parse(t, schema("number")), parse(t, schema("integer")))
	last := cs[len(cs)-1]
	if last.Rule != rules.DiffUnproven || !strings.Contains(last.What, "schemas to compare") || len(cs) > maxSteps {
		t.Errorf("%d changes, the last %s", len(cs), last.Message())
	}
}

func TestParseList(t *testing.T) {
	t.Parallel()
	for _, s := range []string{`{"tools": [{"name": "a"}]}`, `[{"name": "a"}]`, `{"tools": [{"name": "a"}], "nextCursor": null}`,
		`{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a"}]}}`,
		`[{"name": "a", "inputSchema": {"type": "object", "properties": {"n": {"type": "number", "maximum": 1e400}}}}]`} {
		if l, err := ParseList([]byte(s)); err != nil || len(l) != 1 {
			t.Errorf("%s: %v %v", s, l, err)
		}
	}
	for s, want := range map[string]string{
		"[\n  {\"name\": \"a\",}\n]":       "2:17: invalid character",
		`{"id": 1}`:                        `1:1: an object without "tools"`,
		`{"jsonrpc": "2.0", "result": {}}`: `1:30: an object without "tools"`,
		`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601}}`: `1:38: a JSON-RPC error response`,
		`[{"name": "a"}, {"title": "b"}]`:                        `1:17: tools[1] has no name`,
		"[{\"name\": \"a\"},\n {\"name\": \"a\"}]":               `2:2: tools[1] is named "a", as tools[0] is`,
		`[{"name": "a"}] [1]`:                                    `1:17: more after the tool list`,
		` "tools"`:                                               "1:2: not a tools/list result",
		"{\"tools\": [\n  {\"name\": \"a\"},\n  1]}":             "3:3: tools[1] is not an object",
		`{"tools": {}}`:                                          `1:11: "tools" is not an array`,
	} {
		if _, err := ParseList([]byte(s)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q...", s, err, want)
		}
	}
}
