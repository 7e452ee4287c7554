package model

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func intp(n int) *int { return &n }

func str() *Type { return &Type{Kind: KindString, Basic: "string"} }

// handModel is built the way a test or a tool would, without go/types:
// one tool whose input has a field of every kind.
func handModel() *Package {
	node := &Decl{Name: "Node", Go: GoName{Path: "example.com/p", Name: "Node"}, Recursive: true}
	node.Type = &Type{Kind: KindObject, Named: &node.Go, Fields: []*Field{
		{JSONName: "name", GoName: "Name", Required: true, Type: str()},
		{JSONName: "kids", GoName: "Kids", OmitEmpty: true, Type: &Type{Kind: KindArray, Elem: &Type{Kind: KindRef, Ref: "Node"}}},
	}}
	color := &Type{Kind: KindEnum, Basic: "string", Named: &GoName{Path: "example.com/p", Name: "Color"}, Enum: []EnumValue{
		{Value: "red", GoName: "Red", Description: "Warm."}, {Value: "blue", GoName: "Blue"},
	}}
	in := &Type{Kind: KindObject, Named: &GoName{Path: "example.com/p", Name: "In"}, Fields: []*Field{
		{JSONName: "s", GoName: "S", Description: "A string.", Required: true, Type: &Type{Kind: KindString, Basic: "string", Format: "email", Limits: &Limits{MinLength: intp(1), MaxLength: intp(9), Pattern: "^a"}}},
		{JSONName: "i8", GoName: "I8", Required: true, Type: &Type{Kind: KindInteger, Basic: "int8", Bits: 8, Signed: true}},
		{JSONName: "u32", GoName: "U32", Required: true, Type: &Type{Kind: KindInteger, Basic: "uint32", Bits: 32, Limits: &Limits{Minimum: "1", MultipleOf: "2"}}},
		{JSONName: "i64", GoName: "I64", Required: true, Type: &Type{Kind: KindInteger, Basic: "int64", Bits: 64, Signed: true}},
		{JSONName: "u64", GoName: "U64", Required: true, Type: &Type{Kind: KindInteger, Basic: "uint64", Bits: 64}},
		{JSONName: "f", GoName: "F", Default: "0.5", Type: &Type{Kind: KindNumber, Basic: "float64", Bits: 64, Limits: &Limits{ExclusiveMinimum: "0", Maximum: "1"}}},
		{JSONName: "b", GoName: "B", Required: true, Type: &Type{Kind: KindBoolean, Basic: "bool"}},
		{JSONName: "c", GoName: "C", Description: "A color.", Required: true, Type: color},
		{JSONName: "n", GoName: "N", Required: true, Type: &Type{Kind: KindEnum, Basic: "int", Bits: 64, Signed: true, Enum: []EnumValue{{Value: "1"}, {Value: "2"}}}},
		{JSONName: "a", GoName: "A", Required: true, Type: &Type{Kind: KindArray, Elem: str(), Limits: &Limits{MinItems: intp(1)}}},
		{JSONName: "fx", GoName: "Fx", Required: true, Type: &Type{Kind: KindArray, Fixed: true, Len: 2, Elem: &Type{Kind: KindBoolean, Basic: "bool"}}},
		{JSONName: "m", GoName: "M", Required: true, Type: &Type{Kind: KindMap, Key: color, Elem: str(), Limits: &Limits{MaxProperties: intp(3)}}},
		{JSONName: "by", GoName: "By", OmitEmpty: true, Type: &Type{Kind: KindBytes}},
		{JSONName: "t", GoName: "T", Required: true, Type: &Type{Kind: KindTime, Named: &GoName{Path: "time", Name: "Time"}}},
		{JSONName: "d", GoName: "D", Required: true, Type: &Type{Kind: KindDuration, Format: "seconds", Named: &GoName{Path: "time", Name: "Duration"}}},
		{JSONName: "iso", GoName: "ISO", Required: true, Type: &Type{Kind: KindDuration, Format: "duration", Named: &GoName{Path: "time", Name: "Duration"}}},
		{JSONName: "tx", GoName: "Tx", Required: true, Type: &Type{Kind: KindText, Format: "uuid", Named: &GoName{Path: "example.com/uuid", Name: "UUID"}}},
		{JSONName: "p", GoName: "P", OmitEmpty: true, Type: &Type{Kind: KindOptional, Elem: str()}},
		{JSONName: "any", GoName: "Any", Description: "Anything.", Type: &Type{Kind: KindAny}},
		{JSONName: "tree", GoName: "Tree", Required: true, Type: &Type{Kind: KindRef, Ref: "Node"}},
	}}
	return &Package{
		Name: "p", Description: "P.", GoPackage: "example.com/p", GoName: "p",
		Tools: []*Tool{{Name: "t", Description: "T.", GoFunc: "t", Input: in, Output: &Type{Kind: KindArray, Elem: str()}, Pos: "p.go:1:1"}},
		Types: []*Decl{node},
	}
}

const wantInput = `{"type":"object","properties":{` +
	`"s":{"type":"string","format":"email","description":"A string.","minLength":1,"maxLength":9,"pattern":"^a"},` +
	`"i8":{"type":"integer","minimum":-128,"maximum":127},` +
	`"u32":{"type":"integer","minimum":1,"maximum":4294967295,"multipleOf":2},` +
	`"i64":{"type":"integer"},` +
	`"u64":{"type":"integer","minimum":0},` +
	`"f":{"type":"number","exclusiveMinimum":0,"maximum":1,"default":0.5},` +
	`"b":{"type":"boolean"},` +
	`"c":{"type":"string","description":"A color.\n\n- red: Warm.\n- blue","enum":["red","blue"]},` +
	`"n":{"type":"integer","enum":[1,2]},` +
	`"a":{"type":"array","items":{"type":"string"},"minItems":1},` +
	`"fx":{"type":"array","items":{"type":"boolean"},"minItems":2,"maxItems":2},` +
	`"m":{"type":"object","additionalProperties":{"type":"string"},"propertyNames":{"enum":["red","blue"]},"maxProperties":3},` +
	`"by":{"type":"string","contentEncoding":"base64"},` +
	`"t":{"type":"string","format":"date-time"},` +
	`"d":{"type":"integer"},` +
	`"iso":{"type":"string","format":"duration"},` +
	`"tx":{"type":"string","format":"uuid"},` +
	`"p":{"type":"string"},` +
	`"any":{"description":"Anything."},` +
	`"tree":{"$ref":"#/$defs/Node"}},` +
	`"required":["s","i8","u32","i64","u64","b","c","n","a","fx","m","t","d","iso","tx","tree"],` +
	`"additionalProperties":false,` +
	`"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["name"],"additionalProperties":false}}}`

func compile(t *testing.T, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://s.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, schema)
	}
	return s
}

func TestSchemaOfEveryKind(t *testing.T) {
	t.Parallel()
	p := handModel()
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	in, err := p.Tools[0].InputSchema()
	if err != nil {
		t.Fatal(err)
	}
	if string(in) != wantInput {
		t.Errorf("input schema:\n got %s\nwant %s", in, wantInput)
	}
	compile(t, in)
	out, err := p.Tools[0].OutputSchema()
	if err != nil || string(out) != `{"type":"array","items":{"type":"string"}}` {
		t.Errorf("output schema %s, %v", out, err)
	}
	// Deterministic: the same bytes every time.
	for range 5 {
		again, _ := p.Tools[0].InputSchema()
		if !bytes.Equal(again, in) {
			t.Fatal("schema changed between calls")
		}
	}
}

// A recursive input type is inlined at the root and defined in $defs; an
// optional root is its target.
func TestRecursiveRoot(t *testing.T) {
	t.Parallel()
	p := handModel()
	p.Tools[0].Input = &Type{Kind: KindRef, Ref: "Node"}
	p.Tools[0].Output = &Type{Kind: KindOptional, Elem: &Type{Kind: KindRef, Ref: "Node"}}
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["name"],"additionalProperties":false,` +
		`"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["name"],"additionalProperties":false}}}`
	for _, f := range []func() ([]byte, error){p.Tools[0].InputSchema, p.Tools[0].OutputSchema} {
		got, err := f()
		if err != nil || string(got) != want {
			t.Errorf("got %s, %v\nwant %s", got, err, want)
		}
		s := compile(t, got)
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"name":"a","kids":[{"name":"b","kids":[{}]}]}`))
		if s.Validate(v) == nil {
			t.Error("a nested node without a name was accepted")
		}
	}
}

func TestSchemaErrors(t *testing.T) {
	t.Parallel()
	tool := &Tool{Name: "t", Input: &Type{Kind: KindArray, Elem: str()}, Output: str()}
	if _, err := tool.InputSchema(); err == nil || !strings.Contains(err.Error(), "must be an object") {
		t.Errorf("array input: %v", err)
	}
	tool.Input = &Type{Kind: KindObject, Fields: []*Field{{JSONName: "x", Type: &Type{Kind: KindRef, Ref: "X"}}}}
	if _, err := tool.InputSchema(); err == nil || !strings.Contains(err.Error(), "not resolved") {
		t.Errorf("unresolved ref: %v", err)
	}
	tool.Input.Fields[0].Type = &Type{Kind: KindDuration}
	if _, err := tool.InputSchema(); err == nil || !strings.Contains(err.Error(), "needs a format") {
		t.Errorf("duration without format: %v", err)
	}
	tool.Input.Fields[0].Type = &Type{Kind: "complex"}
	if _, err := tool.InputSchema(); err == nil {
		t.Error("unknown kind accepted")
	}
	tool.Output = nil
	if _, err := tool.OutputSchema(); err == nil {
		t.Error("missing output accepted")
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	p := handModel()
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	ref := p.Tools[0].Input.Fields[len(p.Tools[0].Input.Fields)-1].Type
	if ref.Target != p.Types[0] {
		t.Error("ref not linked to its decl")
	}
	p.Types = append(p.Types, &Decl{Name: "Node", Type: str()})
	if err := p.Resolve(); err == nil {
		t.Error("two decls named Node accepted")
	}
	p.Types = nil
	if err := p.Resolve(); err == nil || !strings.Contains(err.Error(), "Node is not declared") {
		t.Errorf("undeclared ref: %v", err)
	}
}

func TestHash(t *testing.T) {
	t.Parallel()
	a, b := handModel(), handModel()
	if a.Hash() != b.Hash() || len(a.Hash()) != 64 {
		t.Fatalf("equal models hash differently: %s %s", a.Hash(), b.Hash())
	}
	if !bytes.HasPrefix(a.Canonical(), []byte(FormatVersion+"\n{")) {
		t.Errorf("canonical: %.40s", a.Canonical())
	}
	// Positions and resolution do not count.
	b.Tools[0].Pos = "elsewhere.go:9:9"
	if err := b.Resolve(); err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() {
		t.Error("Pos or Resolve changed the hash")
	}
	// Anything the generated code depends on does.
	for name, change := range map[string]func(p *Package){
		"description": func(p *Package) { p.Tools[0].Input.Fields[0].Description = "Another." },
		"required":    func(p *Package) { p.Tools[0].Input.Fields[1].Required = false },
		"limit":       func(p *Package) { p.Tools[0].Input.Fields[0].Type.Limits.Pattern = "^b" },
		"answer":      func(p *Package) { p.Tools[0].Answer = true },
		"enum":        func(p *Package) { p.Tools[0].Input.Fields[7].Type.Enum[1].GoName = "Azure" },
		"package":     func(p *Package) { p.GoPackage = "example.com/q" },
	} {
		c := handModel()
		change(c)
		if c.Hash() == a.Hash() {
			t.Errorf("changing the %s kept the hash", name)
		}
	}
}

func TestToolsJSON(t *testing.T) {
	t.Parallel()
	p := handModel()
	p.Tools[0].Description = ""
	p.Tools[0].Input = &Type{Kind: KindObject}
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	got, err := p.ToolsJSON()
	want := `[{"name":"t","inputSchema":{"type":"object","properties":{},"additionalProperties":false},"outputSchema":{"type":"array","items":{"type":"string"}},"_meta":{"ai.subako/generator":"subako-go"}}]`
	if err != nil || string(got) != want {
		t.Errorf("got %s, %v\nwant %s", got, err, want)
	}
}

func TestAppendString(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`plain <b> & "q" \`:     `"plain <b> & \"q\" \\"`,
		"tab\tnl\ncr\r\x01\x7f": `"tab\tnl\ncr\r\u0001\u007f"`,
		"ü \u2028\u2029":        `"ü \u2028\u2029"`,
		"bad \xff":              `"bad \ufffd"`,
	} {
		if got := string(appendString(nil, in)); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	enum := &Type{Kind: KindEnum, Basic: "string", Enum: []EnumValue{{Value: "a", Description: "First."}, {Value: "b"}}}
	if got := Describe("Pick.", &Type{Kind: KindArray, Elem: enum}); got != "Pick.\n\n- a: First.\n- b" {
		t.Errorf("got %q", got)
	}
	if got := Describe("", enum); got != "- a: First.\n- b" {
		t.Errorf("got %q", got)
	}
	plain := &Type{Kind: KindEnum, Basic: "string", Enum: []EnumValue{{Value: "a"}}}
	if got := Describe("Pick.", plain); got != "Pick." {
		t.Errorf("got %q", got)
	}
}

func TestIntRange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		bits   int
		signed bool
		lo, hi string
	}{
		{8, true, "-128", "127"}, {8, false, "0", "255"}, {16, true, "-32768", "32767"},
		{32, false, "0", "4294967295"}, {64, true, "-9223372036854775808", "9223372036854775807"},
		{64, false, "0", "18446744073709551615"},
	} {
		lo, hi := IntRange(c.bits, c.signed)
		if lo != c.lo || hi != c.hi {
			t.Errorf("%d %v: %s..%s", c.bits, c.signed, lo, hi)
		}
	}
}

func TestGoString(t *testing.T) {
	t.Parallel()
	p := handModel()
	want := []string{"string", "int8", "uint32", "int64", "uint64", "float64", "bool", "example.com/p.Color", "int", "[]string", "[2]bool",
		"map[example.com/p.Color]string", "[]byte", "time.Time", "time.Duration", "time.Duration", "example.com/uuid.UUID", "*string", "any", "Node"}
	for i, f := range p.Tools[0].Input.Fields {
		if got := f.Type.GoString(); got != want[i] {
			t.Errorf("%s: %s, want %s", f.JSONName, got, want[i])
		}
	}
	page := GoName{Path: "example.com/p", Name: "Page", Args: []*Type{{Kind: KindOptional, Elem: str()}}}
	if got := page.String(); got != "example.com/p.Page[*string]" {
		t.Errorf("got %s", got)
	}
}

// A file generated before a tool's result form existed is stale, and the
// change says why, though the result type is the same.
func TestChangesResultForm(t *testing.T) {
	t.Parallel()
	tool := func(form ResultForm) *Package {
		return &Package{Name: "p", Tools: []*Tool{{Name: "shout", GoFunc: "shout",
			Input: &Type{Kind: KindObject}, Output: &Type{Kind: KindString, Basic: "string"}, Result: form}}}
	}
	old, new := tool(ResultStructured), tool(ResultText)
	if old.Hash() == new.Hash() {
		t.Fatal("the same hash")
	}
	cs := Changes(old, new)
	if len(cs) != 1 || !strings.Contains(cs[0].String(), "answered another way") {
		t.Errorf("changes: %v", cs)
	}
}
