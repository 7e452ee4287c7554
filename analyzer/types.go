package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

// site is where a type is used: where to report a problem with it, and
// how to name the use in the message.
type site struct {
	rng  analysis.Range
	what string
}

// frame is a named composite type being converted.
type frame struct {
	named     *types.Named
	decl      *model.Decl
	recursive bool
}

// Reasons a node needs a marker before it has a schema.
const (
	needsAnyEmpty     = "an interface{} needs //subako:any to accept any JSON value"
	needsAnyMarshaler = "has its own MarshalJSON/UnmarshalJSON, so its JSON shape is unknown: mark the field //subako:any to accept any JSON value"
	needsFormat       = "time.Duration has no obvious JSON form: choose one with //subako:format=nanoseconds, milliseconds, seconds (integers) or duration (ISO 8601)"
)

// conv converts a Go type to the model, reporting A008 at s when it has no
// JSON Schema (and returning nil).
func (b *builder) conv(t types.Type, s site) *model.Type {
	t = types.Unalias(t)
	switch t := t.(type) {
	case *types.Named:
		return b.named(t, s)
	case *types.Basic:
		return b.basic(t, s)
	case *types.Pointer:
		elem := types.Unalias(t.Elem())
		if _, ok := elem.Underlying().(*types.Pointer); ok {
			b.unsupported(s, "a pointer to a pointer (%s) has no JSON form: use one pointer", types.TypeString(t, b.qualifier))
			return nil
		}
		e := b.conv(elem, s)
		if e == nil {
			return nil
		}
		return &model.Type{Kind: model.KindOptional, Elem: e}
	case *types.Slice:
		if isByte(t.Elem()) {
			return &model.Type{Kind: model.KindBytes}
		}
		e := b.conv(t.Elem(), s)
		if e == nil {
			return nil
		}
		return &model.Type{Kind: model.KindArray, Elem: e}
	case *types.Array:
		e := b.conv(t.Elem(), s)
		if e == nil {
			return nil
		}
		return &model.Type{Kind: model.KindArray, Elem: e, Fixed: true, Len: int(t.Len())}
	case *types.Map:
		return b.mapType(t, s)
	case *types.Struct:
		return b.object(t, t, nil, s)
	case *types.Interface:
		if t.Empty() {
			n := &model.Type{Kind: model.KindAny}
			b.pending[n] = needsAnyEmpty
			return n
		}
		b.unsupported(s, "an interface (%s) has no fixed JSON form: use a concrete type", types.TypeString(t, b.qualifier))
	case *types.Chan:
		b.unsupported(s, "a channel has no JSON form")
	case *types.Signature:
		b.unsupported(s, "a function has no JSON form")
	case *types.TypeParam:
		b.unsupported(s, "type parameter %s has no JSON form", t)
	default:
		b.unsupported(s, "%s has no JSON form", types.TypeString(t, b.qualifier))
	}
	return nil
}

func isByte(t types.Type) bool {
	bt, ok := types.Unalias(t).(*types.Basic)
	return ok && bt.Kind() == types.Uint8
}

// basic converts a basic type.
func (b *builder) basic(t *types.Basic, s site) *model.Type {
	name := types.Typ[t.Kind()].Name() // byte is uint8, rune int32
	switch t.Kind() {
	case types.Bool:
		return &model.Type{Kind: model.KindBoolean, Basic: name}
	case types.String:
		return &model.Type{Kind: model.KindString, Basic: name}
	case types.Int, types.Int64:
		return &model.Type{Kind: model.KindInteger, Basic: name, Bits: 64, Signed: true}
	case types.Int8, types.Int16, types.Int32:
		return &model.Type{Kind: model.KindInteger, Basic: name, Bits: bitsOf(t.Kind()), Signed: true}
	case types.Uint, types.Uint64:
		return &model.Type{Kind: model.KindInteger, Basic: name, Bits: 64}
	case types.Uint8, types.Uint16, types.Uint32:
		return &model.Type{Kind: model.KindInteger, Basic: name, Bits: bitsOf(t.Kind())}
	case types.Float32, types.Float64:
		return &model.Type{Kind: model.KindNumber, Basic: name, Bits: bitsOf(t.Kind())}
	case types.Complex64, types.Complex128:
		b.unsupported(s, "%s has no JSON form", name)
	case types.Uintptr:
		b.unsupported(s, "uintptr has no JSON form (its size differs between wasm and the host): use uint32 or uint64")
	case types.UnsafePointer:
		b.unsupported(s, "unsafe.Pointer has no JSON form")
	}
	// Invalid types come from errors the compiler reports.
	return nil
}

func bitsOf(k types.BasicKind) int {
	switch k {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32, types.Float32:
		return 32
	}
	return 64
}

// named converts a defined type.
func (b *builder) named(t *types.Named, s site) *model.Type {
	obj := t.Obj()
	if obj.Pkg() == nil { // error
		b.unsupported(s, "%s has no JSON form", t)
		return nil
	}
	if obj.Pkg() != b.pass.Pkg && !obj.Exported() && obj.Pkg().Path() != "time" {
		b.unsupported(s, "%s is not exported by package %s, so %s (in package %s) cannot name it: export it as %s", types.TypeString(t, b.qualifier), obj.Pkg().Path(), model.GeneratedFile, b.pass.Pkg.Name(), exportedName(obj.Name()))
		return nil
	}
	gn := b.goName(t)
	path := obj.Pkg().Path()
	switch {
	case path == "time" && obj.Name() == "Time":
		return &model.Type{Kind: model.KindTime, Named: gn}
	case path == "time" && obj.Name() == "Duration":
		n := &model.Type{Kind: model.KindDuration, Named: gn, Basic: "int64", Bits: 64, Signed: true}
		b.pending[n] = needsFormat
		return n
	case path == "encoding/json" && obj.Name() == "RawMessage":
		return &model.Type{Kind: model.KindAny, Named: gn}
	case path == model.SubakoPath && obj.Name() == "Answer":
		b.unsupported(s, "subako.Answer is only a handler's result, not a value inside one")
		return nil
	}
	if hasMethod(t, "MarshalJSON") || hasMethod(t, "UnmarshalJSON") {
		n := &model.Type{Kind: model.KindAny, Named: gn}
		b.pending[n] = types.TypeString(t, b.qualifier) + " " + needsAnyMarshaler
		return n
	}
	if hasMethod(t, "MarshalText") && hasMethod(t, "UnmarshalText") {
		return &model.Type{Kind: model.KindText, Named: gn}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		n := b.basic(u, s)
		if n == nil {
			return nil
		}
		n.Named = gn
		if n.Kind == model.KindString || n.Kind == model.KindInteger {
			if values := b.enumValues(t); len(values) > 0 {
				n.Kind, n.Enum = model.KindEnum, values
			}
		}
		return n
	case *types.Interface:
		if !u.Empty() {
			b.unsupported(s, "an interface (%s) has no fixed JSON form: use a concrete type", types.TypeString(t, b.qualifier))
			return nil
		}
		n := b.conv(u, s)
		if n != nil {
			n.Named = gn
			if r, ok := b.pending[n]; ok {
				b.pending[n] = types.TypeString(t, b.qualifier) + " is " + r
			}
		}
		return n
	}
	return b.composite(t, gn, s)
}

// composite converts a named struct, slice, map, array or pointer type:
// inline where it is used, or a KindRef when it is on a cycle.
func (b *builder) composite(t *types.Named, gn *model.GoName, s site) *model.Type {
	if m := b.memo.At(t); m != nil {
		return m.(*model.Type)
	}
	for i, f := range b.stack {
		if types.Identical(f.named, t) {
			for _, g := range b.stack[i:] {
				g.recursive = true
			}
			return &model.Type{Kind: model.KindRef, Ref: f.decl.Name, Target: f.decl}
		}
	}
	decl := &model.Decl{Name: b.declName(t), Go: *gn, Description: b.typeDescription(t)}
	b.declNames[decl.Name] = true
	fr := &frame{named: t, decl: decl}
	b.stack = append(b.stack, fr)
	var body *model.Type
	if st, ok := t.Underlying().(*types.Struct); ok {
		body = b.object(st, t.Origin().Underlying().(*types.Struct), b.foreignDoc(t), s)
	} else {
		body = b.conv(t.Underlying(), s)
	}
	b.stack = b.stack[:len(b.stack)-1]
	if body == nil {
		return nil
	}
	body.Named = gn
	decl.Type = body
	b.decls = append(b.decls, decl)
	result := body
	if fr.recursive {
		decl.Recursive = true
		result = &model.Type{Kind: model.KindRef, Ref: decl.Name, Target: decl}
	}
	b.memo.Set(t, result)
	return result
}

// goName names a defined type, with its type arguments.
func (b *builder) goName(t *types.Named) *model.GoName {
	gn := &model.GoName{Name: t.Obj().Name()}
	if p := t.Obj().Pkg(); p != nil {
		gn.Path = p.Path()
	}
	if args := t.TypeArgs(); args != nil {
		for i := range args.Len() {
			b.quiet++
			a := b.conv(args.At(i), site{})
			b.quiet--
			if a == nil {
				a = &model.Type{Kind: model.KindAny}
			}
			gn.Args = append(gn.Args, a)
		}
	}
	return gn
}

// declName picks a unique $defs name: the type's name, type arguments
// spelled out (Page_Item), and the package's name in front when another
// package's type has the name already.
func (b *builder) declName(t *types.Named) string {
	name := t.Obj().Name()
	if args := t.TypeArgs(); args != nil {
		for i := range args.Len() {
			name += "_" + types.TypeString(args.At(i), func(p *types.Package) string { return "" })
		}
	}
	name = strings.Map(func(r rune) rune {
		if r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return r
		}
		return '_'
	}, name)
	if b.declNames[name] && t.Obj().Pkg() != nil && t.Obj().Pkg() != b.pass.Pkg {
		name = t.Obj().Pkg().Name() + "_" + name
	}
	base := name
	for i := 2; b.declNames[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	return name
}

// hasMethod reports whether T or *T has a method called name.
func hasMethod(t types.Type, name string) bool {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		if obj, _, _ := types.LookupFieldOrMethod(typ, true, nil, name); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// enumValues lists the package-level constants of type t, in declaration
// order, one per value.
func (b *builder) enumValues(t *types.Named) []model.EnumValue {
	scope := t.Obj().Pkg().Scope()
	var consts []*types.Const
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), t) {
			continue
		}
		if _, inBuild := b.constDoc[c]; c.Pkg() == b.pass.Pkg && !inBuild {
			continue // declared in a file that is not built for wasip1
		}
		consts = append(consts, c)
	}
	slices.SortStableFunc(consts, func(x, y *types.Const) int { return int(x.Pos() - y.Pos()) })
	var out []model.EnumValue
	seen := map[string]bool{}
	for _, c := range consts {
		v := c.Val()
		var text string
		switch v.Kind() {
		case constant.String:
			text = constant.StringVal(v)
		case constant.Int:
			text = v.ExactString()
		default:
			continue
		}
		if seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, model.EnumValue{Value: text, GoName: c.Name(), Description: b.constDescription(c)})
	}
	return out
}

// mapType converts a map, whose keys must be strings.
func (b *builder) mapType(t *types.Map, s site) *model.Type {
	key := types.Unalias(t.Key())
	kb, ok := key.Underlying().(*types.Basic)
	if !ok || kb.Kind() != types.String {
		b.unsupported(s, "a map's keys must be strings to be a JSON object, not %s", types.TypeString(key, b.qualifier))
		return nil
	}
	var k *model.Type
	if _, named := key.(*types.Named); named {
		if k = b.conv(key, s); k == nil {
			return nil
		}
		if k.Kind == model.KindText {
			b.unsupported(s, "map keys of type %s would be converted with MarshalText: use string keys", types.TypeString(key, b.qualifier))
			return nil
		}
	}
	e := b.conv(t.Elem(), s)
	if e == nil {
		return nil
	}
	return &model.Type{Kind: model.KindMap, Key: k, Elem: e}
}

// A fieldEntry is a struct field that may become a JSON member.
type fieldEntry struct {
	v  *types.Var
	af *ast.Field // nil for a field of another package's type
	// foreign is the doc and markers of a field of another package's
	// type, from its typeDocFact.
	foreign *fieldDoc
	rng     analysis.Range
	name    string // JSON name
	tagged  bool
	opts    []string
	depth   int
	path    []string // Go names of the embedded structs it is promoted through
}

// object converts a struct. origin is the generic origin of an
// instantiated struct (or st itself), whose fields have the comments.
func (b *builder) object(st, origin *types.Struct, fdoc *typeDocFact, s site) *model.Type {
	entries := b.collectFields(st, origin, fdoc, 0, nil, s)
	// Resolve JSON name conflicts as encoding/json does: the shallowest
	// field wins, then the tagged one; several left are all dropped.
	byName := map[string][]*fieldEntry{}
	for _, e := range entries {
		byName[e.name] = append(byName[e.name], e)
	}
	obj := &model.Type{Kind: model.KindObject}
	for _, e := range entries {
		group := byName[e.name]
		if len(group) > 1 {
			minDepth := group[0].depth
			for _, g := range group {
				minDepth = min(minDepth, g.depth)
			}
			var top, tagged []*fieldEntry
			for _, g := range group {
				if g.depth == minDepth {
					top = append(top, g)
					if g.tagged {
						tagged = append(tagged, g)
					}
				}
			}
			winner := (*fieldEntry)(nil)
			switch {
			case len(top) == 1:
				winner = top[0]
			case len(tagged) == 1:
				winner = tagged[0]
			}
			if winner != e {
				if winner == nil && e == top[len(top)-1] {
					b.reportDuplicates(top, s)
				}
				continue
			}
		}
		if f := b.field(e, s); f != nil {
			obj.Fields = append(obj.Fields, f)
		}
	}
	return obj
}

// reportDuplicates reports, at each of them, fields that share a JSON
// name at the same depth (A022): encoding/json, and the generated code
// after it, leaves them all out.
func (b *builder) reportDuplicates(top []*fieldEntry, s site) {
	for _, e := range top {
		rng := s.rng
		if e.rng != nil {
			rng = e.rng
		}
		if rng == nil {
			continue
		}
		var others []string
		for _, o := range top {
			if o != e {
				others = append(others, o.v.Name())
			}
		}
		b.report(rules.GoJSONNameDuplicate, rng, nil, "field %s has the JSON name %q, as %s at the same depth, so encoding/json leaves them all out (the schema has no %q and a call that sends it is refused): rename one, or tag one json:\"-\"",
			e.v.Name(), e.name, strings.Join(others, " and "), e.name)
	}
}

// fieldRange is the range to report a field's problems at: its first
// name, or its type when embedded.
func fieldRange(af *ast.Field) analysis.Range {
	if len(af.Names) > 0 {
		return af.Names[0]
	}
	return af.Type
}

// collectFields lists the fields of st that encoding/json would see,
// promoting the fields of embedded structs.
func (b *builder) collectFields(st, origin *types.Struct, fdoc *typeDocFact, depth int, path []string, s site) []*fieldEntry {
	var out []*fieldEntry
	for i := range st.NumFields() {
		v := st.Field(i)
		ov := v
		if origin != nil && origin.NumFields() == st.NumFields() {
			ov = origin.Field(i)
		}
		af := b.fieldAST[ov]
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		if tag == "-" {
			continue
		}
		name, optText, _ := strings.Cut(tag, ",")
		var opts []string
		if optText != "" {
			opts = strings.Split(optText, ",")
		}
		if v.Embedded() && name == "" {
			ft := types.Unalias(v.Type())
			if p, ok := ft.(*types.Pointer); ok {
				if _, ok := p.Elem().Underlying().(*types.Struct); ok {
					fs := s
					if af != nil {
						fs = site{rng: af.Type, what: "embedded " + v.Name()}
					}
					b.unsupported(fs, "an embedded pointer to a struct is not supported: embed %s by value", v.Name())
					continue
				}
			}
			if est, ok := ft.Underlying().(*types.Struct); ok {
				if af != nil {
					for _, d := range slices.Concat(b.dirs[af.Doc], b.dirs[af.Comment]) {
						if isFieldMarker(d.name) {
							b.report(rules.GoMarkerMisplaced, d.c, nil, "//subako:%s on embedded %s does not apply: its fields are promoted, so mark them instead", d.name, v.Name())
						}
					}
				}
				eorigin := est
				if n, ok := ft.(*types.Named); ok {
					eorigin, _ = n.Origin().Underlying().(*types.Struct)
				}
				out = append(out, b.collectFields(est, eorigin, b.foreignDoc(ft), depth+1, append(slices.Clip(path), v.Name()), s)...)
				continue
			}
		}
		if !v.Exported() {
			b.unexported(v, af, fdoc, s)
			continue
		}
		e := &fieldEntry{v: v, af: af, name: name, tagged: name != "", opts: opts, depth: depth, path: path}
		if af == nil && fdoc != nil {
			if fd, ok := fdoc.field(v.Name()); ok {
				e.foreign = &fd
			}
		}
		if af != nil {
			e.rng = fieldRange(af)
			for _, id := range af.Names {
				if b.pass.TypesInfo.Defs[id] == ov {
					e.rng = id
				}
			}
		}
		if !e.tagged {
			e.name = v.Name()
		}
		out = append(out, e)
	}
	return out
}

// unexported reports a field encoding/json leaves out because it is not
// exported (A030), where the author can act: in this package's source, or
// in another package of the module (at the use). A json:"-" tag, the blank
// name or //subako:ignore says the field is meant to stay out.
func (b *builder) unexported(v *types.Var, af *ast.Field, fdoc *typeDocFact, s site) {
	if v.Name() == "_" {
		return
	}
	role := "result"
	if b.inputMode {
		role = "arguments"
	}
	exported := strings.ToUpper(v.Name()[:1]) + v.Name()[1:]
	fix := fmt.Sprintf("export it (%s %s `json:\"%s\"`), or tag it json:\"-\" if it is meant to stay out", exported, types.TypeString(v.Type(), b.qualifier), abi.SnakeCase(v.Name()))
	switch {
	case af != nil:
		b.report(rules.GoFieldUnexported, fieldRange(af), nil, "field %s is not exported, so it is not part of the tool's %s (the schema leaves it out and a call that sends it is refused): %s", v.Name(), role, fix)
	case fdoc != nil && s.rng != nil:
		b.report(rules.GoFieldUnexported, s.rng, nil, "field %s of a type of package %s (%s) is not exported, so it is not part of the tool's %s: %s", v.Name(), v.Pkg().Name(), s.what, role, fix)
	}
}

// field converts one struct field, with its markers and comments.
func (b *builder) field(e *fieldEntry, outer site) *model.Field {
	fs := outer
	fs.what = "field " + e.v.Name()
	if e.rng != nil {
		fs.rng = e.rng
	}
	for _, o := range e.opts {
		if o == "string" {
			b.unsupported(fs, "the ,string tag option is not supported: use a string field, or the number type itself")
			return nil
		}
	}
	t := b.conv(e.v.Type(), fs)
	if t == nil {
		return nil
	}
	if e.af != nil && !b.malformedTag(e) && !e.tagged {
		b.missingTag(e)
	}
	f := &model.Field{
		JSONName:  e.name,
		GoName:    e.v.Name(),
		OmitEmpty: slices.Contains(e.opts, "omitempty"),
		OmitZero:  slices.Contains(e.opts, "omitzero"),
	}
	if len(e.path) > 0 {
		f.GoPath = append(slices.Clone(e.path), e.v.Name())
	}
	required := !f.OmitEmpty && !f.OmitZero && t.Kind != model.KindOptional
	var dirs []*directive
	switch {
	case e.af != nil:
		dirs = slices.Concat(b.dirs[e.af.Doc], b.dirs[e.af.Comment])
		f.Description = docText(e.af.Doc, e.v.Name())
		if f.Description == "" {
			f.Description = docText(e.af.Comment, e.v.Name())
		}
	case e.foreign != nil:
		dirs = foreignDirectives(e.foreign.Markers, fs.rng)
		f.Description = e.foreign.Doc
		defer b.noteOn(fmt.Sprintf(" (on field %s of %s)", e.v.Name(), e.v.Pkg().Name()))()
	}
	if f.Description == "" {
		f.Description = b.typeDescription(e.v.Type())
	}
	if len(dirs) > 0 {
		t, f.Default, required = b.applyMarkers(dirs, t, required)
	}
	if !b.checkPending(t, fs) {
		return nil
	}
	f.Type, f.Required = t, required
	if b.inputMode && (e.af != nil || e.foreign != nil) {
		b.portability(fs, t)
	}
	if e.af != nil {
		full := model.Describe(f.Description, t)
		switch {
		case full == "" && !b.described[fs.rng.Pos()]:
			b.described[fs.rng.Pos()] = true
			reads := "to fill the argument in"
			if !b.inputMode {
				reads = "to understand the result (the outputSchema's description)"
			}
			b.report(rules.GoDescriptionMissing, fs.rng, nil, "field %s has no description: write a doc comment for it, which the model reads %s", e.v.Name(), reads)
		case model.DescriptionLen(full) > abi.DescriptionMax:
			b.report(rules.GoDescriptionTooLong, fs.rng, nil, "the description of field %s is %d characters; keep it to %d", e.v.Name(), model.DescriptionLen(full), abi.DescriptionMax)
		}
	}
	return f
}

// missingTag reports a field without a json tag name, with a fix that
// adds one (none for a field that shares its line with other names).
func (b *builder) missingTag(e *fieldEntry) {
	name := abi.SnakeCase(e.v.Name())
	af := e.af
	var fix *analysis.SuggestedFix
	if len(af.Names) <= 1 {
		var edit analysis.TextEdit
		switch {
		case af.Tag == nil:
			edit = analysis.TextEdit{Pos: af.Type.End(), End: af.Type.End(), NewText: []byte(" `json:\"" + name + "\"`")}
		case af.Tag.Value[0] == '`':
			raw := af.Tag.Value
			inner := raw[1 : len(raw)-1]
			if i := strings.Index(inner, `json:"`); i >= 0 && (i == 0 || inner[i-1] == ' ') {
				inner = inner[:i+len(`json:"`)] + name + inner[i+len(`json:"`):]
			} else if strings.TrimSpace(inner) == "" {
				inner = `json:"` + name + `"`
			} else {
				inner = strings.TrimRight(inner, " ") + ` json:"` + name + `"`
			}
			edit = analysis.TextEdit{Pos: af.Tag.Pos(), End: af.Tag.End(), NewText: []byte("`" + inner + "`")}
		}
		if edit.NewText != nil {
			fix = &analysis.SuggestedFix{Message: `add json:"` + name + `"`, TextEdits: []analysis.TextEdit{edit}}
		}
	}
	b.report(rules.GoFieldJSONTag, e.rng, fix, "field %s has no json tag, so its JSON name is the Go name: add json:%q", e.v.Name(), name)
}

// checkPending reports nodes that still need a marker (an interface{}
// without //subako:any, a Duration without a format) on the path a
// field's markers reach.
func (b *builder) checkPending(t *model.Type, s site) bool {
	for n := t; n != nil; n = n.Elem {
		if why, ok := b.pending[n]; ok {
			b.unsupported(s, "%s", why)
			return false
		}
		if n.Kind != model.KindOptional && n.Kind != model.KindArray && n.Kind != model.KindMap {
			break
		}
	}
	return true
}

// typeDescription is the doc comment of t's named type (through a
// pointer), when it is declared in this package.
func (b *builder) typeDescription(t types.Type) string {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	if fd := b.foreignDoc(n); fd != nil {
		return fd.Doc
	}
	return docText(b.typeDoc[n.Origin().Obj()], n.Obj().Name())
}

func (b *builder) unsupported(s site, format string, args ...any) {
	if b.quiet > 0 || s.rng == nil {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if s.what != "" {
		msg = s.what + ": " + msg
	}
	b.report(rules.GoTypeUnsupported, s.rng, nil, "%s", msg)
}

// portability reports an input field whose schema some clients refuse
// (A020): a map (an object without properties), an any (a property
// without a type), a recursive type (a $ref). The tool-list rules leave
// these to the analyzer for generated packages, so they are reported here,
// where the Go fix is.
func (b *builder) portability(fs site, t *model.Type) {
	n := t
	for n != nil && (n.Kind == model.KindOptional || n.Kind == model.KindArray) {
		n = n.Elem
	}
	if n == nil || fs.rng == nil || b.portable[fs.rng.Pos()] {
		return
	}
	b.portable[fs.rng.Pos()] = true
	switch n.Kind {
	case model.KindMap:
		b.report(rules.GoSchemaPortability, fs.rng, nil, "%s: a map is an object without \"properties\", which OpenAI strict mode refuses: use a struct with the keys as fields, or a slice of {name, value} structs", fs.what)
	case model.KindAny:
		b.report(rules.GoSchemaPortability, fs.rng, nil, "%s: any JSON value is a property without \"type\", and Gemini CLI skips tools with one: use a concrete type", fs.what)
	case model.KindRef:
		b.report(rules.GoSchemaPortability, fs.rng, nil, "%s: recursive type %s needs \"$ref\" and \"$defs\", which Gemini refuses: bound the depth with distinct types if the package's clients include Gemini", fs.what, n.Ref)
	}
}
