package codegen

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// The decoders read a tool's arguments with a jsonwire.Scanner and check
// exactly what the input schema says. Each generated function decodes one
// named struct and returns errors whose path is relative to it; callers put
// them below their own path with subakoAt, so the path costs nothing until
// something is wrong.

// scanner is the Scanner every decoder reads from.
func scanner() *jen.Statement { return jen.Id("s") }

// named is name with a depth suffix, for variables of nested values.
func named(name string, depth int) string {
	if depth == 0 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// objectDecoder returns the function that decodes a named struct (or a
// recursive one, by reference), writing it once the current one is done.
func (g *gen) objectDecoder(t *model.Type) string {
	obj := t
	if t.Kind == model.KindRef {
		obj = t.Target.Type
	}
	key := fingerprint(obj)
	g.calls[decoderKey(obj)]++
	if name, ok := g.decoders[key]; ok {
		return name
	}
	name := g.unique("subakoDecode" + g.typeName(t))
	g.decoders[key] = name
	typ, ok := g.spell(t)
	if !ok {
		g.fail("the type %s cannot be named in Go", t.GoString())
		return name
	}
	g.queue = append(g.queue, func() {
		g.ncol = 0
		body := g.decodeObject(obj, pointee(func() *jen.Statement { return jen.Id("v") }), nil, 0)
		body = append(body, jen.Return(jen.Nil()))
		g.addFunc(1,
			jen.Commentf("%s decodes %s from JSON.", name, goSpelling(typ)).Line().Func().Id(name).Params(jen.Id("s").Op("*").Qual(jsonwirePath, "Scanner"), jen.Id("v").Op("*").Add(typ)).Error().Block(body...),
		)
	})
	return name
}

// failAt returns the statement that gives up with an error about the
// value at p.
func (g *gen) failAt(p path, msg string) jen.Code {
	return g.giveUp(g.h("subakoErr").Call(p.code(), jen.Lit(msg)))
}

// giveUp is the statement that stops decoding with err, one of the
// decoders' own errors: a decoder function returns it, and a Call closure
// that decodes its arguments itself (see inline.go) returns it as the
// tool's error result.
//
// Inside a value that collects its errors (g.col), it notes the error
// there and goes on with the next member, element or map value instead.
func (g *gen) giveUp(err jen.Code) jen.Code {
	if c := g.col; c != nil {
		if c.failedAt == "" {
			return jen.Block(jen.Id(c.failed).Op("=").Add(err), jen.Goto().Id(c.label))
		}
		return jen.Block(
			jen.List(jen.Id(c.failed), jen.Id(c.failedAt)).Op("=").List(err, jen.Lit(c.index)),
			jen.Goto().Id(c.label),
		)
	}
	if g.inCall {
		return jen.Return(jen.Qual(subakoPath, "ErrorResult").Call(err))
	}
	return jen.Return(err)
}

// collector is an object, array or map whose errors are collected: a
// member (element, value) that fails is noted in its subakoErrors and
// passed over with subakoResync, and the errors of all of them end the
// value together, given up to the collector around it (outer), if any.
// Its names are those of its variables and of the label its members
// jump to.
type collector struct {
	fails, failed, depth, at, label string
	failedAt                        string // "" in arrays and maps: their errors keep the order they come in
	index                           int    // in an object, the schema index of the member being written
	outer                           *collector
}

// newCollector names the variables of a value that collects its errors:
// the names the top one has always had, or numbered ones inside it
// (labels belong to the whole function).
func (g *gen) newCollector(object bool) *collector {
	if g.col == nil {
		return &collector{fails: "fails", failed: "failed", failedAt: "failedAt", depth: "depth", at: "key", label: "nextMember"}
	}
	g.ncol++
	n := strconv.Itoa(g.ncol)
	c := &collector{fails: "fails" + n, failed: "failed" + n, depth: "depth" + n, at: "at" + n, label: "next" + n, outer: g.col}
	if object {
		c.failedAt = "failedAt" + n
	}
	return c
}

// declare is the collector's variables, declared before its loop.
func (g *gen) declare(c *collector) []jen.Code {
	code := []jen.Code{
		jen.Var().Id(c.fails).Add(g.h("subakoErrors")),
		jen.Var().Id(c.failed).Error(),
	}
	if c.failedAt != "" {
		code = append(code, jen.Var().Id(c.failedAt).Int())
	}
	return append(code, jen.Id(c.depth).Op(":=").Add(scanner()).Dot("Depth").Call())
}

// noted is the statements at the end of a collector's loop body, where a
// failed member jumps: note the error, pass over the rest of its value.
// A value that cannot be passed over ends the collector.
func (g *gen) noted(c *collector) []jen.Code {
	at := jen.Lit(0)
	if c.failedAt != "" {
		at = jen.Id(c.failedAt)
	}
	return []jen.Code{
		jen.Id(c.label).Op(":"),
		jen.Id(c.fails).Dot("note").Call(at, jen.Id(c.failed)),
		jen.If(g.h("subakoResync").Call(scanner(), jen.Id(c.depth), jen.Id(c.at)).Op("!=").Nil()).Block(
			g.giveUpAll(c),
		),
	}
}

// endWith is the statement that ends collector c with its errors and err,
// an error of the value itself (a syntax error, too many items), noted at
// index i.
func (g *gen) endWith(c *collector, i int, err jen.Code) jen.Code {
	return jen.Id(c.fails).Dot("note").Call(jen.Lit(i), err).Line().Add(g.giveUpAll(c))
}

// giveUpAll gives up c's errors to the collector around it (or returns
// them).
func (g *gen) giveUpAll(c *collector) jen.Code {
	saved := g.col
	g.col = c.outer
	defer func() { g.col = saved }()
	return g.giveUp(jen.Id(c.fails).Dot("err").Call())
}

// doneWith is the statement after a collector's loop: its errors, if
// any, end it.
func (g *gen) doneWith(c *collector) jen.Code {
	return jen.If(jen.Id(c.fails).Dot("err").Call().Op("!=").Nil()).Block(g.giveUpAll(c))
}

// wrap returns the statement that gives up with err, which may come from
// the scanner or a nested decoder, put at p.
func (g *gen) wrap(p path, err jen.Code) jen.Code {
	if len(p) == 0 && !g.inCall {
		return jen.Return(err)
	}
	return g.giveUp(g.h("subakoAt").Call(err, p.code()))
}

// at is err put at p.
func (g *gen) at(err jen.Code, p path) jen.Code {
	if len(p) == 0 {
		return err
	}
	return g.h("subakoAt").Call(err, p.code())
}

// ifErr is: if err != nil { return err at p }.
func (g *gen) ifErr(p path) jen.Code {
	return jen.If(jen.Err().Op("!=").Nil()).Block(g.wrap(p, jen.Err()))
}

// decodeObject decodes a JSON object into the struct at v: exact member
// names, no duplicates, no unknown members, every required member, then
// the defaults of the absent ones.
//
// The object collects its errors: a member that fails is noted and passed
// over, and the call's answer names every bad member, in schema order, at
// most subakoErrorsMax of them; so do the objects, arrays and maps inside
// it (see collector). Only a default's own value, decoded from a constant,
// stops at its first error.
func (g *gen) decodeObject(t *model.Type, v lvalue, p path, depth int) []jen.Code {
	return g.objectCode(t, v, p, depth, g.col != nil || len(p) == 0)
}

// objectCode writes decodeObject's statements; collect says the object
// collects its members' errors.
func (g *gen) objectCode(t *model.Type, v lvalue, p path, depth int, collect bool) []jen.Code {
	seen := named("seen", depth)
	n := len(t.Fields)
	word := func(i int) *jen.Statement {
		if n > 64 {
			return jen.Id(seen).Index(jen.Lit(i / 64))
		}
		return jen.Id(seen)
	}
	bit := func(i int) *jen.Statement { return jen.Parens(jen.Lit(1).Op("<<").Lit(i % 64)) }
	code := []jen.Code{
		jen.If(jen.Err().Op(":=").Add(g.h("subakoOpen")).Call(scanner(), jen.Qual(jsonwirePath, "ObjectBegin")), jen.Err().Op("!=").Nil()).Block(
			g.wrap(p, jen.Err()),
		),
	}
	var c *collector
	if collect {
		c = g.newCollector(true)
		code = append(code, g.declare(c)...)
	}
	switch {
	case n > 64:
		code = append(code, jen.Var().Id(seen).Index(jen.Lit((n+63)/64)).Uint64())
	case n > 0:
		code = append(code, jen.Var().Id(seen).Uint64())
	}
	var known []string
	for _, f := range t.Fields {
		known = append(known, f.JSONName)
	}
	var cases []jen.Code
	outer := g.col
	if collect {
		g.col = c
	}
	for i, f := range t.Fields {
		if collect {
			c.index = i
		}
		fp := p.with(keyStep(f.JSONName), nil)
		body := []jen.Code{
			jen.If(jen.Add(word(i)).Op("&").Add(bit(i)).Op("!=").Lit(0)).Block(
				g.giveUp(g.at(g.h("subakoTwice").Call(jen.Lit(f.JSONName)), p)),
			),
			jen.Add(word(i)).Op("|=").Lit(1).Op("<<").Lit(i % 64),
		}
		if !f.Required && f.Type.Kind != model.KindAny {
			// null for an optional member is read as its absence, the way
			// models send it and serde's Option takes it.
			null := []jen.Code{
				jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(scanner()).Dot("Next").Call(), jen.Err().Op("!=").Nil()).Block(g.wrap(fp, jen.Err())),
			}
			if f.Default != "" {
				if def := g.defaultValue(f, v.field(f), fp, depth+1); len(def) == 1 {
					null = append(null, def...)
				} else {
					null = append(null, jen.Block(def...)) // with its own scanner, s
				}
			}
			body = append(body, jen.If(scanner().Dot("PeekKind").Call().Op("==").Qual(jsonwirePath, "Null")).Block(append(null, jen.Break())...))
		}
		body = append(body, g.decodeValue(f.Type, v.field(f), fp, depth+1)...)
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(body...))
	}
	if collect {
		c.index = n // unknown members come after the schema's
	}
	cases = append(cases, jen.Default().Block(
		g.giveUp(g.at(g.h("subakoUnknown").Call(scanner().Dot("Text").Call(), jen.Lit(strings.Join(known, ", "))), p)),
	))
	g.col = outer
	if collect {
		// A failed member is noted and passed over; a syntax error ends the
		// object with the errors so far.
		body := []jen.Code{
			jen.List(jen.Id("k"), jen.Err()).Op(":=").Add(scanner()).Dot("Next").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(g.endWith(c, n, g.at(jen.Err(), p))),
			jen.If(jen.Id("k").Op("==").Qual(jsonwirePath, "ObjectEnd")).Block(jen.Break()),
			jen.Id(c.at).Op(":=").Add(scanner()).Dot("Offset").Call(),
			jen.Switch(jen.String().Call(scanner().Dot("Str").Call())).Block(cases...),
		}
		if n > 0 { // with no members, every key fails
			body = append(body, jen.Continue())
		}
		code = append(code, jen.For().Block(append(body, g.noted(c)...)...))
	} else {
		code = append(code, jen.For().Block(
			jen.List(jen.Id("k"), jen.Err()).Op(":=").Add(scanner()).Dot("Next").Call(),
			g.ifErr(p),
			jen.If(jen.Id("k").Op("==").Qual(jsonwirePath, "ObjectEnd")).Block(jen.Break()),
			jen.Switch(jen.String().Call(scanner().Dot("Str").Call())).Block(cases...),
		))
	}

	// Required members.
	var cond *jen.Statement
	for w := 0; w*64 < n; w++ {
		var mask uint64
		for i := w * 64; i < n && i < w*64+64; i++ {
			if t.Fields[i].Required {
				mask |= 1 << (i % 64)
			}
		}
		if mask == 0 {
			continue
		}
		c := jen.Add(word(w * 64)).Op("&").Add(hex(mask)).Op("!=").Add(hex(mask))
		if cond == nil {
			cond = c
		} else {
			cond = cond.Op("||").Add(c)
		}
	}
	if cond != nil {
		missing := named("missing", depth)
		first := named("firstMissing", depth)
		check := []jen.Code{jen.Var().Id(missing).Index().String()}
		if collect {
			check = append(check, jen.Id(first).Op(":=").Lit(-1))
		}
		for i, f := range t.Fields {
			if f.Required {
				body := []jen.Code{jen.Id(missing).Op("=").Append(jen.Id(missing), jen.Lit(f.JSONName))}
				if collect {
					body = append(body, jen.If(jen.Id(first).Op("<").Lit(0)).Block(jen.Id(first).Op("=").Lit(i)))
				}
				check = append(check, jen.If(jen.Add(word(i)).Op("&").Add(bit(i)).Op("==").Lit(0)).Block(body...))
			}
		}
		if collect {
			// Noted at the index of the first member missing.
			check = append(check, jen.Id(c.fails).Dot("note").Call(jen.Id(first), g.at(g.h("subakoMissing").Call(jen.Id(missing)), p)))
		} else {
			check = append(check, g.giveUp(g.at(g.h("subakoMissing").Call(jen.Id(missing)), p)))
		}
		code = append(code, jen.If(cond).Block(check...))
	}
	if collect {
		code = append(code, g.doneWith(c))
	}

	// Defaults of absent members.
	for i, f := range t.Fields {
		if f.Default == "" {
			continue
		}
		code = append(code, jen.If(jen.Add(word(i)).Op("&").Add(bit(i)).Op("==").Lit(0)).Block(
			g.defaultValue(f, v.field(f), p.with(keyStep(f.JSONName), nil), depth+1)...,
		))
	}
	return code
}

// hex is an unsigned constant written in hex, for bit masks.
func hex(n uint64) jen.Code { return jen.Op("0x" + strconv.FormatUint(n, 16)) }

// defaultValue stores a member's default: a constant when it is one, else
// by decoding the default's JSON as if it had been given.
//
// A default decoded from its JSON is a constant: what could go wrong there
// is the generator's mistake, not the call's, so it is not collected.
func (g *gen) defaultValue(f *model.Field, lv lvalue, p path, depth int) []jen.Code {
	saved := g.col
	g.col = nil
	defer func() { g.col = saved }()
	t := f.Type
	switch t.Kind {
	case model.KindString, model.KindEnum, model.KindInteger, model.KindNumber, model.KindBoolean:
		if t.Kind == model.KindString || t.Kind == model.KindEnum && t.Basic == "string" {
			var s string
			if err := json.Unmarshal([]byte(f.Default), &s); err != nil {
				g.fail("field %s: default %s is not a string", f.JSONName, f.Default)
				return nil
			}
			return []jen.Code{lv.val().Op("=").Lit(s)}
		}
		return []jen.Code{lv.val().Op("=").Op(f.Default)}
	case model.KindDuration:
		if unit := durationUnit(t.Format); unit != "" {
			return []jen.Code{lv.val().Op("=").Op(f.Default).Op("*").Qual("time", unit)}
		}
	}
	code := []jen.Code{jen.Id("s").Op(":=").Qual(jsonwirePath, "NewScanner").Call(jen.Index().Byte().Call(rawString(f.Default)))}
	return append(code, g.decodeValue(t, lv, p, depth)...)
}

// durationUnit is the time constant of an integer duration format.
func durationUnit(format string) string {
	switch format {
	case "nanoseconds":
		return "Nanosecond"
	case "milliseconds":
		return "Millisecond"
	case "seconds":
		return "Second"
	}
	return ""
}

// decodeValue reads the next value into lv, checking it against t.
func (g *gen) decodeValue(t *model.Type, lv lvalue, p path, depth int) []jen.Code {
	x := named("x", depth)
	switch t.Kind {
	case model.KindObject:
		if t.Named != nil {
			if _, ok := g.spell(t); ok {
				return g.callDecoder(g.objectDecoder(t), lv, p)
			}
		}
		return g.decodeObject(t, lv, p, depth)
	case model.KindRef:
		return g.callDecoder(g.objectDecoder(t), lv, p)
	case model.KindOptional:
		ptr := named("p", depth)
		code := []jen.Code{jen.Id(ptr).Op(":=").Add(g.h("subakoNew")).Call(lv.addr())}
		return append(code, g.decodeValue(t.Elem, pointee(func() *jen.Statement { return jen.Id(ptr) }), p, depth+1)...)
	case model.KindString, model.KindText, model.KindBytes, model.KindTime:
		return g.decodeString(t, lv, p, depth)
	case model.KindEnum:
		if t.Basic == "string" {
			return g.decodeString(t, lv, p, depth)
		}
		code := g.readInt(t, x, p)
		code = append(code, g.enumCheck(t, jen.Id(x), p))
		return append(code, lv.val().Op("=").Add(g.convert(t, intReadType(t), jen.Id(x))))
	case model.KindInteger:
		// Read at 64 bits, then check the schema's bounds, then the Go
		// type's where the schema states none (the schema says the same
		// then): every failure in the schema's words.
		below, above := schemaBounds(t)
		read := "subakoUintIn"
		if t.Signed {
			read = "subakoIntIn"
		}
		code := []jen.Code{
			jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h(read)).Call(scanner(), jen.Lit(below), jen.Lit(above)),
			g.ifErr(p),
		}
		code = append(code, g.intChecks(t, t.Limits, jen.Id(x), p)...)
		code = append(code, g.typeChecks(t, jen.Id(x), p)...)
		return append(code, lv.val().Op("=").Add(g.convert(t, intReadType(t), jen.Id(x))))
	case model.KindNumber:
		bits := 64
		if t.Basic == "float32" || t.Bits == 32 {
			bits = 32
		}
		code := []jen.Code{
			jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h("subakoFloat")).Call(scanner(), jen.Lit(bits)),
			g.ifErr(p),
		}
		code = append(code, g.floatChecks(t.Limits, x, p)...)
		return append(code, lv.val().Op("=").Add(g.convert(t, "float64", jen.Id(x))))
	case model.KindBoolean:
		return []jen.Code{
			jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h("subakoBool")).Call(scanner()),
			g.ifErr(p),
			lv.val().Op("=").Add(g.convert(t, "bool", jen.Id(x))),
		}
	case model.KindDuration:
		if t.Format == "duration" {
			return g.decodeString(t, lv, p, depth)
		}
		unit := durationUnit(t.Format)
		if unit == "" {
			g.fail("time.Duration needs a format, not %q", t.Format)
			return nil
		}
		code := []jen.Code{
			jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h("subakoInt")).Call(scanner(), jen.Lit(64)),
			g.ifErr(p),
		}
		code = append(code, g.intChecks(&model.Type{Kind: model.KindInteger, Bits: 64, Signed: true}, t.Limits, jen.Id(x), p)...)
		if unit != "Nanosecond" {
			max := int64(1<<63-1) / map[string]int64{"Millisecond": 1e6, "Second": 1e9}[unit]
			code = append(code, jen.If(jen.Id(x).Op(">").Op(strconv.FormatInt(max, 10)).Op("||").Id(x).Op("<").Op(strconv.FormatInt(-max, 10))).Block(
				g.failAt(p, "is out of range for a time.Duration (about 292 years)"),
			))
		}
		return append(code, lv.val().Op("=").Qual("time", "Duration").Call(jen.Id(x)).Op("*").Qual("time", unit))
	case model.KindArray:
		return g.decodeArray(t, lv, p, depth)
	case model.KindMap:
		return g.decodeMap(t, lv, p, depth)
	case model.KindAny:
		return g.decodeAny(t, lv, p, depth)
	}
	g.fail("cannot decode a value of kind %q", t.Kind)
	return nil
}

// callDecoder calls a struct's decoder on lv.
func (g *gen) callDecoder(fn string, lv lvalue, p path) []jen.Code {
	return []jen.Code{
		jen.If(jen.Err().Op(":=").Id(fn).Call(scanner(), lv.addr()), jen.Err().Op("!=").Nil()).Block(g.wrap(p, jen.Err())),
	}
}

// intReadType is the Go type subakoInt or subakoUint returns for t.
func intReadType(t *model.Type) string {
	if t.Signed {
		return "int64"
	}
	return "uint64"
}

// readInt reads an integer of an integer enum into x, at 64 bits: a value
// past its type is not one of the enum's, which the check after says in
// the schema's words.
func (g *gen) readInt(t *model.Type, x string, p path) []jen.Code {
	read := "subakoUint"
	if t.Signed {
		read = "subakoInt"
	}
	return []jen.Code{
		jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h(read)).Call(scanner(), jen.Lit(64)),
		g.ifErr(p),
	}
}

// schemaBounds are the failures of an integer member beyond its lower and
// upper bound, as the schema states them: its minimum (or exclusive one),
// else the Go type's, which the schema then carries.
func schemaBounds(t *model.Type) (below, above string) {
	lo, hi := model.IntRange(t.Bits, t.Signed)
	below, above = "must be at least "+lo, "must be at most "+hi
	if l := t.Limits; l != nil {
		switch {
		case l.Minimum != "":
			below = "must be at least " + l.Minimum
		case l.ExclusiveMinimum != "":
			below = "must be greater than " + l.ExclusiveMinimum
		}
		switch {
		case l.Maximum != "":
			above = "must be at most " + l.Maximum
		case l.ExclusiveMaximum != "":
			above = "must be less than " + l.ExclusiveMaximum
		}
	}
	return below, above
}

// typeChecks checks an integer x, read at 64 bits, against the bounds of
// t's Go type, after intChecks: a schema bound within the type fails first
// in its own words, and where the schema states none the type's bounds
// are the schema's (it carries them).
func (g *gen) typeChecks(t *model.Type, x jen.Code, p path) []jen.Code {
	if t.Bits == 0 || t.Bits == 64 {
		return nil
	}
	lo, hi := model.IntRange(t.Bits, t.Signed)
	var code []jen.Code
	if t.Signed {
		code = append(code, jen.If(jen.Add(x).Op("<").Op(lo)).Block(g.failAt(p, "must be at least "+lo)))
	}
	return append(code, jen.If(jen.Add(x).Op(">").Op(hi)).Block(g.failAt(p, "must be at most "+hi)))
}

// intChecks checks an integer x against the bounds and multiple in l.
// Bounds are made inclusive integers here, and those the Go type implies
// already (subakoInt checked them) are left out.
func (g *gen) intChecks(t *model.Type, l *model.Limits, x jen.Code, p path) []jen.Code {
	if l == nil {
		return nil
	}
	loText, hiText := model.IntRange(t.Bits, t.Signed)
	typeLo, _ := new(big.Int).SetString(loText, 10)
	typeHi, _ := new(big.Int).SetString(hiText, 10)
	var code []jen.Code
	bound := func(text string, lower, exclusive bool, msg string) {
		if text == "" {
			return
		}
		r, ok := new(big.Rat).SetString(text)
		if !ok {
			g.fail("bound %q is not a number", text)
			return
		}
		// The smallest (or largest) integer that passes.
		num, den := r.Num(), r.Denom()
		q, m := new(big.Int).DivMod(num, den, new(big.Int)) // floor
		var b *big.Int
		switch {
		case lower && exclusive:
			b = q.Add(q, big.NewInt(1))
		case lower: // ceil
			b = q
			if m.Sign() != 0 {
				b.Add(b, big.NewInt(1))
			}
		case exclusive: // ceil - 1
			b = q
			if m.Sign() == 0 {
				b.Sub(b, big.NewInt(1))
			}
		default:
			b = q
		}
		switch {
		case lower && b.Cmp(typeLo) <= 0, !lower && b.Cmp(typeHi) >= 0:
			return // the type allows nothing beyond it
		case lower && b.Cmp(typeHi) > 0, !lower && b.Cmp(typeLo) < 0:
			code = append(code, g.failAt(p, msg+" "+text)) // nothing passes
			return
		}
		op := "<"
		if !lower {
			op = ">"
		}
		code = append(code, jen.If(jen.Add(x).Op(op).Op(b.String())).Block(g.failAt(p, msg+" "+text)))
	}
	bound(l.Minimum, true, false, "must be at least")
	bound(l.ExclusiveMinimum, true, true, "must be greater than")
	bound(l.Maximum, false, false, "must be at most")
	bound(l.ExclusiveMaximum, false, true, "must be less than")
	if l.MultipleOf != "" {
		r, ok := new(big.Rat).SetString(l.MultipleOf)
		if !ok || r.Sign() <= 0 {
			g.fail("multipleOf %q is not a positive number", l.MultipleOf)
			return code
		}
		// An integer is a multiple of p/q (in lowest terms) when p divides it.
		num := r.Num()
		msg := "must be a multiple of " + l.MultipleOf
		switch {
		case num.Cmp(big.NewInt(1)) == 0:
		case num.Cmp(typeHi) > 0:
			code = append(code, jen.If(jen.Add(x).Op("!=").Lit(0)).Block(g.failAt(p, msg)))
		default:
			code = append(code, jen.If(jen.Add(x).Op("%").Op(num.String()).Op("!=").Lit(0)).Block(g.failAt(p, msg)))
		}
	}
	return code
}

// floatChecks checks a float64 x against the bounds and multiple in l.
func (g *gen) floatChecks(l *model.Limits, x string, p path) []jen.Code {
	if l == nil {
		return nil
	}
	var code []jen.Code
	bound := func(text, op, msg string) {
		if text != "" {
			code = append(code, jen.If(jen.Id(x).Op(op).Op(text)).Block(g.failAt(p, msg+" "+text)))
		}
	}
	bound(l.Minimum, "<", "must be at least")
	bound(l.ExclusiveMinimum, "<=", "must be greater than")
	bound(l.Maximum, ">", "must be at most")
	bound(l.ExclusiveMaximum, ">=", "must be less than")
	if l.MultipleOf != "" {
		r, ok := new(big.Rat).SetString(l.MultipleOf)
		if !ok || r.Sign() <= 0 {
			g.fail("multipleOf %q is not a positive number", l.MultipleOf)
			return code
		}
		f, _ := r.Float64()
		mf := jen.Lit(f)
		// multipleOf = m × 10^-k with m an int64, for an exact check.
		check := g.h("subakoMultipleOfFloat").Call(jen.Id(x), mf)
		scaled := new(big.Rat).Set(r)
		for k := 0; k <= 18; k++ {
			if scaled.IsInt() && scaled.Num().IsInt64() {
				check = g.h("subakoMultipleOf").Call(scanner().Dot("Num").Call(), jen.Lit(scaled.Num().Int64()), jen.Lit(k), jen.Id(x), mf)
				break
			}
			scaled.Mul(scaled, big.NewRat(10, 1))
		}
		code = append(code, jen.If(jen.Op("!").Add(check)).Block(g.failAt(p, "must be a multiple of "+l.MultipleOf)))
	}
	return code
}

// enumCheck fails unless x is one of t's values.
func (g *gen) enumCheck(t *model.Type, x jen.Code, p path) jen.Code {
	var values []jen.Code
	var shown []string
	for _, v := range t.Enum {
		if t.Basic == "string" {
			values = append(values, jen.Lit(v.Value))
			b, _ := json.Marshal(v.Value)
			shown = append(shown, string(b))
		} else {
			values = append(values, jen.Op(v.Value))
			shown = append(shown, v.Value)
		}
	}
	if len(values) == 0 {
		return g.failAt(p, "has no allowed value")
	}
	return jen.Switch(x).Block(
		jen.Case(values...),
		jen.Default().Block(g.failAt(p, "must be one of "+strings.Join(shown, ", "))),
	)
}

// formatChecks are the functions that check the string formats the
// generated code asserts, and what a failure says.
var formatChecks = map[string]struct{ fn, msg string }{
	"date-time":             {"subakoIsDateTime", "must be a date-time (RFC 3339, such as 2026-07-28T12:00:00Z)"},
	"date":                  {"subakoIsDate", "must be a date (YYYY-MM-DD)"},
	"time":                  {"subakoIsTime", "must be a time (RFC 3339, such as 12:00:00Z)"},
	"duration":              {"subakoIsDuration", "must be an ISO 8601 duration (such as PT1H30M or P2D)"},
	"email":                 {"subakoIsEmail", "must be an email address"},
	"hostname":              {"subakoIsHostname", "must be a host name"},
	"ipv4":                  {"subakoIsIPv4", "must be an IPv4 address (such as 192.0.2.1)"},
	"ipv6":                  {"subakoIsIPv6", "must be an IPv6 address (such as 2001:db8::1)"},
	"uri":                   {"subakoIsURI", "must be an absolute URI (RFC 3986)"},
	"uri-reference":         {"subakoIsURIReference", "must be a URI reference (RFC 3986)"},
	"uuid":                  {"subakoIsUUID", "must be a UUID (such as 123e4567-e89b-12d3-a456-426614174000)"},
	"json-pointer":          {"subakoIsJSONPointer", "must be a JSON pointer (RFC 6901)"},
	"relative-json-pointer": {"subakoIsRelativeJSONPointer", "must be a relative JSON pointer"},
}

// decodeString reads a string and turns it into t's Go value: a string, an
// enum, bytes from base64, a time, a duration, or a value with
// UnmarshalText.
func (g *gen) decodeString(t *model.Type, lv lvalue, p path, depth int) []jen.Code {
	x := named("x", depth)
	code := []jen.Code{
		jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h("subakoString")).Call(scanner()),
		g.ifErr(p),
	}
	if l := t.Limits; l != nil {
		min, max := l.MinLength, l.MaxLength
		if min != nil || max != nil {
			n := named("n", depth)
			var checks []jen.Code
			if min != nil && *min > 0 {
				checks = append(checks, jen.If(jen.Id(n).Op("<").Lit(*min)).Block(g.failAt(p, "must be at least "+textutil.Plural(*min, "character"))))
			}
			if max != nil {
				checks = append(checks, jen.If(jen.Id(n).Op(">").Lit(*max)).Block(g.failAt(p, "must be at most "+textutil.Plural(*max, "character"))))
			}
			if len(checks) > 0 {
				code = append(code, jen.Id(n).Op(":=").Qual("unicode/utf8", "RuneCountInString").Call(jen.Id(x)))
				code = append(code, checks...)
			}
		}
		if l.Pattern != "" {
			code = append(code, jen.If(jen.Op("!").Id(g.pattern(l.Pattern)).Call().Dot("MatchString").Call(jen.Id(x))).Block(
				g.failAt(p, "must match the pattern "+l.Pattern),
			))
		}
	}
	switch t.Kind {
	case model.KindString, model.KindText:
		if c, ok := formatChecks[t.Format]; ok {
			var call *jen.Statement
			switch t.Format {
			case "uri":
				call = g.h("subakoIsURIRef").Call(jen.Id(x), jen.False())
			case "uri-reference":
				call = g.h("subakoIsURIRef").Call(jen.Id(x), jen.True())
			default:
				call = g.h(c.fn).Call(jen.Id(x))
			}
			code = append(code, jen.If(jen.Op("!").Add(call)).Block(g.failAt(p, c.msg)))
		}
		if t.Kind == model.KindText {
			return append(code, jen.If(
				jen.Err().Op(":=").Add(lv.sel()).Dot("UnmarshalText").Call(jen.Index().Byte().Call(jen.Id(x))),
				jen.Err().Op("!=").Nil(),
			).Block(g.giveUp(g.h("subakoErr").Call(p.code(), jen.Lit("is not valid: ").Op("+").Err().Dot("Error").Call()))))
		}
		return append(code, lv.val().Op("=").Add(g.convert(t, "string", jen.Id(x))))
	case model.KindEnum:
		code = append(code, g.enumCheck(t, jen.Id(x), p))
		return append(code, lv.val().Op("=").Add(g.convert(t, "string", jen.Id(x))))
	case model.KindBytes:
		b := named("b", depth)
		return append(code,
			jen.List(jen.Id(b), jen.Err()).Op(":=").Qual("encoding/base64", "StdEncoding").Dot("DecodeString").Call(jen.Id(x)),
			jen.If(jen.Err().Op("!=").Nil()).Block(g.failAt(p, "must be base64 (the standard alphabet, with padding)")),
			lv.val().Op("=").Id(b),
		)
	case model.KindTime:
		tv := named("t", depth)
		if t.Format == "date" {
			return append(code,
				jen.List(jen.Id(tv), jen.Err()).Op(":=").Qual("time", "Parse").Call(jen.Qual("time", "DateOnly"), jen.Id(x)),
				jen.If(jen.Err().Op("!=").Nil()).Block(g.failAt(p, "must be a date (YYYY-MM-DD)")),
				lv.val().Op("=").Id(tv),
			)
		}
		return append(code,
			jen.List(jen.Id(tv), jen.Err()).Op(":=").Add(g.h("subakoParseDateTime")).Call(jen.Id(x)),
			g.ifErr(p),
			lv.val().Op("=").Id(tv),
		)
	case model.KindDuration:
		d := named("d", depth)
		return append(code,
			jen.List(jen.Id(d), jen.Err()).Op(":=").Add(g.h("subakoParseDuration")).Call(jen.Id(x)),
			g.ifErr(p),
			lv.val().Op("=").Id(d),
		)
	}
	g.fail("cannot decode a string into kind %q", t.Kind)
	return nil
}

// decodeElement reads an array's item or a map's value. A pointer there
// may be null, read as nil: the encoder writes a nil one so, and the
// schema allows it (model.KindOptional).
func (g *gen) decodeElement(t *model.Type, lv lvalue, p path, depth int) []jen.Code {
	code := g.decodeValue(t, lv, p, depth)
	if t.Kind != model.KindOptional {
		return code
	}
	return []jen.Code{jen.If(scanner().Dot("PeekKind").Call().Op("==").Qual(jsonwirePath, "Null")).Block(
		jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(scanner()).Dot("Next").Call(), jen.Err().Op("!=").Nil()).Block(g.wrap(p, jen.Err())),
		lv.val().Op("=").Nil(),
	).Else().Block(code...)}
}

// decodeArray reads an array into a slice or a Go array. Inside a value
// that collects its errors, so does the array: every bad element is
// reported, in order (what is wrong with the array itself, its length,
// ends it).
func (g *gen) decodeArray(t *model.Type, lv lvalue, p path, depth int) []jen.Code {
	i, ptr := named("i", depth), named("p", depth)
	ip := p.with("", g.h("subakoIndex").Call(jen.Id(i)))
	open := jen.If(jen.Err().Op(":=").Add(g.h("subakoOpen")).Call(scanner(), jen.Qual(jsonwirePath, "ArrayBegin")), jen.Err().Op("!=").Nil()).Block(g.wrap(p, jen.Err()))
	c, outer := g.col, g.col
	var decl []jen.Code
	if outer != nil {
		c = g.newCollector(false)
		decl = g.declare(c)
	}
	// fail gives up the whole array with err (and the errors of its
	// elements so far).
	fail := func(err jen.Code) jen.Code {
		if c == nil {
			return g.giveUp(err)
		}
		return g.endWith(c, 0, err)
	}
	failAt := func(msg string) jen.Code { return fail(g.h("subakoErr").Call(p.code(), jen.Lit(msg))) }
	end := jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(scanner()).Dot("Next").Call(), jen.Err().Op("!=").Nil()).Block(fail(g.at(jen.Err(), p)))
	elem := pointee(func() *jen.Statement { return jen.Id(ptr) })
	more := jen.Add(scanner()).Dot("PeekKind").Call().Op("!=").Qual(jsonwirePath, "ArrayEnd")
	// element is the loop body after its checks: the element decoded,
	// collecting its errors when the array does.
	element := func(body []jen.Code) []jen.Code {
		if c == nil {
			return append(body, g.decodeElement(t.Elem, elem, ip, depth+1)...)
		}
		body = append(body, jen.Id(c.at).Op(":=").Add(scanner()).Dot("Offset").Call())
		g.col = c
		// In a block: the label after it may not see its variables.
		body = append(body, jen.Block(g.decodeElement(t.Elem, elem, ip, depth+1)...))
		g.col = outer
		body = append(body, jen.Continue())
		return append(body, g.noted(c)...)
	}
	var after []jen.Code
	if c != nil {
		after = append(after, g.doneWith(c))
	}
	if t.Fixed {
		exactly := "must have exactly " + textutil.Plural(t.Len, "item")
		body := element([]jen.Code{
			jen.If(jen.Id(i).Op("==").Lit(t.Len)).Block(failAt(exactly)),
			jen.Id(ptr).Op(":=").Op("&").Add(lv.paren()).Index(jen.Id(i)),
		})
		code := append([]jen.Code{open}, decl...)
		code = append(code,
			jen.Id(i).Op(":=").Lit(0),
			jen.For(jen.Empty(), more, jen.Id(i).Op("++")).Block(body...),
			end,
		)
		code = append(code, after...)
		return append(code, jen.If(jen.Id(i).Op("<").Lit(t.Len)).Block(g.failAt(p, exactly)))
	}
	l := t.Limits
	if l == nil {
		l = &model.Limits{}
	}
	var body []jen.Code
	if l.MaxItems != nil {
		body = append(body, jen.If(jen.Id(i).Op("==").Lit(*l.MaxItems)).Block(failAt("must have at most "+textutil.Plural(*l.MaxItems, "item"))))
	}
	body = append(body, jen.Id(ptr).Op(":=").Add(g.h("subakoGrow")).Call(lv.addr()))
	body = element(body)
	code := append([]jen.Code{open}, decl...)
	code = append(code,
		g.h("subakoEmpty").Call(lv.addr()),
		jen.For(jen.Id(i).Op(":=").Lit(0), more, jen.Id(i).Op("++")).Block(body...),
		end,
	)
	code = append(code, after...)
	if l.MinItems != nil && *l.MinItems > 0 {
		code = append(code, jen.If(jen.Len(lv.val()).Op("<").Lit(*l.MinItems)).Block(g.failAt(p, "must have at least "+textutil.Plural(*l.MinItems, "item"))))
	}
	return code
}

// decodeMap reads an object into a map: keys are free (or an enum's),
// each at most once. Inside a value that collects its errors, so does the
// map: every bad key and value is reported, in the order sent (what is
// wrong with the map itself, its size, ends it).
func (g *gen) decodeMap(t *model.Type, lv lvalue, p path, depth int) []jen.Code {
	key, x := named("key", depth), named("m", depth)
	kp := p.with("", g.h("subakoKey").Call(jen.Id(key)))
	l := t.Limits
	if l == nil {
		l = &model.Limits{}
	}
	c, outer := g.col, g.col
	var decl []jen.Code
	if outer != nil {
		c = g.newCollector(false)
		decl = g.declare(c)
	}
	fail := func(err jen.Code) jen.Code {
		if c == nil {
			return g.giveUp(err)
		}
		return g.endWith(c, 0, err)
	}
	goKey := jen.Code(jen.Id(key))
	if t.Key != nil {
		goKey = g.convert(t.Key, "string", jen.Id(key))
	}
	body := []jen.Code{
		jen.List(jen.Id("k"), jen.Err()).Op(":=").Add(scanner()).Dot("Next").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(fail(g.at(jen.Err(), p))),
		jen.If(jen.Id("k").Op("==").Qual(jsonwirePath, "ObjectEnd")).Block(jen.Break()),
		jen.Id(key).Op(":=").Add(scanner()).Dot("Text").Call(),
	}
	if l.MaxProperties != nil {
		body = append(body, jen.If(jen.Len(lv.val()).Op("==").Lit(*l.MaxProperties)).Block(fail(g.h("subakoErr").Call(p.code(), jen.Lit("must have at most "+textutil.Plural(*l.MaxProperties, "member"))))))
	}
	value := body
	if c != nil {
		body = append(body, jen.Id(c.at).Op(":=").Add(scanner()).Dot("Offset").Call())
		value = nil // in a block: the label after it may not see its variables
		g.col = c
	}
	if k := t.Key; k != nil && k.Kind == model.KindEnum {
		var values []jen.Code
		var shown []string
		for _, v := range k.Enum {
			values = append(values, jen.Lit(v.Value))
			shown = append(shown, v.Value)
		}
		value = append(value, jen.Switch(jen.Id(key)).Block(
			jen.Case(values...),
			jen.Default().Block(g.giveUp(g.h("subakoErr").Call(kp.code(), jen.Lit("is not an allowed key (allowed: "+strings.Join(shown, ", ")+")")))),
		))
	}
	value = append(value, jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Add(lv.paren()).Index(goKey), jen.Id("dup")).Block(
		g.giveUp(g.h("subakoErr").Call(kp.code(), jen.Lit("is given twice"))),
	))
	if assignedOnly(t.Elem) {
		// The decoder only assigns the value: straight into the map.
		value = append(value, g.decodeElement(t.Elem, place(func() *jen.Statement { return lv.paren().Index(goKey) }), kp, depth+1)...)
	} else {
		value = append(value, jen.Id(x).Op(":=").Add(g.h("subakoElem")).Call(lv.val()))
		value = append(value, g.decodeElement(t.Elem, ident(x), kp, depth+1)...)
		value = append(value, jen.Add(lv.paren()).Index(goKey).Op("=").Id(x))
	}
	g.col = outer
	if c == nil {
		body = value
	} else {
		body = append(body, jen.Block(value...), jen.Continue())
		body = append(body, g.noted(c)...)
	}
	code := []jen.Code{
		jen.If(jen.Err().Op(":=").Add(g.h("subakoOpen")).Call(scanner(), jen.Qual(jsonwirePath, "ObjectBegin")), jen.Err().Op("!=").Nil()).Block(g.wrap(p, jen.Err())),
		g.h("subakoMakeMap").Call(lv.addr()),
	}
	code = append(code, decl...)
	code = append(code, jen.For().Block(body...))
	if c != nil {
		code = append(code, g.doneWith(c))
	}
	if l.MinProperties != nil && *l.MinProperties > 0 {
		code = append(code, jen.If(jen.Len(lv.val()).Op("<").Lit(*l.MinProperties)).Block(g.failAt(p, "must have at least "+textutil.Plural(*l.MinProperties, "member"))))
	}
	return code
}

// assignedOnly reports whether decoding a value of type t only assigns to
// its place, which then need not be addressable (a map element).
func assignedOnly(t *model.Type) bool {
	switch t.Kind {
	case model.KindString, model.KindEnum, model.KindInteger, model.KindNumber, model.KindBoolean,
		model.KindBytes, model.KindTime, model.KindDuration:
		return true
	case model.KindAny:
		return t.Named == nil
	}
	return false
}

// decodeAny reads any JSON value: raw for json.RawMessage, through
// UnmarshalJSON for a type with its own, else as encoding/json would into
// an interface.
func (g *gen) decodeAny(t *model.Type, lv lvalue, p path, depth int) []jen.Code {
	x := named("x", depth)
	if t.Named == nil {
		return []jen.Code{
			jen.List(jen.Id(x), jen.Err()).Op(":=").Add(g.h("subakoAny")).Call(scanner()),
			g.ifErr(p),
			lv.val().Op("=").Id(x),
		}
	}
	code := []jen.Code{
		jen.List(jen.Id(x), jen.Err()).Op(":=").Add(scanner()).Dot("Skip").Call(),
		g.ifErr(p),
	}
	if t.Named.Path == "encoding/json" && t.Named.Name == "RawMessage" {
		return append(code, lv.val().Op("=").Append(lv.paren().Index(jen.Op(":0:0")), jen.Id(x).Op("...")))
	}
	return append(code, jen.If(
		jen.Err().Op(":=").Add(lv.sel()).Dot("UnmarshalJSON").Call(jen.Id(x)),
		jen.Err().Op("!=").Nil(),
	).Block(g.giveUp(g.h("subakoErr").Call(p.code(), jen.Lit("is not valid: ").Op("+").Err().Dot("Error").Call()))))
}
