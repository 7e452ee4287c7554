package model

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
)

// InputSchema is the tool's inputSchema: compact JSON Schema 2020-12 with
// "type": "object" at the top. Keys come in a fixed order (type, format,
// contentEncoding, description, value keywords, items, properties,
// required, additionalProperties, default, $defs), so the output is
// byte-for-byte deterministic. There is no $schema (MCP defaults to
// 2020-12, and some clients refuse the key), no root oneOf, and $defs only
// for recursive types.
func (t *Tool) InputSchema() ([]byte, error) {
	root := t.Input
	if root != nil && root.Kind == KindRef && root.Target != nil {
		root = root.Target.Type
	}
	if root == nil || root.Kind != KindObject {
		return nil, fmt.Errorf("tool %s: the input must be an object, not %s", t.Name, kindOf(root))
	}
	return Schema(t.Input)
}

// OutputSchema is the tool's outputSchema: the schema of Output (T for
// subako.Answer[T]), in the same form as InputSchema; nil for a tool whose
// Result form declares none (a text or non-object value).
func (t *Tool) OutputSchema() ([]byte, error) {
	if t.Output == nil {
		return nil, fmt.Errorf("tool %s has no output type", t.Name)
	}
	if t.Result != ResultStructured {
		return nil, nil
	}
	return Schema(t.Output)
}

func kindOf(t *Type) string {
	if t == nil {
		return "nothing"
	}
	return string(t.Kind)
}

// Schema is the JSON Schema of a value of type t, as a root schema: an
// optional root is its target's schema, a KindRef root is its Decl's
// definition inlined, and the definitions of recursive types it refers to
// are in $defs.
func Schema(t *Type) ([]byte, error) {
	w := &schemaWriter{defs: map[string]*Decl{}}
	w.schema(t, "", true)
	if w.err != nil {
		return nil, w.err
	}
	if len(w.defs) == 0 {
		return w.b, nil
	}
	// Emit definitions until no new ones are referenced, then append them
	// to the root object in name order.
	bodies := map[string][]byte{}
	for len(bodies) < len(w.defs) {
		for _, name := range sortedKeys(w.defs) {
			if bodies[name] != nil {
				continue
			}
			dw := &schemaWriter{defs: w.defs}
			dw.schema(w.defs[name].Type, "", false)
			if dw.err != nil {
				return nil, dw.err
			}
			bodies[name] = dw.b
		}
	}
	b := w.b[:len(w.b)-1] // drop the root's closing brace
	if len(b) > 1 {
		b = append(b, ',')
	}
	b = append(b, `"$defs":{`...)
	for i, name := range sortedKeys(w.defs) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, name)
		b = append(b, ':')
		b = append(b, bodies[name]...)
	}
	return append(b, "}}"...), nil
}

func sortedKeys(m map[string]*Decl) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Describe is the description a schema shows for a value of type t whose
// own description is desc: for an enum (or an array, map or pointer of
// one) whose values have descriptions, desc followed by one line per value,
// "- value: description".
func Describe(desc string, t *Type) string {
	for t != nil && (t.Kind == KindOptional || t.Kind == KindArray || t.Kind == KindMap) {
		t = t.Elem
	}
	if t == nil || t.Kind != KindEnum {
		return desc
	}
	described := false
	for _, v := range t.Enum {
		described = described || v.Description != ""
	}
	if !described {
		return desc
	}
	var sb strings.Builder
	sb.WriteString(desc)
	if desc != "" {
		sb.WriteString("\n\n")
	}
	for i, v := range t.Enum {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString("- ")
		sb.WriteString(v.Value)
		if v.Description != "" {
			sb.WriteString(": ")
			sb.WriteString(v.Description)
		}
	}
	return sb.String()
}

// DescriptionLen counts a description's characters as Subako does: in
// Unicode code points.
func DescriptionLen(s string) int { return utf8.RuneCountInString(s) }

// schemaWriter writes compact JSON with keys in the order they are added.
type schemaWriter struct {
	b     []byte
	first []bool // per open object or array: nothing written in it yet
	defs  map[string]*Decl
	err   error
}

func (w *schemaWriter) fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf(format, args...)
	}
}

func (w *schemaWriter) open(c byte) {
	w.b = append(w.b, c)
	w.first = append(w.first, true)
}

func (w *schemaWriter) close(c byte) {
	w.b = append(w.b, c)
	w.first = w.first[:len(w.first)-1]
}

func (w *schemaWriter) sep() {
	if n := len(w.first) - 1; n >= 0 {
		if !w.first[n] {
			w.b = append(w.b, ',')
		}
		w.first[n] = false
	}
}

func (w *schemaWriter) key(k string) {
	w.sep()
	w.b = appendString(w.b, k)
	w.b = append(w.b, ':')
}

func (w *schemaWriter) str(k, v string) {
	w.key(k)
	w.b = appendString(w.b, v)
}

func (w *schemaWriter) strIf(k, v string) {
	if v != "" {
		w.str(k, v)
	}
}

func (w *schemaWriter) raw(k, v string) {
	w.key(k)
	w.b = append(w.b, v...)
}

func (w *schemaWriter) rawIf(k, v string) {
	if v != "" {
		w.raw(k, v)
	}
}

func (w *schemaWriter) intIf(k string, v *int) {
	if v != nil {
		w.raw(k, strconv.Itoa(*v))
	}
}

// element writes the schema of an array's items or a map's values: a
// pointer there is written as null when nil (there is no member to leave
// out), so its schema allows null.
func (w *schemaWriter) element(t *Type) {
	if t == nil || t.Kind != KindOptional {
		w.schema(t, "", false)
		return
	}
	w.open('{')
	w.key("anyOf")
	w.open('[')
	w.sep()
	w.schema(t, "", false)
	w.sep()
	w.b = append(w.b, `{"type":"null"}`...)
	w.close(']')
	w.close('}')
}

// schema writes the schema of t with description desc.
func (w *schemaWriter) schema(t *Type, desc string, root bool) {
	for t != nil && t.Kind == KindOptional {
		t = t.Elem
	}
	if t == nil {
		w.fail("a type is missing")
		w.b = append(w.b, "{}"...)
		return
	}
	desc = Describe(desc, t)
	if t.Kind == KindRef {
		if t.Target == nil {
			w.fail("type %s is not resolved (call Package.Resolve)", t.Ref)
			w.b = append(w.b, "{}"...)
			return
		}
		if root {
			w.schema(t.Target.Type, desc, true)
			return
		}
		w.defs[t.Ref] = t.Target
		w.open('{')
		w.str("$ref", "#/$defs/"+t.Ref)
		w.strIf("description", desc)
		w.close('}')
		return
	}
	w.open('{')
	defer w.close('}')
	l := t.Limits
	if l == nil {
		l = &Limits{}
	}
	switch t.Kind {
	case KindObject:
		w.str("type", "object")
		w.strIf("description", desc)
		w.key("properties")
		w.open('{')
		var required []string
		for _, f := range t.Fields {
			w.key(f.JSONName)
			w.field(f)
			if f.Required {
				required = append(required, f.JSONName)
			}
		}
		w.close('}')
		if len(required) > 0 {
			w.key("required")
			w.open('[')
			for _, r := range required {
				w.sep()
				w.b = appendString(w.b, r)
			}
			w.close(']')
		}
		w.raw("additionalProperties", "false")
	case KindString, KindText:
		w.str("type", "string")
		w.strIf("format", t.Format)
		w.strIf("description", desc)
		w.stringLimits(l)
	case KindInteger:
		w.str("type", "integer")
		w.strIf("description", desc)
		lo, hi := IntRange(t.Bits, t.Signed)
		if t.Bits == 64 && t.Signed {
			lo = ""
		}
		if t.Bits == 64 {
			hi = ""
		}
		w.numberLimits(l, lo, hi)
	case KindNumber:
		w.str("type", "number")
		w.strIf("description", desc)
		w.numberLimits(l, "", "")
	case KindBoolean:
		w.str("type", "boolean")
		w.strIf("description", desc)
	case KindEnum:
		str := t.Basic == "string"
		if str {
			w.str("type", "string")
		} else {
			w.str("type", "integer")
		}
		w.strIf("description", desc)
		w.key("enum")
		w.open('[')
		for _, v := range t.Enum {
			w.sep()
			if str {
				w.b = appendString(w.b, v.Value)
			} else {
				w.b = append(w.b, v.Value...)
			}
		}
		w.close(']')
	case KindArray:
		w.str("type", "array")
		w.strIf("description", desc)
		w.key("items")
		w.element(t.Elem)
		if t.Fixed {
			n := t.Len
			w.intIf("minItems", &n)
			w.intIf("maxItems", &n)
		} else {
			w.intIf("minItems", l.MinItems)
			w.intIf("maxItems", l.MaxItems)
		}
	case KindMap:
		w.str("type", "object")
		w.strIf("description", desc)
		w.key("additionalProperties")
		w.element(t.Elem)
		if k := t.Key; k != nil && k.Kind == KindEnum {
			w.key("propertyNames")
			w.open('{')
			w.key("enum")
			w.open('[')
			for _, v := range k.Enum {
				w.sep()
				w.b = appendString(w.b, v.Value)
			}
			w.close(']')
			w.close('}')
		}
		w.intIf("minProperties", l.MinProperties)
		w.intIf("maxProperties", l.MaxProperties)
	case KindBytes:
		w.str("type", "string")
		w.str("contentEncoding", "base64")
		w.strIf("description", desc)
	case KindTime:
		w.str("type", "string")
		f := t.Format
		if f == "" {
			f = "date-time"
		}
		w.str("format", f)
		w.strIf("description", desc)
	case KindDuration:
		switch t.Format {
		case "duration":
			w.str("type", "string")
			w.str("format", "duration")
		case "nanoseconds", "milliseconds", "seconds":
			w.str("type", "integer")
		default:
			w.fail("time.Duration needs a format (nanoseconds, milliseconds, seconds or duration), not %q", t.Format)
		}
		w.strIf("description", desc)
	case KindAny:
		w.strIf("description", desc)
	default:
		w.fail("unknown kind %q", t.Kind)
	}
}

func (w *schemaWriter) field(f *Field) {
	if f.Default == "" {
		w.schema(f.Type, f.Description, false)
		return
	}
	w.schema(f.Type, f.Description, false)
	w.b = w.b[:len(w.b)-1] // reopen the property's object
	w.first = append(w.first, false)
	w.raw("default", f.Default)
	w.close('}')
}

func (w *schemaWriter) stringLimits(l *Limits) {
	w.intIf("minLength", l.MinLength)
	w.intIf("maxLength", l.MaxLength)
	w.strIf("pattern", l.Pattern)
}

// numberLimits writes the bounds: a marker's, else the Go type's (lo, hi).
func (w *schemaWriter) numberLimits(l *Limits, lo, hi string) {
	if l.Minimum != "" {
		lo = l.Minimum
	}
	if l.Maximum != "" {
		hi = l.Maximum
	}
	w.rawIf("minimum", lo)
	w.rawIf("exclusiveMinimum", l.ExclusiveMinimum)
	w.rawIf("maximum", hi)
	w.rawIf("exclusiveMaximum", l.ExclusiveMaximum)
	w.rawIf("multipleOf", l.MultipleOf)
}

// appendString appends s as a JSON string. Unlike encoding/json it leaves
// <, > and & alone, which keeps descriptions readable; it escapes U+2028
// and U+2029 so the JSON is also valid JavaScript.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// ToolsJSON is the tools array of tools/list as the runtime answers it:
// each tool's name, description (when not empty), inputSchema,
// outputSchema (when its result form has one), annotations (when stated) and the _meta
// that names the generator. Subako takes at
// most abi.ToolListMaxBytes of it.
func (p *Package) ToolsJSON() ([]byte, error) {
	b := []byte{'['}
	var errs []error
	for i, t := range p.Tools {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(append(b, `{"name":`...), t.Name)
		if t.Description != "" {
			b = appendString(append(b, `,"description":`...), t.Description)
		}
		in, err := t.InputSchema()
		errs = append(errs, err)
		b = append(append(b, `,"inputSchema":`...), in...)
		out, err := t.OutputSchema()
		errs = append(errs, err)
		if out != nil {
			b = append(append(b, `,"outputSchema":`...), out...)
		}
		if a := t.Annotations.JSON(); a != nil {
			b = append(append(b, `,"annotations":`...), a...)
		}
		// The generated package marks its tools (subako.Package.Generator).
		b = append(b, `,"_meta":{"`+abi.MetaGenerator+`":"`+abi.GeneratorGoSDK+`"}}`...)
	}
	return append(b, ']'), errors.Join(errs...)
}
