package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// A tool's own structs are decoded and encoded in its Call closure.
//
// Every function in a Go module costs each instantiation something,
// whatever its size, and a cold call is one instantiation: wazero makes a
// function instance for every table element (for Go, every function), and
// Go's linker gives every function 16 buckets of runtime.findfunctab,
// mostly zeros, written as separate data segments that wazero evaluates
// one by one. So the struct a tool takes, when no other code decodes it,
// is decoded where the closure would have called its decoder, and so for
// the struct it returns: a package of such tools has two functions a tool
// (the closure and the handler) where it had four.

// decoderKey and encoderKey name a struct's decoder and encoder in
// gen.calls.
func decoderKey(obj *model.Type) string { return "decode " + fingerprint(obj) }
func encoderKey(obj *model.Type) string { return "encode " + fingerprint(obj) }

// countCalls writes the tools' Call closures and every function they need,
// all with no struct inlined, and counts the calls of each struct's
// decoder and encoder in that code: a struct called once, by a closure, is
// inlined there, which leaves every other count as it was.
func countCalls(p *model.Package) map[string]int {
	g := newGen(p)
	for _, t := range p.Tools {
		g.call(t)
	}
	g.drain()
	return g.calls
}

// ownStruct returns the struct t decodes (or encodes) as, when generated
// code gives that struct a function of its own.
func (g *gen) ownStruct(t *model.Type) (*model.Type, bool) {
	switch t.Kind {
	case model.KindRef:
		if t.Target == nil {
			return nil, false
		}
		return t.Target.Type, true
	case model.KindObject:
		if t.Named != nil {
			if _, ok := g.spell(t); ok {
				return t, true
			}
		}
	}
	return nil, false
}

// decodeArgs is the statements of a Call closure that decode its
// arguments into in, a variable of the tool's input type, from the
// scanner s: inline when only this closure decodes that struct.
func (g *gen) decodeArgs(input *model.Type) []jen.Code {
	in := ident("in")
	if obj, ok := g.ownStruct(input); ok && input.Kind == model.KindObject && g.alone[decoderKey(obj)] == 1 {
		// In a block, as it was in its function: its variables (seen, k,
		// ...) must not hide the handler the closure calls next.
		return []jen.Code{jen.Block(g.decodeObject(obj, in, nil, 0)...)}
	}
	return g.callDecoder(g.objectDecoder(input), in, nil)
}

// encodeResult is the statements of a Call closure that encode value, of
// type t, into the encoder e: inline when t is a struct only this closure
// encodes.
func (g *gen) encodeResult(t *model.Type, value lvalue) []jen.Code {
	if obj, ok := g.ownStruct(t); ok && t.Kind == model.KindObject && g.alone[encoderKey(obj)] == 1 {
		return g.encodeObject(obj, value, 0)
	}
	return g.encodeValue(t, value, 0)
}
