// Package model is the package model: what the analyzer learns from a Subako
// function package's Go source and what the generator renders into
// subako_gen.go. It has no go/types in it, so tests and tools can build a
// model by hand.
//
// A model is a tree. Every Go type a tool uses becomes a [Type] node;
// named types are inlined where they are used, except named types on a
// cycle (a struct that contains a slice of itself), which appear as
// [KindRef] nodes naming a [Decl] in [Package.Types].
//
// The model is also the contract for staleness: [Package.Hash] is a sha256
// of a canonical encoding of everything in it that the generated code
// depends on, and the generated file stores it in a constant named
// [HashConstName], which the analyzer compares.
//
// # What the generated code must do
//
// The schemas ([Tool.InputSchema], [Tool.OutputSchema]) are the contract
// with clients; decoders and encoders must agree with them:
//
//   - Objects: members matched by exact JSON name; a duplicate or unknown
//     member is an error (additionalProperties is false); a Required
//     field missing is an error; an absent optional field keeps its zero
//     value, or takes Default when it has one.
//   - Optional members (not Required: *T, omitempty, omitzero, a default,
//     //subako:optional): absent or null leaves the zero value (a nil
//     pointer) or takes Default. The schema leaves them out of required
//     and never names null, which keeps it portable; the encoder leaves a
//     nil pointer out.
//   - Arrays and maps: null is refused; the encoder writes [] and {}
//     for nil (not null), and leaves the member out only for
//     OmitEmpty/OmitZero as encoding/json would.
//   - Integers: parsed from the JSON text (never through float64) and
//     checked against the Go type's range; the schema states the range
//     exactly for 8 to 32 bits, "minimum": 0 for uint and uint64, and no
//     bounds for int and int64 (values above 2^53 are exact on the Go
//     side; clients in JavaScript may round them).
//   - Limits sit on the node they constrain (see [Limits]); lengths count
//     code points; Pattern is unanchored RE2 (regexp.MatchString).
//   - KindEnum: the value must be one of Enum (after decoding Basic).
//   - KindBytes: standard base64 with padding. KindTime: RFC 3339
//     (Format "date-time", time.RFC3339Nano on output) or "2006-01-02"
//     (Format "date"). KindDuration: see its Format.
//   - KindText: a JSON string converted with UnmarshalText/MarshalText.
//   - KindAny: any JSON value; for json.RawMessage the raw bytes, for an
//     interface{} a decoded value (map[string]any, []any, string,
//     float64, bool, nil), for a type with MarshalJSON its methods.
//   - Output: a nil *T result is an error result; Answer tools encode T
//     and call Answer.Result with it (Answer.TextResult for the text
//     form). [Tool.Result] says what the answer is.
//
// A model is complete only when the analyzer reported no finding of
// severity error (rules.Lookup(diagnostic.Category)): problem fields and
// tools are left out of it.
package model

import (
	"fmt"
	"strconv"
)

// The contract between the analyzer and the generator.
const (
	// GeneratedFile is the name of the file the generator writes in the
	// package's directory.
	GeneratedFile = "subako_gen.go"
	// HashConstName is the package-level string constant in GeneratedFile
	// that holds Package.Hash() of the model it was generated from:
	//
	//	const subakoModelHash = "3f2a..."
	HashConstName = "subakoModelHash"
	// FormatVersion names this encoding of the model. It is part of the
	// hash, so a change in the model's meaning makes every generated file
	// stale.
	FormatVersion = "subako-model/1"
	// SubakoPath is the import path of the runtime package.
	SubakoPath = "github.com/subako-ai/subako-go/subako"
)

// MaxPackageNameLen bounds a package's name, as the manifest's schema does.
// The tool list's limits are package abi's.
const MaxPackageNameLen = 64

// Package is one function package.
type Package struct {
	// Name is the package's name, from the //subako:package directive.
	Name string `json:"name"`
	// Description is the package doc comment, as plain text.
	Description string `json:"description"`
	// GoPackage is the import path of the Go package, and GoName its name
	// (main for a command).
	GoPackage string `json:"goPackage"`
	GoName    string `json:"goName"`
	// Tools are sorted by name.
	Tools []*Tool `json:"tools"`
	// Types declares every named Go type the tools use, sorted by Name.
	// KindRef nodes refer to them; the others are listed so the generator
	// can write one decoder and encoder per named struct.
	Types []*Decl `json:"types,omitempty"`
}

// Tool is one handler: a package-level func(In) (Out, error).
type Tool struct {
	// Name is the tool's name: the function name in snake_case, or the
	// name= argument of //subako:function.
	Name string `json:"name"`
	// Description is the function's doc comment, as plain text.
	Description string `json:"description"`
	// GoFunc is the handler's Go name.
	GoFunc string `json:"goFunc"`
	// Input is the In type: KindObject, or KindRef to a recursive struct.
	Input *Type `json:"input"`
	// Output is the Out type; for subako.Answer[T], T's.
	Output *Type `json:"output"`
	// Answer is true when Out is subako.Answer[T].
	Answer bool `json:"answer,omitempty"`
	// Annotations are the hints the author stated with markers; nil when
	// none. Only what the author states is listed: nothing is guessed.
	Annotations *Annotations `json:"annotations,omitempty"`
	// Result is how a call answers: FormOf(Output), set by the analyzer.
	// It is part of the hash, so only the tools whose answer it changes
	// see their generated code stale.
	Result ResultForm `json:"result,omitempty"`
	// Pos is where the handler is declared (file:line:col). It is not
	// part of the hash: moving code does not make generated code stale.
	Pos string `json:"-"`
}

// Annotations are MCP's ToolAnnotations as the author states them with
// //subako:title, //subako:readOnly, //subako:destructive,
// //subako:idempotent and //subako:openWorld. A nil hint was not stated,
// and clients then assume MCP's defaults: not read-only, destructive, not
// idempotent, open world.
type Annotations struct {
	Title       string `json:"title,omitempty"`
	ReadOnly    *bool  `json:"readOnlyHint,omitempty"`
	Destructive *bool  `json:"destructiveHint,omitempty"`
	Idempotent  *bool  `json:"idempotentHint,omitempty"`
	OpenWorld   *bool  `json:"openWorldHint,omitempty"`
}

// Empty reports whether a states nothing.
func (a *Annotations) Empty() bool {
	return a == nil || *a == Annotations{}
}

// JSON is the annotations object of tools/list, compact, members in the
// order of the struct; nil when a states nothing. subako.Tool writes the
// same bytes.
func (a *Annotations) JSON() []byte {
	if a.Empty() {
		return nil
	}
	b := []byte{'{'}
	member := func(name string) {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), name...), `":`...)
	}
	if a.Title != "" {
		member("title")
		b = appendString(b, a.Title)
	}
	for _, h := range []struct {
		name string
		v    *bool
	}{{"readOnlyHint", a.ReadOnly}, {"destructiveHint", a.Destructive}, {"idempotentHint", a.Idempotent}, {"openWorldHint", a.OpenWorld}} {
		if h.v != nil {
			member(h.name)
			b = strconv.AppendBool(b, *h.v)
		}
	}
	return append(b, '}')
}

// ResultForm is how a tool answers a call, from its result type.
type ResultForm string

// The result forms. Only an object schema is an outputSchema every MCP
// client takes (the TypeScript SDK before 2026 refuses the whole tool list
// otherwise), so the other forms declare none.
const (
	// ResultStructured is a struct or a map: its compact JSON is the text
	// block, the value itself structuredContent, and its schema the
	// tool's outputSchema.
	ResultStructured ResultForm = ""
	// ResultText is a string (or a named string type, an enum of
	// strings): the string itself is the text block, with no
	// structuredContent and no outputSchema.
	ResultText ResultForm = "text"
	// ResultValue is any other JSON value (a slice, a number, a boolean,
	// any): its compact JSON is the text block and structuredContent, which
	// MCP 2026-07-28 lets be any JSON value, with no outputSchema.
	ResultValue ResultForm = "value"
)

// FormOf is the form of a result of type t, through pointers and
// references to recursive types.
func FormOf(t *Type) ResultForm {
	for t != nil && t.Kind == KindOptional {
		t = t.Elem
	}
	if t != nil && t.Kind == KindRef && t.Target != nil {
		t = t.Target.Type
	}
	switch {
	case t == nil, t.Kind == KindObject, t.Kind == KindMap:
		return ResultStructured
	case t.Kind == KindString, t.Kind == KindEnum && t.Basic == "string":
		return ResultText
	}
	return ResultValue
}

// Decl is a named Go type a tool uses.
type Decl struct {
	// Name is unique in the package and is the $defs key: the Go name,
	// with type arguments spelled out (Page_Item) and, when two packages
	// declare the same name, the package name in front.
	Name string `json:"name"`
	// Go is the Go type the declaration is for.
	Go GoName `json:"go"`
	// Description is the type's doc comment (empty for types from other
	// packages, whose comments the analyzer does not see).
	Description string `json:"description,omitempty"`
	// Recursive types are referred to by KindRef nodes and emitted once
	// in $defs; the others are inlined at each use.
	Recursive bool `json:"recursive,omitempty"`
	// Type is the type's definition. Its Named is Go.
	Type *Type `json:"type"`
}

// GoName names a Go defined type.
type GoName struct {
	Path string `json:"path"` // import path; "" for predeclared types
	Name string `json:"name"` // without type arguments
	// Args are the type arguments of an instantiated generic type.
	Args []*Type `json:"args,omitempty"`
}

func (g GoName) String() string {
	s := g.Name
	if g.Path != "" {
		s = g.Path + "." + s
	}
	if len(g.Args) > 0 {
		s += "["
		for i, a := range g.Args {
			if i > 0 {
				s += ","
			}
			s += a.GoString()
		}
		s += "]"
	}
	return s
}

// Kind is the shape of a value on the wire.
type Kind string

// The kinds of Type.
const (
	// KindObject is a Go struct: a JSON object with Fields, no others.
	KindObject Kind = "object"
	// KindString is a Go string (or a named string type without constants).
	KindString Kind = "string"
	// KindInteger is a Go integer type; Basic, Bits and Signed say which.
	KindInteger Kind = "integer"
	// KindNumber is float32 or float64.
	KindNumber Kind = "number"
	// KindBoolean is bool.
	KindBoolean Kind = "boolean"
	// KindEnum is a string or integer type (Basic) restricted to Enum:
	// a named type with constants, or a field with //subako:enum.
	KindEnum Kind = "enum"
	// KindArray is a slice ([]T) or, when Fixed, an array ([Len]T).
	KindArray Kind = "array"
	// KindMap is map[K]T with a string key type; Key is nil for string
	// itself, else the key's type (a named string type or an enum).
	KindMap Kind = "map"
	// KindBytes is []byte, base64 (standard, padded) on the wire.
	KindBytes Kind = "bytes"
	// KindTime is time.Time, an RFC 3339 string; Format is "date-time"
	// (the default) or "date" (YYYY-MM-DD).
	KindTime Kind = "time"
	// KindDuration is time.Duration. Format says how it travels:
	// "nanoseconds", "milliseconds" or "seconds" (an integer count, whole
	// units), or "duration" (an ISO 8601 duration string such as PT1H30M).
	KindDuration Kind = "duration"
	// KindText is a type with MarshalText and UnmarshalText methods: a
	// string on the wire, converted by those methods.
	KindText Kind = "text"
	// KindOptional is a pointer *T: an optional value. A member's schema
	// does not allow null (encoders omit a nil pointer; decoders read a null
	// member as absent); an array's item or a map's value, written null when
	// nil, is anyOf the target and null.
	KindOptional Kind = "optional"
	// KindAny is any JSON value: an interface{} or a type with its own
	// MarshalJSON, marked //subako:any, or json.RawMessage.
	KindAny Kind = "any"
	// KindRef refers to a recursive named type, Decl Ref.
	KindRef Kind = "ref"
)

// Type is a Go type as a JSON value.
type Type struct {
	Kind Kind `json:"kind"`
	// Named is set when the Go type is a defined (named) type.
	Named *GoName `json:"named,omitempty"`
	// Basic is the Go basic type underlying a string, integer, number,
	// boolean or enum type: "string", "int", "int8".. "uint64", "float32",
	// "float64", "bool".
	Basic string `json:"basic,omitempty"`
	// Bits and Signed describe an integer type (KindInteger, or KindEnum
	// over an integer). int and uint are 64 bits, as on wasm.
	Bits   int  `json:"bits,omitempty"`
	Signed bool `json:"signed,omitempty"`
	// Fields are a KindObject's JSON members, in declaration order.
	// Fields of embedded structs are promoted as encoding/json does.
	Fields []*Field `json:"fields,omitempty"`
	// Elem is the element of an array, the value of a map and the target
	// of an optional.
	Elem *Type `json:"elem,omitempty"`
	// Key is a map's key type when it is not plain string.
	Key *Type `json:"key,omitempty"`
	// Fixed and Len describe a Go array [Len]T (KindArray).
	Fixed bool `json:"fixed,omitempty"`
	Len   int  `json:"len,omitempty"`
	// Enum lists a KindEnum's values in declaration order.
	Enum []EnumValue `json:"enum,omitempty"`
	// Format is a string's JSON Schema format (from //subako:format), or
	// a time's or duration's representation (see KindTime, KindDuration).
	Format string `json:"format,omitempty"`
	// Limits are the validation keywords from markers, at this node.
	Limits *Limits `json:"limits,omitempty"`
	// Ref is the name of the Decl a KindRef refers to, and Target that
	// Decl once resolved (see Package.Resolve).
	Ref    string `json:"ref,omitempty"`
	Target *Decl  `json:"-"`
}

// EnumValue is one value of an enum.
type EnumValue struct {
	// Value is the string itself for a string enum, or the decimal
	// integer for an integer enum.
	Value string `json:"value"`
	// GoName is the constant's name ("" for //subako:enum values).
	GoName string `json:"goName,omitempty"`
	// Description is the constant's doc or line comment.
	Description string `json:"description,omitempty"`
}

// Field is one member of an object.
type Field struct {
	// JSONName is the member's key: the json tag's name, else the Go name.
	JSONName string `json:"jsonName"`
	// GoName is the Go field's name; GoPath is the path of field names
	// from the struct to it when it is promoted from embedded structs
	// (["Base", "ID"]), else nil.
	GoName string   `json:"goName"`
	GoPath []string `json:"goPath,omitempty"`
	// Description is the field's doc comment (or its line comment, or the
	// doc comment of its named type), as plain text.
	Description string `json:"description,omitempty"`
	// Required fields must be present in the input and are always
	// written in the output: no omitempty/omitzero, not a pointer, no
	// default, unless //subako:required or //subako:optional says so.
	Required bool `json:"required,omitempty"`
	// OmitEmpty and OmitZero are the json tag's options, which the
	// encoder follows.
	OmitEmpty bool `json:"omitEmpty,omitempty"`
	OmitZero  bool `json:"omitZero,omitempty"`
	// Default is the compact JSON of //subako:default, or "". The decoder
	// uses it when the member is absent.
	Default string `json:"default,omitempty"`
	// Type is the field's type, with the field's markers applied.
	Type *Type `json:"type"`
}

// Limits are validation keywords. Numbers are JSON number text (decimal
// integers for integer types); "" and nil mean unset. Markers meant for a
// value (minimum, minLength, pattern...) sit on the scalar they constrain,
// which for a field of type []T, map[string]T or *T is the T inside;
// minItems and maxItems sit on the array, minProperties and maxProperties
// on the map.
type Limits struct {
	Minimum          string `json:"minimum,omitempty"`
	Maximum          string `json:"maximum,omitempty"`
	ExclusiveMinimum string `json:"exclusiveMinimum,omitempty"`
	ExclusiveMaximum string `json:"exclusiveMaximum,omitempty"`
	MultipleOf       string `json:"multipleOf,omitempty"`
	// Lengths count code points, as JSON Schema does.
	MinLength *int `json:"minLength,omitempty"`
	MaxLength *int `json:"maxLength,omitempty"`
	// Pattern compiles with Go's regexp (RE2); it is unanchored.
	Pattern       string `json:"pattern,omitempty"`
	MinItems      *int   `json:"minItems,omitempty"`
	MaxItems      *int   `json:"maxItems,omitempty"`
	MinProperties *int   `json:"minProperties,omitempty"`
	MaxProperties *int   `json:"maxProperties,omitempty"`
}

// IsZero reports whether no limit is set.
func (l *Limits) IsZero() bool { return l == nil || *l == Limits{} }

// IntRange returns the range of an integer type of bits and signedness as
// decimal text: int8 is -128..127, uint64 0..18446744073709551615.
func IntRange(bits int, signed bool) (lo, hi string) {
	if bits <= 0 || bits > 64 {
		bits = 64
	}
	if signed {
		return strconv.FormatInt(-1<<(bits-1), 10), strconv.FormatInt(1<<(bits-1)-1, 10)
	}
	return "0", strconv.FormatUint(1<<bits-1, 10)
}

// GoString spells the type the way Go would, with package paths in full:
// []example.com/p.Item, map[string]*int64, time.Time.
func (t *Type) GoString() string {
	if t == nil {
		return "<nil>"
	}
	if t.Named != nil {
		return t.Named.String()
	}
	switch t.Kind {
	case KindOptional:
		return "*" + t.Elem.GoString()
	case KindArray:
		if t.Fixed {
			return "[" + strconv.Itoa(t.Len) + "]" + t.Elem.GoString()
		}
		return "[]" + t.Elem.GoString()
	case KindMap:
		k := "string"
		if t.Key != nil {
			k = t.Key.GoString()
		}
		return "map[" + k + "]" + t.Elem.GoString()
	case KindBytes:
		return "[]byte"
	case KindObject:
		s := "struct{"
		for i, f := range t.Fields {
			if i > 0 {
				s += "; "
			}
			s += f.GoName + " " + f.Type.GoString()
		}
		return s + "}"
	case KindAny:
		return "any"
	case KindRef:
		return t.Ref
	}
	if t.Basic != "" {
		return t.Basic
	}
	return string(t.Kind)
}

// Resolve links every KindRef node to its Decl in p.Types. The analyzer's
// models come resolved; call it on a model built by hand or decoded.
func (p *Package) Resolve() error {
	decls := make(map[string]*Decl, len(p.Types))
	for _, d := range p.Types {
		if decls[d.Name] != nil {
			return fmt.Errorf("two types are named %s", d.Name)
		}
		decls[d.Name] = d
	}
	var err error
	seen := map[*Type]bool{}
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil || seen[t] || err != nil {
			return
		}
		seen[t] = true
		if t.Kind == KindRef {
			d := decls[t.Ref]
			if d == nil {
				err = fmt.Errorf("type %s is not declared", t.Ref)
				return
			}
			t.Target = d
		}
		if t.Named != nil {
			for _, a := range t.Named.Args {
				walk(a)
			}
		}
		for _, f := range t.Fields {
			walk(f.Type)
		}
		walk(t.Elem)
		walk(t.Key)
	}
	for _, d := range p.Types {
		walk(d.Type)
	}
	for _, tool := range p.Tools {
		walk(tool.Input)
		walk(tool.Output)
	}
	return err
}
