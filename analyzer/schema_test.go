package analyzer_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(analysistest.TestData(), name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it); got:\n%s", name, got)
	}
}

func indent(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, b, "", "  "); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return append(buf.Bytes(), '\n')
}

// compile compiles a schema as draft 2020-12, asserting formats and
// content encodings, as a strict client would.
func compile(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	url := "mem://" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s does not compile as JSON Schema 2020-12: %v\n%s", name, err, schema)
	}
	return s
}

func instance(t *testing.T, s string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// The everything package uses every supported type and marker: its
// schemas and its model are golden, every schema compiles as draft
// 2020-12, and each tool is a valid MCP Tool.
func TestEverything(t *testing.T) {
	p := modelOf(t, "./everything")
	list, err := p.ToolsJSON()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "everything.tools.golden.json", indent(t, list))
	canonical := p.Canonical()
	version, body, _ := bytes.Cut(canonical, []byte("\n"))
	if string(version) != model.FormatVersion {
		t.Errorf("canonical encoding starts with %q", version)
	}
	golden(t, "everything.model.golden.json", indent(t, body))

	var tools []json.RawMessage
	if err := json.Unmarshal(list, &tools); err != nil {
		t.Fatal(err)
	}
	for i, tool := range p.Tools {
		in, err := tool.InputSchema()
		if err != nil {
			t.Fatal(err)
		}
		compile(t, tool.Name+".input", in)
		out, err := tool.OutputSchema()
		if err != nil {
			t.Fatal(err)
		}
		if out != nil {
			compile(t, tool.Name+".output", out)
		}
		if err := mcpschema.Validate("Tool", tools[i]); err != nil {
			t.Errorf("tool %s: %v", tool.Name, err)
		}
	}
}

// The run tool's input schema accepts what the Go types and markers
// allow, and refuses the rest.
func TestEverythingInstances(t *testing.T) {
	p := modelOf(t, "./everything")
	var run *model.Tool
	for _, tool := range p.Tools {
		if tool.Name == "run" {
			run = tool
		}
	}
	in, err := run.InputSchema()
	if err != nil {
		t.Fatal(err)
	}
	s := compile(t, "run", in)
	valid := map[string]any{
		"name": "abc", "small": -128, "medium": 995, "big": -1 << 62, "huge": uint64(1) << 63,
		"ratio": 1.25, "color": "blue", "stride": 4, "id": "x", "tags": []any{"a", "b"},
		"pair": []any{1, 2}, "when": "2026-07-28T12:00:00Z", "day": "2026-07-28",
		"scores": map[string]any{"a": 0.5}, "origin": map[string]any{"x": 1, "y": 2},
		"window": map[string]any{"w": 640, "h": 480}, "page": map[string]any{"items": []any{}},
		"tree":  map[string]any{"name": "root", "children": []any{map[string]any{"name": "leaf"}}},
		"votes": map[string]any{"red": 3}, "data": "aGVsbG8=", "every": "PT1H30M", "level": 2,
		"extra": []any{1, "two"}, "raw": nil, "addr": "192.0.2.1", "trace_id": "t",
	}
	check := func(name string, v map[string]any, ok bool) {
		t.Helper()
		b, _ := json.Marshal(v)
		err := s.Validate(instance(t, string(b)))
		if ok && err != nil {
			t.Errorf("%s: refused: %v", name, err)
		}
		if !ok && err == nil {
			t.Errorf("%s: accepted %s", name, b)
		}
	}
	check("valid", valid, true)
	with := func(key string, value any) map[string]any {
		m := map[string]any{}
		for k, v := range valid {
			m[k] = v
		}
		if value == nil {
			delete(m, key)
		} else {
			m[key] = value
		}
		return m
	}
	for _, c := range []struct {
		name  string
		key   string
		value any
	}{
		{"missing required", "name", nil},
		{"unknown member", "nickname", "x"},
		{"pattern", "name", "ABC"},
		{"int8 range", "small", 200},
		{"multipleOf", "medium", 7},
		{"uint64 sign", "huge", -1},
		{"exclusiveMaximum", "ratio", 1.5},
		{"enum", "color", "purple"},
		{"integer enum", "level", 3},
		{"marker enum", "stride", 3},
		{"minItems", "tags", []any{}},
		{"item maxLength", "tags", []any{strings.Repeat("x", 21)}},
		{"fixed length", "pair", []any{1}},
		{"map value minimum", "scores", map[string]any{"a": -1}},
		{"minProperties", "scores", map[string]any{}},
		{"property names", "votes", map[string]any{"purple": 1}},
		{"date-time", "when", "yesterday"},
		{"date", "day", "2026-13-01"},
		{"base64", "data", "!!!"},
		{"duration", "every", "90 minutes"},
		{"nested required", "origin", map[string]any{"x": 1}},
		{"recursive", "tree", map[string]any{"name": "r", "children": []any{map[string]any{}}}},
		{"ipv4", "addr", "example.com"},
	} {
		check(c.name, with(c.key, c.value), false)
	}
}
