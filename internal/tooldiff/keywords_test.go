package tooldiff

import (
	"strings"
	"testing"
)

// keywordCases: every JSON Schema keyword that constrains a value, changed
// one way and the other, the four breaks the real history of a large MCP
// server showed, and real-shaped changes of structured results.
var keywordCases = []diffCase{
	// The four breaks the comparison used to pass as "not compared".
	{"real: anyOf of required added", in(`{"type": "object", ` + issueProps + `}`),
		in(`{"type": "object", ` + issueProps + `, "anyOf": [{"required": ["body"]}, {"required": ["reaction"]}]}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/anyOf"},
	{"real: dependentSchemas added", in(`{"type": "object", ` + issueProps + `}`),
		in(`{"type": "object", ` + issueProps + `, "dependentSchemas": {"comment_id": {"required": ["reaction"], "not": {"required": ["body"]}}}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/dependentSchemas"},
	{"real: string made nullable and non-empty", arg(`{"type": "string"}`), arg(`{"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]}`),
		[]string{"D013"}, []string{"D013"}, "/inputSchema/properties/p"},
	{"real: closed oneOf added", in(`{"type": "object"}`),
		in(`{"type": "object", "oneOf": [{"properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false}, {"properties": {"b": {"type": "integer"}}, "required": ["b"], "additionalProperties": false}]}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/oneOf"},

	// Nullable, spelt two ways: the same values.
	{"nullable as type list or anyOf", arg(`{"type": ["string", "null"]}`), arg(`{"anyOf": [{"type": "string"}, {"type": "null"}]}`), nil, nil, ""},
	{"nullable as oneOf", arg(`{"type": ["integer", "null"]}`), arg(`{"oneOf": [{"type": "integer"}, {"type": "null"}]}`), nil, nil, ""},
	{"allOf spelt out", arg(`{"type": "string", "minLength": 1}`), arg(`{"allOf": [{"type": "string"}, {"minLength": 1}]}`), nil, nil, ""},
	{"additionalProperties {} is true", in(`{"type": "object", "additionalProperties": {}}`), in(`{"type": "object"}`), nil, nil, ""},

	{"allOf added", arg(`{"type": "string"}`), arg(`{"type": "string", "allOf": [{"minLength": 1}]}`), []string{"D013"}, []string{"D113"}, "/inputSchema/properties/p/allOf"},
	{"allOf gains a schema", arg(`{"allOf": [{"type": "string"}]}`), arg(`{"allOf": [{"type": "string"}, {"maxLength": 3}]}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/properties/p/allOf"},
	{"oneOf whose branches overlap", arg(`{"type": "string"}`), arg(`{"oneOf": [{"type": "string"}, {"type": "string", "maxLength": 3}]}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/properties/p"},
	{"anyOf branch removed, its values kept by another", arg(`{"anyOf": [{"type": "string"}, {"type": "string", "maxLength": 3}]}`),
		arg(`{"anyOf": [{"type": "string"}]}`), nil, []string{"D108"}, ""},
	{"oneOf branch added over another's values", arg(`{"oneOf": [{"type": "string"}]}`), arg(`{"oneOf": [{"type": "string"}, {"type": "string", "maxLength": 3}]}`),
		[]string{"D013"}, nil, "/inputSchema/properties/p/oneOf"},
	{"enum spelling out a type", arg(`{"type": "boolean"}`), arg(`{"type": "boolean", "enum": [true, false]}`), nil, []string{"D105"}, ""},
	{"enum value removed that the type refused", arg(`{"type": "string", "enum": ["a", "b", 1]}`), arg(`{"type": "string", "enum": ["a", "b"]}`),
		nil, []string{"D105"}, ""},
	{"not added", arg(`{"type": "string"}`), arg(`{"type": "string", "not": {"const": "x"}}`), []string{"D013"}, []string{"D113"}, "/inputSchema/properties/p/not"},
	{"not narrowed, not proven", arg(`{"type": "string", "not": {"pattern": "^a"}}`), arg(`{"type": "string", "not": {"pattern": "^ab"}}`),
		[]string{"D023"}, []string{"D013"}, "/inputSchema/properties/p/not"},
	{"if/then added", in(`{"type": "object", "properties": {"u": {"enum": ["metric", "imperial"]}, "t": {"type": "number"}}}`),
		in(`{"type": "object", "properties": {"u": {"enum": ["metric", "imperial"]}, "t": {"type": "number"}}, "if": {"properties": {"u": {"const": "metric"}}, "required": ["u"]}, "then": {"required": ["t"]}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema"},
	{"patternProperties added", in(`{"type": "object"}`), in(`{"type": "object", "patternProperties": {"^x_": {"type": "string"}}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/patternProperties"},
	{"propertyNames added", in(`{"type": "object"}`), in(`{"type": "object", "propertyNames": {"maxLength": 3}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/propertyNames"},
	{"dependentRequired added", in(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}`),
		in(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "dependentRequired": {"a": ["b"]}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/dependentRequired"},
	{"prefixItems added", arg(`{"type": "array"}`), arg(`{"type": "array", "prefixItems": [{"type": "string"}]}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/properties/p/prefixItems"},
	{"tuple closed", arg(`{"type": "array", "prefixItems": [{"type": "string"}]}`), arg(`{"type": "array", "prefixItems": [{"type": "string"}], "items": false}`),
		[]string{"D004"}, []string{"D104"}, "/inputSchema/properties/p/items"},
	{"contains added", arg(`{"type": "array"}`), arg(`{"type": "array", "contains": {"type": "string"}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/properties/p/contains"},
	{"minContains raised", arg(`{"type": "array", "contains": {"type": "string"}}`), arg(`{"type": "array", "contains": {"type": "string"}, "minContains": 2}`),
		[]string{"D006"}, []string{"D106"}, "/inputSchema/properties/p/minContains"},
	{"maxContains added", arg(`{"type": "array", "contains": {"type": "string"}}`), arg(`{"type": "array", "contains": {"type": "string"}, "maxContains": 1}`),
		[]string{"D006"}, []string{"D106"}, "/inputSchema/properties/p/maxContains"},
	{"unevaluatedProperties closed", in(`{"type": "object", "properties": {"a": {"type": "string"}}}`),
		in(`{"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": false}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/unevaluatedProperties"},
	{"pattern widened, not proven", arg(`{"type": "string", "pattern": "^[a-z]+$"}`), arg(`{"type": "string", "pattern": "^[a-z0-9]+$"}`),
		[]string{"D023"}, []string{"D006"}, "/inputSchema/properties/p/pattern"},
	{"huge maximum lowered", arg(`{"type": "number", "maximum": 1e400}`), arg(`{"type": "number", "maximum": 1e300}`),
		[]string{"D006"}, []string{"D106"}, "/inputSchema/properties/p/maximum"},
	{"huge numbers spelt two ways", arg(`{"type": "number", "maximum": 1e400, "enum": [1E+400, 0.5]}`), arg(`{"type": "number", "maximum": 10e399, "enum": [5e-1, 1e400]}`), nil, nil, ""},
	{"recursive schema gains a not", in(`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/n"}}, "$defs": {"n": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/n"}}}}}}`),
		in(`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/n"}}, "$defs": {"n": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/n"}}}, "not": {"required": ["bad"]}}}}`),
		[]string{"D013"}, []string{"D113"}, "/inputSchema/properties/tree/not"},
	{"recursive schema wrapped in allOf", in(`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/n"}}, "$defs": {"n": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/n"}}}}}}`),
		in(`{"type": "object", "properties": {"tree": {"allOf": [{"$ref": "#/$defs/n"}]}}, "$defs": {"n": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/n"}}}}}}`),
		nil, nil, ""},

	{"$ref beside its siblings: both apply", in(`{"type": "object", "properties": {"p": {"$ref": "#/$defs/s", "maxLength": 10}}, "$defs": {"s": {"type": "string", "maxLength": 5}}}`),
		arg(`{"anyOf": [{"type": "string", "maxLength": 5}]}`), nil, nil, ""},
	{"$ref beside its siblings, one branch wider", in(`{"type": "object", "properties": {"p": {"$ref": "#/$defs/s", "maxLength": 10}}, "$defs": {"s": {"type": "string", "maxLength": 5}}}`),
		arg(`{"anyOf": [{"type": "string", "maxLength": 3}]}`), []string{"D013"}, []string{"D113"}, "/inputSchema/properties/p"},

	// Structured results, judged the other way: what the new version may
	// return must fit what the old one promised.
	{"result nullable", out(`{"type": "string"}`), out(`{"anyOf": [{"type": "string"}, {"type": "null"}]}`),
		[]string{"D010"}, []string{"D110"}, "/outputSchema/properties/r"},
	{"result shape held to a oneOf", io(`{"type": "object"}`, `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}`),
		io(`{"type": "object"}`, `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}`),
		[]string{"D110"}, []string{"D020"}, "/outputSchema/oneOf"},
	{"result item member removed", io(`{"type": "object"}`, issuesOut(`"id": {"type": "integer"}, "title": {"type": "string"}`, `"id", "title"`)),
		io(`{"type": "object"}`, issuesOut(`"id": {"type": "integer"}`, `"id"`)),
		[]string{"D009"}, []string{"D109"}, "/outputSchema/properties/issues/items/properties/title"},
	{"result member type widened to a list", out(`{"type": "integer"}`), out(`{"type": ["integer", "string"]}`),
		[]string{"D010"}, []string{"D110"}, "/outputSchema/properties/r/type"},
	{"result member no longer required", io(`{"type": "object"}`, issuesOut(`"id": {"type": "integer"}, "url": {"type": "string"}`, `"id", "url"`)),
		io(`{"type": "object"}`, issuesOut(`"id": {"type": "integer"}, "url": {"type": "string"}`, `"id"`)),
		[]string{"D009"}, []string{"D109"}, "/outputSchema/properties/issues/items/required"},
	{"result enum narrowed", out(`{"enum": ["open", "closed", "draft"]}`), out(`{"enum": ["open", "closed"]}`),
		[]string{"D110"}, []string{"D020"}, "/outputSchema/properties/r/enum"},
	{"outputSchema added", in(`{"type": "object"}`), io(`{"type": "object"}`, issuesOut(`"id": {"type": "integer"}`, `"id"`)),
		[]string{"D111"}, []string{"D011"}, "/outputSchema"},
}

type diffCase = struct {
	name             string
	old, new         string
	forward, reverse []string
	pointer          string
}

const issueProps = `"properties": {"comment_id": {"type": "integer"}, "body": {"type": "string"}, "reaction": {"enum": ["+1", "heart"]}}`

// arg is an inputSchema with one argument p of the schema; out an
// outputSchema with one required member r.
func arg(schema string) string {
	return in(`{"type": "object", "properties": {"p": ` + schema + `}}`)
}

func out(schema string) string {
	return io(`{"type": "object"}`, `{"type": "object", "properties": {"r": `+schema+`}, "required": ["r"]}`)
}

// issuesOut is a list result: {"issues": [{...}]}.
func issuesOut(props, required string) string {
	return `{"type": "object", "properties": {"issues": {"type": "array", "items": {"type": "object", "properties": {` + props +
		`}, "required": [` + required + `]}}}, "required": ["issues"]}`
}

func allCases() []diffCase { return append(append([]diffCase{}, diffCases...), keywordCases...) }

// TestRealBreakMessages: the four breaks say what is now refused and what
// the new schema accepts, never "any type now".
func TestRealBreakMessages(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"real: anyOf of required added":            {`{} is now refused`, `matching one of (requiring "body") | (requiring "reaction")`},
		"real: dependentSchemas added":             {`is now refused`, `when "comment_id" is present: requiring "reaction", not (requiring "body")`},
		"real: string made nullable and non-empty": {`"" is now refused`, `matching one of (string, minLength 1) | (null)`},
		"real: closed oneOf added":                 {`{} is now refused`, `matching exactly one of`},
	}
	for _, c := range keywordCases {
		says, ok := want[c.name]
		if !ok {
			continue
		}
		msg := messages(Compare(parse(t, c.old), parse(t, c.new)))
		for _, s := range says {
			if !strings.Contains(msg, s) {
				t.Errorf("%s: %q not in\n%s", c.name, s, msg)
			}
		}
		if strings.Contains(msg, "any type now") {
			t.Errorf("%s: %s", c.name, msg)
		}
		delete(want, c.name)
	}
	if len(want) > 0 {
		t.Errorf("cases missing: %v", want)
	}
}
