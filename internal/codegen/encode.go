package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// The encoders write a tool's result with a jsonwire.Writer (inside
// subakoEncoder, which also keeps the first error): members in declaration
// order, json tags' omitempty and omitzero followed as encoding/json
// follows them, nil slices as [] and nil maps as {}, nil pointers left out,
// map keys sorted.

// enc is the encoder every encoding function writes to.
func enc() *jen.Statement { return jen.Id("e") }

// objectEncoder returns the function that encodes a named struct (or a
// recursive one), writing it once the current one is done.
func (g *gen) objectEncoder(t *model.Type) string {
	obj := t
	if t.Kind == model.KindRef {
		obj = t.Target.Type
	}
	key := fingerprint(obj)
	g.calls[encoderKey(obj)]++
	if name, ok := g.encoders[key]; ok {
		return name
	}
	name := g.unique("subakoEncode" + g.typeName(t))
	g.encoders[key] = name
	typ, ok := g.spell(t)
	if !ok {
		g.fail("the type %s cannot be named in Go", t.GoString())
		return name
	}
	g.queue = append(g.queue, func() {
		body := g.encodeObject(obj, pointee(func() *jen.Statement { return jen.Id("v") }), 0)
		g.addFunc(3,
			jen.Commentf("%s encodes %s as JSON.", name, goSpelling(typ)).Line().Func().Id(name).Params(jen.Id("e").Op("*").Add(g.h("subakoEncoder")), jen.Id("v").Op("*").Add(typ)).Block(body...),
		)
	})
	return name
}

// encodeObject writes the struct at v as an object.
func (g *gen) encodeObject(t *model.Type, v lvalue, depth int) []jen.Code {
	code := []jen.Code{enc().Dot("BeginObject").Call()}
	for _, f := range t.Fields {
		fv := v.field(f)
		if f.Type.Kind == model.KindText && f.OmitEmpty && !f.OmitZero {
			// As encoding/json/v2 does: an empty text is left out, where
			// encoding/json would write "" (which a format would refuse).
			b := named("b", depth+1)
			code = append(code, jen.If(jen.List(jen.Id(b), jen.Err()).Op(":=").Add(fv.sel()).Dot("MarshalText").Call(), jen.Err().Op("!=").Nil()).Block(
				enc().Dot("fail").Call(jen.Err()),
			).Else().If(jen.Len(jen.Id(b)).Op("!=").Lit(0)).Block(
				enc().Dot("Key").Call(jen.Lit(f.JSONName)),
				enc().Dot("String").Call(jen.String().Call(jen.Id(b))),
			))
			continue
		}
		member := []jen.Code{enc().Dot("Key").Call(jen.Lit(f.JSONName))}
		member = append(member, g.encodeValue(f.Type, fv, depth+1)...)
		switch cond := g.written(f, fv); {
		case cond != nil:
			code = append(code, jen.If(cond).Block(member...))
		case len(member) > 2:
			// A block of its own: the value's statements may declare
			// variables (x1, err := ...) that the next member's declare too.
			code = append(code, jen.Block(member...))
		default:
			code = append(code, member...)
		}
	}
	return append(code, enc().Dot("EndObject").Call())
}

// written is the condition under which a member is written, or nil when it
// always is: a nil pointer is left out, and omitempty and omitzero leave
// out what encoding/json leaves out.
func (g *gen) written(f *model.Field, v lvalue) jen.Code {
	t := f.Type
	if t.Kind == model.KindOptional {
		return v.val().Op("!=").Nil()
	}
	var conds []jen.Code
	if f.OmitEmpty {
		if c := g.empty(t, v, false); c != nil {
			conds = append(conds, c)
		}
	}
	// What omitzero leaves out, omitempty does too, where it applies.
	if f.OmitZero && len(conds) == 0 {
		conds = append(conds, g.zero(t, v, false))
	}
	switch len(conds) {
	case 0:
		return nil
	case 1:
		return conds[0]
	}
	return jen.Add(conds[0]).Op("&&").Add(conds[1])
}

// cmp is x == y, or x != y when not is false.
func cmp(x jen.Code, is bool, y jen.Code) jen.Code {
	if is {
		return jen.Add(x).Op("==").Add(y)
	}
	return jen.Add(x).Op("!=").Add(y)
}

// truth is x, or !x when is is false.
func truth(x jen.Code, is bool) jen.Code {
	if is {
		return x
	}
	return jen.Op("!").Add(x)
}

// empty is true (with is, else false) when omitempty leaves the value
// out: false, 0, "", empty slices, maps and strings, nil pointers and
// interfaces, as in encoding/json. Structs are never empty (nil).
func (g *gen) empty(t *model.Type, v lvalue, is bool) jen.Code {
	switch t.Kind {
	case model.KindString, model.KindBytes, model.KindMap:
		return cmp(jen.Len(v.val()), is, jen.Lit(0))
	case model.KindArray:
		if t.Fixed {
			if t.Len == 0 {
				return jen.Lit(is)
			}
			return nil
		}
		return cmp(jen.Len(v.val()), is, jen.Lit(0))
	case model.KindInteger, model.KindNumber, model.KindDuration:
		return cmp(v.val(), is, jen.Lit(0))
	case model.KindEnum:
		return g.basicZero(t.Basic, v, is)
	case model.KindBoolean:
		return truth(v.val(), !is)
	case model.KindOptional:
		return cmp(v.val(), is, jen.Nil())
	case model.KindAny:
		if t.Named == nil {
			return cmp(v.val(), is, jen.Nil())
		}
		if isRawMessage(t) {
			return cmp(jen.Len(v.val()), is, jen.Lit(0))
		}
	case model.KindText:
		if t.Basic != "" {
			return g.basicZero(t.Basic, v, is)
		}
	}
	return nil
}

func isRawMessage(t *model.Type) bool {
	return t.Named != nil && t.Named.Path == "encoding/json" && t.Named.Name == "RawMessage"
}

// basicZero compares a value of a basic type with its zero.
func (g *gen) basicZero(basic string, v lvalue, is bool) jen.Code {
	switch basic {
	case "string":
		return cmp(v.val(), is, jen.Lit(""))
	case "bool":
		return truth(v.val(), !is)
	}
	return cmp(v.val(), is, jen.Lit(0))
}

// zero is true (with is, else false) when omitzero leaves the value out:
// it is the zero value, or IsZero() reports true for a type that has the
// method. Of a struct, the fields the model knows are compared.
func (g *gen) zero(t *model.Type, v lvalue, is bool) jen.Code {
	switch t.Kind {
	case model.KindString:
		return g.basicZero("string", v, is)
	case model.KindInteger, model.KindNumber, model.KindDuration, model.KindBoolean, model.KindEnum:
		return g.basicZero(t.Basic, v, is)
	case model.KindOptional, model.KindMap, model.KindBytes:
		return cmp(v.val(), is, jen.Nil())
	case model.KindArray:
		if !t.Fixed {
			return cmp(v.val(), is, jen.Nil())
		}
		switch t.Elem.Kind {
		case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean, model.KindEnum, model.KindDuration, model.KindTime, model.KindOptional:
			return truth(g.h("subakoZeroValue").Call(v.val()), is)
		}
		return jen.Lit(!is)
	case model.KindAny:
		if t.Named == nil || isRawMessage(t) {
			return cmp(v.val(), is, jen.Nil())
		}
		return truth(g.h("subakoZero").Call(v.addr(), g.h("subakoZeroValue").Call(v.val())), is)
	case model.KindTime:
		return truth(v.sel().Dot("IsZero").Call(), is)
	case model.KindText:
		// A type without IsZero is zero when it equals its zero value,
		// which needs it to be comparable (netip.Addr is).
		otherwise := g.h("subakoZeroValue").Call(v.val())
		if t.Basic != "" {
			otherwise = jen.Add(g.basicZero(t.Basic, v, true))
		}
		return truth(g.h("subakoZero").Call(v.addr(), otherwise), is)
	case model.KindObject, model.KindRef:
		obj := t
		if t.Kind == model.KindRef {
			obj = t.Target.Type
		}
		all := jen.True()
		for i, f := range obj.Fields {
			if i == 0 {
				all = jen.Add(g.zero(f.Type, v.field(f), true))
			} else {
				all = all.Op("&&").Add(g.zero(f.Type, v.field(f), true))
			}
		}
		return truth(g.h("subakoZero").Call(v.addr(), all), is)
	}
	return jen.Lit(!is)
}

// encodeValue writes the value at lv, of type t.
func (g *gen) encodeValue(t *model.Type, lv lvalue, depth int) []jen.Code {
	b, x := named("b", depth), named("x", depth)
	switch t.Kind {
	case model.KindObject:
		if t.Named != nil {
			if _, ok := g.spell(t); ok {
				return []jen.Code{jen.Id(g.objectEncoder(t)).Call(enc(), lv.addr())}
			}
		}
		return g.encodeObject(t, lv, depth)
	case model.KindRef:
		return []jen.Code{jen.Id(g.objectEncoder(t)).Call(enc(), lv.addr())}
	case model.KindOptional:
		return []jen.Code{jen.If(jen.Id(x).Op(":=").Add(lv.val()), jen.Id(x).Op("==").Nil()).Block(
			enc().Dot("Null").Call(),
		).Else().Block(g.encodeValue(t.Elem, pointee(func() *jen.Statement { return jen.Id(x) }), depth+1)...)}
	case model.KindString:
		return []jen.Code{enc().Dot("String").Call(g.basic(t, "string", lv.val()))}
	case model.KindEnum:
		if t.Basic == "string" {
			return []jen.Code{enc().Dot("String").Call(g.basic(t, "string", lv.val()))}
		}
		return g.encodeInt(t, lv)
	case model.KindInteger:
		return g.encodeInt(t, lv)
	case model.KindNumber:
		bits := 64
		if t.Basic == "float32" || t.Bits == 32 {
			bits = 32
		}
		return []jen.Code{enc().Dot("Float").Call(g.basic(t, "float64", lv.val()), jen.Lit(bits))}
	case model.KindBoolean:
		return []jen.Code{enc().Dot("Bool").Call(g.basic(t, "bool", lv.val()))}
	case model.KindBytes:
		return []jen.Code{enc().Dot("String").Call(jen.Qual("encoding/base64", "StdEncoding").Dot("EncodeToString").Call(lv.val()))}
	case model.KindTime:
		return []jen.Code{g.h("subakoTime").Call(enc(), lv.val(), jen.Lit(t.Format == "date"))}
	case model.KindDuration:
		if unit := durationUnit(t.Format); unit != "" {
			return []jen.Code{enc().Dot("Int").Call(jen.Int64().Call(lv.val().Op("/").Qual("time", unit)))}
		}
		return []jen.Code{
			jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h("subakoFormatDuration")).Call(lv.val()),
			jen.If(jen.Err().Op("!=").Nil()).Block(enc().Dot("fail").Call(jen.Err())),
			enc().Dot("String").Call(jen.Id(x)),
		}
	case model.KindText:
		return []jen.Code{
			jen.List(jen.Id(b), jen.Err()).Op(":=").Add(lv.sel()).Dot("MarshalText").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(enc().Dot("fail").Call(jen.Err())),
			enc().Dot("String").Call(jen.String().Call(jen.Id(b))),
		}
	case model.KindArray:
		i := named("i", depth)
		return []jen.Code{
			enc().Dot("BeginArray").Call(),
			jen.For(jen.Id(i).Op(":=").Range().Add(lv.val())).Block(
				g.encodeValue(t.Elem, place(func() *jen.Statement { return lv.paren().Index(jen.Id(i)) }), depth+1)...,
			),
			enc().Dot("EndArray").Call(),
		}
	case model.KindMap:
		k := named("k", depth)
		key := jen.Code(jen.Id(k))
		if t.Key != nil && t.Key.Named != nil {
			key = jen.String().Call(jen.Id(k))
		}
		body := []jen.Code{
			enc().Dot("Key").Call(key),
			jen.Id(x).Op(":=").Add(lv.paren()).Index(jen.Id(k)),
		}
		body = append(body, g.encodeValue(t.Elem, ident(x), depth+1)...)
		return []jen.Code{
			enc().Dot("BeginObject").Call(),
			jen.For(jen.List(jen.Id("_"), jen.Id(k)).Op(":=").Range().Add(g.h("subakoSortedKeys")).Call(lv.val())).Block(body...),
			enc().Dot("EndObject").Call(),
		}
	case model.KindAny:
		if t.Named == nil {
			return []jen.Code{g.h("subakoEncodeAny").Call(enc(), lv.val())}
		}
		if isRawMessage(t) {
			return []jen.Code{jen.If(jen.Len(lv.val()).Op("==").Lit(0)).Block(enc().Dot("Null").Call()).Else().Block(enc().Dot("Raw").Call(lv.val()))}
		}
		return []jen.Code{
			jen.List(jen.Id(b), jen.Err()).Op(":=").Add(lv.sel()).Dot("MarshalJSON").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(enc().Dot("fail").Call(jen.Err())),
			enc().Dot("Raw").Call(jen.Id(b)),
		}
	}
	g.fail("cannot encode a value of kind %q", t.Kind)
	return nil
}

// encodeInt writes an integer or an integer enum.
func (g *gen) encodeInt(t *model.Type, lv lvalue) []jen.Code {
	if t.Signed {
		return []jen.Code{enc().Dot("Int").Call(g.basic(t, "int64", lv.val()))}
	}
	return []jen.Code{enc().Dot("Uint").Call(g.basic(t, "uint64", lv.val()))}
}

// basic is x converted to the basic type want, unless it has it already.
func (g *gen) basic(t *model.Type, want string, x jen.Code) jen.Code {
	if t.Named == nil && t.Basic == want || t.Named == nil && t.Kind == model.KindString && want == "string" {
		return x
	}
	return jen.Id(want).Call(x)
}
