package toolcheck

import (
	"bytes"
	"encoding/json"
	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/rules"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// A clean property, object schema and tool, for building cases.
const (
	cleanProp   = `{"type":"string","description":"A value."}`
	cleanSchema = `{"type":"object","properties":{"a":` + cleanProp + `},"additionalProperties":false}`
	greetTool   = `{"name":"greet","description":"Greet someone by name.","inputSchema":{"type":"object","properties":{"name":{"type":"string","description":"Who to greet."}},"required":["name"],"additionalProperties":false}}`
)

// toolJSON is a tool named name with a description and the given input schema.
func toolJSON(name, inputSchema string) string {
	return `{"name":` + strconv.Quote(name) + `,"description":"Does a thing.","inputSchema":` + inputSchema + `}`
}

// objectWith is a clean object schema with the given properties (JSON members).
func objectWith(props string) string {
	return `{"type":"object","properties":{` + props + `},"additionalProperties":false}`
}

// nested is an object schema whose objects nest levels deep in all (the root is level 1).
func nested(levels int) string {
	if levels == 1 {
		return cleanSchema
	}
	return objectWith(`"x":` + strings.TrimSuffix(nested(levels-1), "}") + `,"description":"Deeper."}`)
}

// schemaOfSize is a clean object schema of exactly n bytes as compact JSON.
func schemaOfSize(t *testing.T, n int) string {
	t.Helper()
	base := `{"type":"object","properties":{},"additionalProperties":false,"description":""}`
	if n < len(base) {
		t.Fatalf("schemaOfSize(%d): at least %d", n, len(base))
	}
	return strings.Replace(base, `"description":""`, `"description":"`+strings.Repeat("a", n-len(base))+`"`, 1)
}

func toolList(t *testing.T, tools ...string) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	if err := json.Unmarshal([]byte("["+strings.Join(tools, ",")+"]"), &out); err != nil {
		t.Fatalf("bad test input: %v", err)
	}
	return out
}

func slugsOf(fs []rules.Finding) []string {
	var s []string
	for _, f := range fs {
		s = append(s, f.Rule.Slug)
	}
	return s
}

type toolsCase struct {
	name  string
	tools []string
	want  []string // slugs, in order
	msgs  []string // substrings of the messages, in order of the findings
}

func runToolsCases(t *testing.T, cases []toolsCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := Check(toolList(t, c.tools...))
			if got := slugsOf(fs); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v\n%s", got, c.want, messages(fs))
			}
			for i, m := range c.msgs {
				if i >= len(fs) {
					t.Fatalf("more messages than findings")
				}
				if m != "" && !strings.Contains(fs[i].Message, m) {
					t.Errorf("finding %d: %q does not contain %q", i, fs[i].Message, m)
				}
			}
			for _, f := range fs {
				if f.Offset != -1 {
					t.Errorf("%s: Offset %d, want -1", f.Rule.ID, f.Offset)
				}
				if f.Severity() != f.Rule.Severity {
					t.Errorf("%s: severity", f.Rule.ID)
				}
			}
		})
	}
}

func messages(fs []rules.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + f.Rule.ID + " " + f.Rule.Slug + ": " + f.Message + "\n")
	}
	return b.String()
}

func repeatTools(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = toolJSON("tool-"+strconv.Itoa(i), cleanSchema)
	}
	return out
}

func TestToolsClean(t *testing.T) {
	t.Parallel()
	if fs := Check(toolList(t, greetTool)); len(fs) != 0 {
		t.Errorf("greet: %s", messages(fs))
	}
	b, err := os.ReadFile(filepath.Join("testdata", "tools", "clean.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tools []json.RawMessage
	if err := json.Unmarshal(b, &tools); err != nil {
		t.Fatal(err)
	}
	if fs := Check(tools); len(fs) != 0 {
		t.Errorf("clean.json:\n%s", messages(fs))
	}
}

// The ABI page's greet tool, as printed there, only lacks additionalProperties.
func TestToolsABIExample(t *testing.T) {
	t.Parallel()
	abi := `{"name":"greet","description":"Greet someone by name.","inputSchema":{"type":"object","properties":{"name":{"type":"string","description":"Who to greet."}},"required":["name"]}}`
	fs := Check(toolList(t, abi))
	if got := slugsOf(fs); !slices.Equal(got, []string{"schema-open-object"}) {
		t.Fatalf("got %v\n%s", got, messages(fs))
	}
	if want := `tool "greet": inputSchema has an object without "additionalProperties": false at the root; `; !strings.HasPrefix(fs[0].Message, want) {
		t.Errorf("message %q, want prefix %q", fs[0].Message, want)
	}
}

func TestToolsGenerated(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("testdata", "tools", "generated.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tools []json.RawMessage
	if err := json.Unmarshal(b, &tools); err != nil {
		t.Fatal(err)
	}
	fs := Check(tools)
	want := []string{"schema-ref", "schema-open-object", "schema-untyped-property"}
	if got := slugsOf(fs); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v\n%s", got, want, messages(fs))
	}
	for i, m := range []string{
		`tool "create_order": inputSchema has "$defs" at the root (and 1 more place); Gemini`,
		`has an object without "additionalProperties": false at the root (and 1 more place); OpenAI strict mode`,
		`has property "street" without "description" at /$defs/Address/properties/street (and 4 more places)`,
	} {
		if !strings.Contains(fs[i].Message, m) {
			t.Errorf("finding %d: %q does not contain %q", i, fs[i].Message, m)
		}
	}
}

func TestToolCount(t *testing.T) {
	t.Parallel()
	runToolsCases(t, []toolsCase{
		{"none", nil, []string{"tools-count"}, []string{"no tools"}},
		{"one", repeatTools(1), nil, nil},
		{"64", repeatTools(64), nil, nil},
		{"65", repeatTools(65), []string{"tools-count"}, []string{"lists 65 tools; the limit is 64"}},
	})
}

func TestToolName(t *testing.T) {
	t.Parallel()
	name64 := strings.Repeat("a", 64)
	runToolsCases(t, []toolsCase{
		{"64 characters", []string{toolJSON(name64, cleanSchema)}, nil, nil},
		{"65 characters", []string{toolJSON(name64+"b", cleanSchema)}, []string{"tool-name-invalid"}, []string{"the name is 65 characters; the limit is 64"}},
		{"all allowed characters", []string{toolJSON("a-z_0-9", cleanSchema)}, nil, nil},
		{"capitals and a dot", []string{toolJSON("Weather.Get", cleanSchema)}, []string{"tool-name-invalid"},
			[]string{`tool "Weather.Get" (tools[0]): the name has characters outside a-z, 0-9, '_' and '-': 'W' '.' 'G'; try "weather_get"`}},
		// The suggestion is the analyzer's fix: one rule, abi.SuggestToolName.
		{"camel case", []string{toolJSON("GetWeather", cleanSchema)}, []string{"tool-name-invalid"}, []string{`try "get_weather"`}},
		{"space and slash", []string{toolJSON("get weather/now", cleanSchema)}, []string{"tool-name-invalid"}, []string{`' ' '/'`}},
		{"non-ASCII", []string{toolJSON("grüßen", cleanSchema)}, []string{"tool-name-invalid"}, []string{`'ü' 'ß'`}},
		{"missing", []string{`{"description":"x","inputSchema":` + cleanSchema + `}`}, []string{"tool-name-invalid"}, []string{"tools[0] has no name"}},
		{"a number", []string{`{"name":42,"description":"x","inputSchema":` + cleanSchema + `}`}, []string{"tool-name-invalid"}, []string{"tools[0]: name is a number, not a string"}},
		{"null", []string{`{"name":null,"description":"x","inputSchema":` + cleanSchema + `}`}, []string{"tool-name-invalid"}, []string{"name is null"}},
		{"empty", []string{toolJSON("", cleanSchema)}, []string{"tool-name-invalid"}, []string{"tools[0]: name is empty"}},
		{"not an object", []string{greetTool, `"greet"`}, []string{"tool-name-invalid"}, []string{"tools[1] is a string, not a tool object"}},
		{"duplicates", []string{toolJSON("a", cleanSchema), toolJSON("b", cleanSchema), toolJSON("a", cleanSchema), toolJSON("a", cleanSchema)},
			[]string{"tool-name-invalid"}, []string{`tool name "a" is used by 3 tools: tools[0], tools[2] and tools[3]`}},
		{"duplicate invalid names", []string{toolJSON("A", cleanSchema), toolJSON("A", cleanSchema)},
			[]string{"tool-name-invalid", "tool-name-invalid", "tool-name-invalid"}, []string{"(tools[0])", "(tools[1])", "tools[0] and tools[1]"}},
	})
}

func TestToolDescription(t *testing.T) {
	t.Parallel()
	withDesc := func(d string) string {
		return `{"name":"t","description":` + d + `,"inputSchema":` + cleanSchema + `}`
	}
	runToolsCases(t, []toolsCase{
		{"missing", []string{`{"name":"t","inputSchema":` + cleanSchema + `}`}, []string{"tool-description-missing"}, []string{`tool "t" has no description`}},
		{"null", []string{withDesc("null")}, []string{"tool-description-missing"}, []string{"has no description"}},
		{"a number", []string{withDesc("3")}, []string{"tool-description-missing"}, []string{"description is a number, not a string"}},
		{"blank", []string{withDesc(`"  "`)}, []string{"tool-description-missing"}, []string{"description is empty"}},
		{"1,024 three-byte characters", []string{withDesc(strconv.Quote(strings.Repeat("日", 1024)))}, nil, nil},
		{"1,024 characters with emoji", []string{withDesc(strconv.Quote(strings.Repeat("é😀", 512)))}, nil, nil},
		{"1,024 characters as escapes", []string{withDesc(`"` + strings.Repeat(`\u00e9`, 1024) + `"`)}, nil, nil},
		{"1,025 characters", []string{withDesc(strconv.Quote(strings.Repeat("é", 1025)))}, []string{"tool-description-long"},
			[]string{`tool "t": description is 1,025 characters (Unicode code points); the limit is 1,024`}},
	})
}

func TestInputSchema(t *testing.T) {
	t.Parallel()
	runToolsCases(t, []toolsCase{
		{"missing", []string{`{"name":"t","description":"x"}`}, []string{"input-schema"}, []string{`tool "t" has no inputSchema`}},
		{"a string", []string{toolJSON("t", `"object"`)}, []string{"input-schema"}, []string{"inputSchema is a string, not a JSON Schema object"}},
		{"null", []string{toolJSON("t", `null`)}, []string{"input-schema"}, []string{"inputSchema is null"}},
		{"an array", []string{toolJSON("t", `[]`)}, []string{"input-schema"}, []string{"inputSchema is an array"}},
		{"a boolean schema", []string{toolJSON("t", `true`)}, []string{"input-schema"}, []string{"inputSchema is a boolean"}},
		{"no type", []string{toolJSON("t", `{"properties":{"a":`+cleanProp+`}}`)}, []string{"input-schema"}, []string{`inputSchema has no "type" at its top`}},
		{"type string", []string{toolJSON("t", `{"type":"string"}`)}, []string{"input-schema"}, []string{`inputSchema has "type": "string" at its top; it must be "object"`}},
		{"type list", []string{toolJSON("t", `{"type":["object"],"properties":{},"additionalProperties":false}`)}, []string{"input-schema"}, []string{`"type": ["object"]`}},
		{"no arguments", []string{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":false}`)}, nil, nil},
	})
}

func TestOutputSchema(t *testing.T) {
	t.Parallel()
	withOutput := func(s string) string {
		return `{"name":"t","description":"x","inputSchema":` + cleanSchema + `,"outputSchema":` + s + `}`
	}
	runToolsCases(t, []toolsCase{
		{"object", []string{withOutput(`{"type":"object","properties":{"n":{"type":"integer"}}}`)}, nil, nil},
		{"open object is fine in output", []string{withOutput(`{"type":"object"}`)}, nil, nil},
		{"null", []string{withOutput(`null`)}, []string{"output-schema"}, []string{`tool "t": outputSchema is null, not a JSON Schema object`}},
		{"array", []string{withOutput(`{"type":"array","items":{"type":"string"}}`)}, []string{"output-schema"}, []string{`outputSchema has "type": "array" at its top`}},
		{"no type", []string{withOutput(`{"properties":{}}`)}, []string{"output-schema"}, []string{`outputSchema has no "type"`}},
		{"invalid", []string{withOutput(`{"type":"object","properties":{"n":{"type":"int"}}}`)}, []string{"schema-invalid"},
			[]string{`tool "t": outputSchema does not compile as JSON Schema 2020-12: at /properties/n/type: `}},
	})
}

func TestSchemaSize(t *testing.T) {
	t.Parallel()
	exact := schemaOfSize(t, 65536)
	over := schemaOfSize(t, 65537)
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, []byte(cleanSchema), "", strings.Repeat(" ", 20000)); err != nil {
		t.Fatal(err)
	}
	if pretty.Len() <= 65536 {
		t.Fatalf("the pretty schema is only %d bytes", pretty.Len())
	}
	withOutput := func(s string) string {
		return `{"name":"t","description":"x","inputSchema":` + cleanSchema + `,"outputSchema":` + s + `}`
	}
	runToolsCases(t, []toolsCase{
		{"exactly 65,536", []string{toolJSON("t", exact)}, nil, nil},
		{"65,537", []string{toolJSON("t", over)}, []string{"schema-size"},
			[]string{`tool "t": inputSchema is 65,537 bytes as compact JSON; the limit is 65,536`}},
		{"pretty but small", []string{toolJSON("t", pretty.String())}, nil, nil},
		{"output 65,537", []string{withOutput(over)}, []string{"schema-size"}, []string{"outputSchema is 65,537 bytes"}},
		{"escapes count as written", []string{toolJSON("t", strings.Replace(schemaOfSize(t, 65536-4), `"description":"a`, `"description":"\u00e9`, 1))},
			[]string{"schema-size"}, []string{"65,537 bytes"}},
	})
}

func TestToolsSize(t *testing.T) {
	t.Parallel()
	// tools with a schema of schemaBytes each, the last padded so that the
	// tools array is exactly total bytes as compact JSON.
	build := func(total int) []string {
		var tools []string
		size := 2 - 1 // brackets, one comma fewer than tools
		for i := range 4 {
			tl := toolJSON("t"+strconv.Itoa(i), schemaOfSize(t, 65000))
			tools = append(tools, tl)
			size += len(tl) + 1
		}
		last := toolJSON("t4", schemaOfSize(t, 100))
		size += len(last) + 1
		tools = append(tools, toolJSON("t4", schemaOfSize(t, 100+total-size)))
		return tools
	}
	for _, total := range []int{262144, 262145} {
		list := toolList(t, build(total)...)
		var b bytes.Buffer
		b.WriteByte('[')
		for i, tl := range list {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(tl)
		}
		b.WriteByte(']')
		if b.Len() != total {
			t.Fatalf("built %d bytes, want %d", b.Len(), total)
		}
	}
	// Indentation between the tools and inside them does not count.
	indented := build(262144)
	for i := range indented {
		var b bytes.Buffer
		_ = json.Indent(&b, []byte(indented[i]), "", "    ")
		indented[i] = b.String()
	}
	runToolsCases(t, []toolsCase{
		{"exactly 262,144", build(262144), nil, nil},
		{"indented 262,144", indented, nil, nil},
		{"262,145", build(262145), []string{"tools-size"},
			[]string{"the tools together are 262,145 bytes as compact JSON (the tools array [tool,tool,...]); the limit is 262,144"}},
	})
}

func TestSchemaInvalid(t *testing.T) {
	t.Parallel()
	runToolsCases(t, []toolsCase{
		{"unknown type", []string{toolJSON("t", objectWith(`"a":{"type":"text","description":"A."}`))}, []string{"schema-invalid"},
			[]string{`tool "t": inputSchema does not compile as JSON Schema 2020-12: at /properties/a/type: value must be one of`}},
		{"required not a list", []string{toolJSON("t", `{"type":"object","properties":{"a":`+cleanProp+`},"required":"a","additionalProperties":false}`)},
			[]string{"schema-invalid"}, []string{"at /required: got string, want array"}},
		{"local $ref to nothing", []string{toolJSON("t", objectWith(`"a":{"$ref":"#/$defs/nope","description":"A."}`))},
			[]string{"schema-invalid", "schema-ref"}, []string{`"#/$defs/nope" not found`, `"$ref": "#/$defs/nope" at /properties/a`}},
		{"broken pattern", []string{toolJSON("t", objectWith(`"a":{"type":"string","description":"A.","pattern":"(ab"}`))},
			[]string{"schema-invalid"}, []string{"at /properties/a/pattern: '(ab' is not valid regex: error parsing regexp: missing closing )"}},
		{"ECMA [^] and []", []string{toolJSON("t", objectWith(`"a":{"type":"string","description":"A.","pattern":"^a[^]b[]?$"}`))}, nil, nil},
		{"ECMA lookahead, backreference and \\u", []string{toolJSON("t", objectWith(`"a":{"type":"string","description":"A.","pattern":"^(?=.*\\d)(a)\\1\\u00e9$"}`))}, nil, nil},
		{"draft-07 tuple items", []string{toolJSON("t", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"p":{"type":"array","description":"P.","items":[{"type":"string"}]}},"additionalProperties":false}`)}, nil, nil},
		{"tuple items under 2020-12", []string{toolJSON("t", objectWith(`"p":{"type":"array","description":"P.","items":[{"type":"string"}]}`))},
			[]string{"schema-invalid"}, []string{"JSON Schema 2020-12: at /properties/p/items"}},
		{"many places are cut", []string{toolJSON("t", objectWith(`"a":{"type":1,"description":"A."},"b":{"type":2,"description":"B."},"c":{"type":3,"description":"C."},"d":{"type":4,"description":"D."},"e":{"type":5,"description":"E."}`))},
			[]string{"schema-invalid"}, []string{"and 2 more places"}},
		// attack pass 48d, row 1: patterns no value reaches cost their
		// compiling all the same (600,000 instructions, about 1.2 s)
		{"patterns past the compiled size", []string{toolJSON("t", `{"type":"object","properties":{"a":`+cleanProp+`},"additionalProperties":false,"$defs":{"d":{"type":"string","pattern":"`+strings.Repeat("x{0,1000}", 300)+`"}}}`)},
			[]string{"schema-invalid", "schema-ref"}, []string{`tool "t": inputSchema's patterns compile to some 600,002 instructions, past the 100,000 subakogo compiles`}},
		// attack pass 48e, row 3: behind a "$ref" into a value the
		// compiler reaches all the same
		{"patterns behind a $ref to a value", []string{toolJSON("t", `{"type":"object","properties":{"a":{"$ref":"#/x","description":"A."}},"additionalProperties":false,"x":{"type":"string","pattern":"`+strings.Repeat("x{0,1000}", 300)+`"}}`)},
			[]string{"schema-invalid", "schema-ref"}, []string{`inputSchema's patterns compile to some 600,002 instructions`}},
		// attack pass 49b, row 2: the parser folds a (?i) class's ranges
		// rune by rune (2-3 ms a range), counted 3 instructions
		{"case-folded ranges past the compiled size", []string{toolJSON("t", objectWith(`"a":{"type":"string","description":"A.","pattern":"(?i:[`+strings.Repeat(`B-\\x{1E942}`, 100)+`])"}`))},
			[]string{"schema-invalid"}, []string{`inputSchema's patterns compile to some 391,203 instructions, past the 100,000`}},
	})
}

func TestSchemaRemoteRef(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{"type":"string"}`))
	}))
	defer srv.Close()
	file := filepath.Join(t.TempDir(), "address.json")
	if err := os.WriteFile(file, []byte(`{"type":"string"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	remote := srv.URL + "/address.json"
	runToolsCases(t, []toolsCase{
		{"http", []string{toolJSON("t", objectWith(`"a":{"$ref":`+strconv.Quote(remote)+`,"description":"A."},"b":{"$ref":"common.json#/$defs/b","description":"B."}`))},
			[]string{"schema-remote-ref"},
			[]string{`tool "t": inputSchema has "$ref": "` + remote + `" at /properties/a (and 1 more place); nothing remote is fetched (not by Subako, not by MCP clients): inline the referenced schema`}},
		{"file", []string{toolJSON("t", objectWith(`"a":{"$ref":"file://`+filepath.ToSlash(file)+`","description":"A."}`))},
			[]string{"schema-remote-ref"}, []string{"file://"}},
		{"unknown $schema", []string{toolJSON("t", `{"$schema":`+strconv.Quote(srv.URL+"/meta")+`,"type":"object","properties":{},"additionalProperties":false}`)},
			[]string{"schema-remote-ref"}, []string{`a dialect the linter does not know, at the root; nothing remote is fetched (not by Subako, not by MCP clients): drop "$schema" or name https://json-schema.org/draft/2020-12/schema`}},
		{"in outputSchema", []string{`{"name":"t","description":"x","inputSchema":` + cleanSchema + `,"outputSchema":{"type":"object","$ref":"https://example.com/out.json"}}`},
			[]string{"schema-remote-ref"}, []string{"outputSchema has"}},
		{"a $ref inside an enum value is data", []string{toolJSON("t", objectWith(`"a":{"type":"object","description":"A.","properties":{},"additionalProperties":false,"enum":[{"$ref":"https://example.com"}]}`))}, nil, nil},
	})
	// The compiler itself never loads anything, whatever the pre-check misses.
	for _, ref := range []string{remote, "file://" + filepath.ToSlash(file)} {
		n, err := parseJSON([]byte(`{"type":"object","properties":{"a":{"$ref":` + strconv.Quote(ref) + `}}}`))
		if err != nil {
			t.Fatal(err)
		}
		err = compileSchema(n.toAny())
		if err == nil || !strings.Contains(err.Error(), "not fetched") {
			t.Errorf("%s: compile error %v, want a refusal", ref, err)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was asked %d times", n)
	}
}

func TestSchemaPortability(t *testing.T) {
	t.Parallel()
	enum := func(n int) string {
		vals := make([]string, n)
		for i := range vals {
			vals[i] = strconv.Quote("v" + strconv.Itoa(i))
		}
		return `"e":{"type":"string","description":"E.","enum":[` + strings.Join(vals, ",") + `]}`
	}
	runToolsCases(t, []toolsCase{
		{"root oneOf", []string{toolJSON("t", `{"type":"object","properties":{"id":`+cleanProp+`,"email":`+cleanProp+`},"additionalProperties":false,"oneOf":[{"required":["id"]},{"required":["email"]}]}`)},
			[]string{"schema-root-composition"}, []string{`tool "t": inputSchema has oneOf at its root; the Anthropic API`}},
		{"root anyOf and allOf", []string{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":false,"anyOf":[{}],"allOf":[{}]}`)},
			[]string{"schema-root-composition"}, []string{"has anyOf and allOf at its root"}},
		{"nested anyOf is fine", []string{toolJSON("t", objectWith(`"n":{"anyOf":[{"type":"string"},{"type":"null"}],"description":"N."}`))}, nil, nil},
		{"local $ref and $defs", []string{toolJSON("t", `{"type":"object","properties":{"to":{"$ref":"#/$defs/addr","description":"To."}},"additionalProperties":false,"$defs":{"addr":`+cleanSchema+`}}`)},
			[]string{"schema-ref"}, []string{`inputSchema has "$defs" at the root (and 1 more place); Gemini refuses references`}},
		{"draft-07 definitions", []string{toolJSON("t", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{},"additionalProperties":false,"definitions":{"a":`+cleanSchema+`}}`)},
			[]string{"schema-ref"}, []string{`has "definitions" at the root`}},
		{"if/then", []string{toolJSON("t", objectWith(`"a":{"type":"object","description":"A.","properties":{"u":`+cleanProp+`},"additionalProperties":false,"if":{"properties":{"u":{"const":"c"}}},"then":{"required":["u"]}}`))},
			[]string{"schema-conditional"}, []string{"has if/then at /properties/a; Gemini"}},
		{"else alone", []string{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":false,"else":{}}`)},
			[]string{"schema-conditional"}, []string{"has else at the root"}},
		{"conditions are not shapes", []string{toolJSON("t", `{"type":"object","properties":{"a":`+cleanProp+`},"additionalProperties":false,"not":{"type":"object","properties":{"a":{"const":"x"}}}}`)}, nil, nil},
		{"bare object", []string{toolJSON("t", `{"type":"object"}`)},
			[]string{"schema-open-object"}, []string{`has an object without "properties" or "additionalProperties": false at the root; OpenAI strict mode`}},
		{"no properties", []string{toolJSON("t", `{"type":"object","additionalProperties":false}`)},
			[]string{"schema-open-object"}, []string{`an object without "properties" at the root`}},
		{"nested open object", []string{toolJSON("t", objectWith(`"o":{"type":"object","description":"O.","properties":{"a":`+cleanProp+`}}`))},
			[]string{"schema-open-object"}, []string{`an object without "additionalProperties": false at /properties/o;`}},
		{"additionalProperties {} is open", []string{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":{}}`)},
			[]string{"schema-open-object"}, nil},
		{"nullable object in items", []string{toolJSON("t", objectWith(`"l":{"type":"array","description":"L.","items":{"type":["object","null"],"properties":{}}}`))},
			[]string{"schema-open-object"}, []string{"at /properties/l/items;"}},
		{"untyped property", []string{toolJSON("t", objectWith(`"q":{"description":"Q."}`))},
			[]string{"schema-untyped-property"}, []string{`has property "q" without "type" at /properties/q; Gemini CLI`}},
		{"undescribed property", []string{toolJSON("t", objectWith(`"q":{"type":"string"}`))},
			[]string{"schema-untyped-property"}, []string{`property "q" without "description" at /properties/q`}},
		{"many places, one finding", []string{toolJSON("t", objectWith(`"a":{},"b":true,"c":{"type":"string"},"d":{"anyOf":[{"type":"string"},{}],"description":"D."}`))},
			[]string{"schema-untyped-property"}, []string{`property "a" without "type" and "description" at /properties/a (and 3 more places)`}},
		{"pointer escaping", []string{toolJSON("t", objectWith(`"a/b~c":{"type":"string"}`))},
			[]string{"schema-untyped-property"}, []string{`property "a/b~c" without "description" at /properties/a~1b~0c`}},
		{"5 levels", []string{toolJSON("t", nested(5))}, nil, nil},
		{"6 levels", []string{toolJSON("t", nested(6))},
			[]string{"schema-deep"}, []string{"has an object nested 6 levels deep at /properties/x/properties/x/properties/x/properties/x/properties/x; OpenAI strict mode allows 5"}},
		{"7 levels count once", []string{toolJSON("t", nested(7))}, []string{"schema-deep"}, []string{"6 levels deep"}},
		{"arrays count", []string{toolJSON("t", objectWith(`"l":{"type":"array","description":"L.","items":{"type":"array","items":{"type":"array","items":{"type":"array","items":{"type":"array","items":{"type":"string"}}}}}}`))},
			[]string{"schema-deep"}, []string{"an array nested 6 levels deep at /properties/l/items/items/items/items;"}},
		{"enum of 256", []string{toolJSON("t", objectWith(enum(256)))}, nil, nil},
		{"enum of 257", []string{toolJSON("t", objectWith(enum(257)))},
			[]string{"schema-large-enum"}, []string{"has an enum of 257 values at /properties/e;"}},
		{"one finding per rule per tool", []string{toolJSON("t1", objectWith(`"a":{}`)), toolJSON("t2", objectWith(`"a":{},"b":{}`))},
			[]string{"schema-untyped-property", "schema-untyped-property"}, []string{`tool "t1"`, `tool "t2": inputSchema has property "a" without "type" and "description" at /properties/a (and 1 more place)`}},
	})
}

// Every tool rule has a test that reports it.
func TestToolRulesCovered(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, tools := range [][]string{
		nil, repeatTools(65),
		{toolJSON("Bad", cleanSchema)},
		{`{"name":"t","inputSchema":` + cleanSchema + `}`},
		{`{"name":"t","description":` + strconv.Quote(strings.Repeat("x", 1025)) + `,"inputSchema":` + cleanSchema + `}`},
		{`{"name":"t","description":"x"}`},
		{`{"name":"t","description":"x","inputSchema":` + cleanSchema + `,"outputSchema":null}`},
		{`{"name":"t","description":"x","inputSchema":` + cleanSchema + `,"annotations":{"readOnlyHint":1}}`},
		{`{"name":"t","description":"x","description":"y","inputSchema":` + cleanSchema + `}`},
		{toolJSON("t", schemaOfSize(t, 70000))},
		{bulkSchemaTool("a", 10_001)},
		{toolJSON("t", objectWith(`"a":{"$ref":"https://example.com/a.json","description":"A."}`))},
		{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":false,"required":1}`)},
		{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":false,"oneOf":[{}],"if":{}}`)},
		{toolJSON("t", objectWith(`"a":{"type":"object"}`))},
		{toolJSON("t", `{"type":"object","properties":{},"additionalProperties":false,"$defs":{}}`)},
		{toolJSON("t", nested(6))},
		{toolJSON("t", objectWith(`"api_key":{"type":"number","description":"K.","x-mcp-header":"Api-Key"}`))},
		{toolJSON("t", objectWith(`"e":{"type":"string","description":"E.","enum":[`+strings.Repeat(`"x",`, 300)+`"y"]}`))},
	} {
		for _, f := range Check(toolList(t, tools...)) {
			seen[f.Rule.Slug] = true
		}
	}
	for _, d := range textAttacks {
		for _, f := range Check(toolList(t, describedTool("add", d))) {
			seen[f.Rule.Slug] = true
		}
	}
	seen["tools-size"] = len(Check(toolList(t, slices.Repeat([]string{toolJSON("t", schemaOfSize(t, 60000))}, 5)...))) > 0
	for _, r := range rules.Catalog {
		if strings.HasPrefix(r.ID, "T") && !seen[r.Slug] {
			t.Errorf("%s %s is never reported", r.ID, r.Slug)
		}
	}
}

// A tool that subako-go generated (its _meta names the generator) leaves
// the hazards of its Go types to the analyzer, which reports them on the
// source (A020); the others stay.
func TestGeneratedTools(t *testing.T) {
	t.Parallel()
	const meta = `,"_meta":{"` + abi.MetaGenerator + `":"` + abi.GeneratorGoSDK + `"}`
	hazards := `{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"},"description":"l"},"raw":{"description":"r"}},"additionalProperties":false},"outputSchema":{"type":"array"}`
	runToolsCases(t, []toolsCase{
		{"by hand", []string{hazards + `}`}, []string{"schema-open-object", "schema-untyped-property", "output-schema"}, nil},
		{"generated", []string{hazards + meta + `}`}, nil, nil},
		{"another generator", []string{hazards + `,"_meta":{"` + abi.MetaGenerator + `":"other"}}`}, []string{"schema-open-object", "schema-untyped-property", "output-schema"}, nil},
		{"generated, still too deep", []string{`{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"a":{"type":"object","description":"a","additionalProperties":false,"properties":{"b":{"type":"object","description":"b","additionalProperties":false,"properties":{"c":{"type":"object","description":"c","additionalProperties":false,"properties":{"d":{"type":"object","description":"d","additionalProperties":false,"properties":{"e":{"type":"object","description":"e","additionalProperties":false,"properties":{}}}}}}}}}}},"additionalProperties":false}` + meta + `}`}, []string{"schema-deep"}, nil},
	})
}

// A hostile tool list cannot grow the report with it: 5,000 copies of one
// broken tool draw each finding once, with its count, and the duplicate
// name lists a few indices; 5,000 distinct tools without descriptions
// draw rules.MaxPerRule findings and one that counts the rest.
func TestHugeToolList(t *testing.T) {
	t.Parallel()
	const n = 5000
	list := func(tool func(i int) string) []json.RawMessage {
		tools := make([]json.RawMessage, n)
		for i := range tools {
			tools[i] = json.RawMessage(tool(i))
		}
		return tools
	}
	same := Check(list(func(int) string { return `{"name":"x","inputSchema":{"type":"array"}}` }))
	if len(same) > 6 {
		t.Errorf("%d findings for one broken tool listed %d times:\n%v", len(same), n, same)
	}
	var got []string
	for _, f := range same {
		got = append(got, f.Rule.ID+": "+f.Message)
	}
	for _, want := range []string{
		"T001: the module lists 5000 tools; the limit is 64",
		`T002: tool name "x" is used by 5000 tools: tools[0], tools[1], tools[2], tools[3], tools[4], tools[5], tools[6], tools[7], tools[8], tools[9] and 4990 more; names must be unique`,
		`T003: tool "x" has no description; the model reads it to choose the tool (repeated 4999 more times)`,
		`T010: tool "x": inputSchema has "type": "array" at its top; it must be "object" (repeated 4999 more times)`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no finding %s in\n%s", want, strings.Join(got, "\n"))
		}
	}

	distinct := Check(list(func(i int) string { return `{"name":"t` + strconv.Itoa(i) + `","inputSchema":` + cleanSchema + `}` }))
	missing := 0
	for _, f := range distinct {
		if f.Rule == rules.ToolDescriptionMissing {
			missing++
		}
	}
	last := distinct[len(distinct)-1]
	if missing != rules.MaxPerRule+1 || last.Rule != rules.ToolDescriptionMissing || last.Message != "4900 more T003 findings not listed (at most 100 are)" {
		t.Errorf("%d T003 findings for %d tools without descriptions, the last %q", missing, n, last.Message)
	}
}
