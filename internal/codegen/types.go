package codegen

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/analyzer/model"
)

// spell returns the Go spelling of t, or false when Go cannot name it in
// the generated file: an anonymous struct, whose tags the model does not
// keep, or a type built from one.
func (g *gen) spell(t *model.Type) (jen.Code, bool) {
	if t == nil {
		return nil, false
	}
	if t.Kind == model.KindRef {
		if t.Target == nil {
			return nil, false
		}
		return g.spellName(&t.Target.Go)
	}
	if t.Named != nil {
		return g.spellName(t.Named)
	}
	switch t.Kind {
	case model.KindOptional:
		elem, ok := g.spell(t.Elem)
		return jen.Op("*").Add(elem), ok
	case model.KindArray:
		elem, ok := g.spell(t.Elem)
		if t.Fixed {
			return jen.Index(jen.Lit(t.Len)).Add(elem), ok
		}
		return jen.Index().Add(elem), ok
	case model.KindMap:
		key := jen.Code(jen.String())
		ok := true
		if t.Key != nil {
			key, ok = g.spell(t.Key)
		}
		elem, ok2 := g.spell(t.Elem)
		return jen.Map(key).Add(elem), ok && ok2
	case model.KindBytes:
		return jen.Index().Byte(), true
	case model.KindAny:
		return jen.Any(), true
	case model.KindObject:
		return nil, false
	}
	if t.Basic != "" {
		return jen.Id(t.Basic), true
	}
	return nil, false
}

// spellName spells a defined type: unqualified in the package itself,
// qualified (and imported) from another.
func (g *gen) spellName(n *model.GoName) (jen.Code, bool) {
	var s *jen.Statement
	if n.Path == "" || n.Path == g.p.GoPackage {
		s = jen.Id(n.Name)
	} else {
		s = jen.Qual(n.Path, n.Name)
	}
	if len(n.Args) == 0 {
		return s, true
	}
	args := make([]jen.Code, len(n.Args))
	ok := true
	for i, a := range n.Args {
		var ok1 bool
		args[i], ok1 = g.spell(a)
		ok = ok && ok1
	}
	return s.Types(args...), ok
}

// convert is x converted to the Go type of t when t is a defined type or
// a basic type other than the one x has (have); x itself otherwise.
func (g *gen) convert(t *model.Type, have string, x jen.Code) jen.Code {
	if t.Named != nil {
		typ, _ := g.spellName(t.Named)
		return jen.Add(typ).Call(x)
	}
	if t.Basic != "" && t.Basic != have {
		return jen.Id(t.Basic).Call(x)
	}
	return x
}

// fingerprint identifies a type node by everything in it that decoding or
// encoding depends on: two nodes with the same fingerprint share one
// generated function.
func fingerprint(t *model.Type) string {
	b, err := json.Marshal(t)
	if err != nil {
		panic("codegen: " + err.Error()) // the model has nothing json cannot encode
	}
	return string(b)
}

// camel turns a tool or type name into an identifier part: plot-chart and
// plot_chart become PlotChart, Page_Point stays Page_Point.
func camel(name string, keepUnderscore bool) string {
	var b strings.Builder
	up := true
	for _, r := range name {
		switch {
		case r == '_' && keepUnderscore:
			b.WriteRune(r)
			up = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if up {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

// unique returns base, or base2, base3... whichever is not taken yet, and
// takes it.
func (g *gen) unique(base string) string {
	name := base
	for i := 2; g.names[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	g.names[name] = true
	return name
}

// typeName is the readable part of a generated function's name for a
// type: its Decl's name when it has one, its Go name otherwise.
func (g *gen) typeName(t *model.Type) string {
	if t.Kind == model.KindRef && t.Target != nil {
		return camel(t.Target.Name, true)
	}
	if t.Named != nil {
		key := t.Named.String()
		if d := g.declByGo[key]; d != nil {
			return camel(d.Name, true)
		}
		name := t.Named.Name
		for _, a := range t.Named.Args {
			name += "_" + g.typeName(a)
		}
		return camel(name, true)
	}
	switch t.Kind {
	case model.KindOptional:
		return g.typeName(t.Elem) + "Ptr"
	case model.KindArray:
		return g.typeName(t.Elem) + "List"
	case model.KindMap:
		return g.typeName(t.Elem) + "Map"
	}
	if t.Basic != "" {
		return camel(t.Basic, false)
	}
	return camel(string(t.Kind), false)
}

// lvalue is a place a decoder stores into or an encoder reads from:
// an expression (v.Name, x), or what a pointer expression points to.
type lvalue struct {
	expr func() *jen.Statement // the place itself, or nil
	ptr  func() *jen.Statement // a pointer to it, when expr is nil
}

func place(build func() *jen.Statement) lvalue { return lvalue{expr: build} }

func pointee(build func() *jen.Statement) lvalue { return lvalue{ptr: build} }

func ident(name string) lvalue { return place(func() *jen.Statement { return jen.Id(name) }) }

// val is the place as an assignment target or a value: v.Name, *p.
func (l lvalue) val() *jen.Statement {
	if l.expr != nil {
		return l.expr()
	}
	return jen.Op("*").Add(l.ptr())
}

// paren is val, parenthesized when needed to index it: (*p)[i].
func (l lvalue) paren() *jen.Statement {
	if l.expr != nil {
		return l.expr()
	}
	return jen.Parens(l.val())
}

// addr is a pointer to the place: &v.Name, p.
func (l lvalue) addr() *jen.Statement {
	if l.expr != nil {
		return jen.Op("&").Add(l.expr())
	}
	return l.ptr()
}

// sel is an expression to select fields or call methods on: v.Name, p.
func (l lvalue) sel() *jen.Statement {
	if l.expr != nil {
		return l.expr()
	}
	return l.ptr()
}

// field is the place of a struct field, through embedded structs.
func (l lvalue) field(f *model.Field) lvalue {
	return place(func() *jen.Statement {
		s := l.sel()
		if len(f.GoPath) > 0 {
			for _, name := range f.GoPath {
				s = s.Dot(name)
			}
			return s
		}
		return s.Dot(f.GoName)
	})
}

// path is where a value is, relative to the value a generated function
// decodes: literal text and Go string expressions, joined with +.
type path []pathPiece

type pathPiece struct {
	lit string   // literal text, or
	dyn jen.Code // an expression
}

// with is p followed by literal text and then an expression, either of
// which may be empty; literal pieces are merged.
func (p path) with(lit string, dyn jen.Code) path {
	out := append(path(nil), p...)
	if lit != "" {
		if n := len(out); n > 0 && out[n-1].dyn == nil {
			out[n-1].lit += lit
		} else {
			out = append(out, pathPiece{lit: lit})
		}
	}
	if dyn != nil {
		out = append(out, pathPiece{dyn: dyn})
	}
	return out
}

// code is the path as one string expression.
func (p path) code() jen.Code {
	if len(p) == 0 {
		return jen.Lit("")
	}
	s := jen.Null()
	for i, piece := range p {
		if i > 0 {
			s.Op("+")
		}
		if piece.dyn != nil {
			s.Add(piece.dyn)
		} else {
			s.Lit(piece.lit)
		}
	}
	return s
}

// keyStep is the path step to a member, as subakoKey writes it at run time.
func keyStep(k string) string {
	ok := k != ""
	for i := 0; i < len(k); i++ {
		c := k[i]
		ident := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9'
		ok = ok && ident
	}
	if ok {
		return "." + k
	}
	return "[" + string(jsonwire.AppendString(nil, k)) + "]"
}
