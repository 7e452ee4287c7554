package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// builder builds the model of one package.
type builder struct {
	pass  *analysis.Pass
	files []*ast.File
	dirs  map[*ast.CommentGroup][]*directive // the usable //subako: directives of each comment group

	fieldAST map[*types.Var]*ast.Field
	typeDoc  map[*types.TypeName]*ast.CommentGroup
	constDoc map[*types.Const]string

	memo      typeutil.Map // *types.Named -> *model.Type, for named composite types
	stack     []*frame
	decls     []*model.Decl
	declNames map[string]bool
	pending   map[*model.Type]string // nodes that need a marker, and why
	inputMode bool                   // converting input types: fields need descriptions
	quiet     int                    // > 0: do not report
	note      string                 // appended to every report (see noteOn)
	portable  map[token.Pos]bool     // the fields portability has reported
	described map[token.Pos]bool     // the fields A005 has reported, as an argument or a result
}

// handler is a function marked //subako:function.
type handler struct {
	fd   *ast.FuncDecl
	dir  *directive
	tool *model.Tool
	in   types.Type
	out  types.Type
	// badName is where the tool's explicit name is, when it is not valid:
	// checkNames reports it (A002) once every tool's name is known, so
	// that it suggests no name another tool has.
	badName analysis.Range
}

func (b *builder) report(r *rules.Rule, rng analysis.Range, fix *analysis.SuggestedFix, format string, args ...any) {
	if b.quiet > 0 {
		return
	}
	report(b.pass, r, rng, fix, format+"%s", append(args, b.note)...)
}

// noteOn adds note to every report until the returned func is called: it
// says which field of another package's type a marker problem is on.
func (b *builder) noteOn(note string) func() {
	old := b.note
	b.note = note
	return func() { b.note = old }
}

func (b *builder) replaceFix(message string, rng analysis.Range, text string) *analysis.SuggestedFix {
	return replaceFix(message, rng, text)
}

// qualifier writes types of this package unqualified, others by package
// name.
func (b *builder) qualifier(p *types.Package) string {
	if p == b.pass.Pkg {
		return ""
	}
	return p.Name()
}

func runModel(pass *analysis.Pass) (any, error) {
	if !followed(pass) && !hasSubakoComment(pass) {
		return (*model.Package)(nil), nil // a dependency with nothing for the model
	}
	b := &builder{
		pass:      pass,
		files:     sourceFiles(pass),
		dirs:      map[*ast.CommentGroup][]*directive{},
		fieldAST:  map[*types.Var]*ast.Field{},
		typeDoc:   map[*types.TypeName]*ast.CommentGroup{},
		constDoc:  map[*types.Const]string{},
		declNames: map[string]bool{},
		pending:   map[*model.Type]string{},
		portable:  map[token.Pos]bool{},
		described: map[token.Pos]bool{},
	}
	for _, f := range b.files {
		b.scanDirectives(f)
		b.indexDecls(f)
	}
	handlers, marked := b.findHandlers()
	if len(marked) == 0 && followed(pass) {
		b.exportTypeDocs() // for the packages of the module whose handlers use its types
		b.exportConstDocs()
	}
	pkgDir, pkgFile := b.packageDirective()
	if len(marked) == 0 {
		if pkgDir != nil {
			b.report(rules.GoToolCount, pkgDir.c, nil, "the package has no tools: mark a handler with //subako:function")
		}
		return (*model.Package)(nil), nil
	}
	p := &model.Package{GoPackage: pass.Pkg.Path(), GoName: pass.Pkg.Name()}
	b.describePackage(p, pkgDir, pkgFile, marked[0])

	// Convert in tool name order, so that the model does not depend on
	// the order of files, and inputs first, so that a struct used both
	// ways is checked as an input.
	slices.SortStableFunc(handlers, func(x, y *handler) int { return cmp.Compare(x.tool.Name, y.tool.Name) })
	b.inputMode = true
	for _, h := range handlers {
		if h.in == nil {
			continue
		}
		arg := h.fd.Type.Params.List[0].Type
		h.tool.Input = b.conv(h.in, site{rng: arg, what: "the input of " + h.fd.Name.Name})
	}
	b.inputMode = false
	for _, h := range handlers {
		if h.out == nil {
			continue
		}
		res := h.fd.Type.Results.List[0].Type
		s := site{rng: res, what: "the result of " + h.fd.Name.Name}
		t := b.conv(h.out, s)
		b.acceptAny(t) // a result has no field to mark //subako:any on, and is not validated
		if t != nil && b.checkPending(t, s) {
			h.tool.Output = t
		}
	}

	for _, h := range handlers {
		if h.tool.Input != nil && h.tool.Output != nil {
			p.Tools = append(p.Tools, h.tool)
		}
	}
	b.checkNames(handlers)
	if len(marked) > abi.ToolsMax {
		var at analysis.Range = marked[abi.ToolsMax].Name
		if pkgDir != nil {
			at = pkgDir.c
		}
		b.report(rules.GoToolCount, at, nil, "the package has %d tools; Subako takes at most %d", len(marked), abi.ToolsMax)
	}
	slices.SortFunc(b.decls, func(x, y *model.Decl) int { return cmp.Compare(x.Name, y.Name) })
	p.Types = b.decls
	if err := p.Resolve(); err != nil {
		return nil, err
	}
	for _, t := range p.Tools {
		// A result that is not an object answers as text or a plain value,
		// with no outputSchema (see model.ResultForm).
		t.Result = model.FormOf(t.Output)
	}
	b.checkSizes(p, handlers, pkgDir)
	b.checkText(pkgFile, handlers)
	return p, nil
}

// acceptAny takes the interface{} values along a result's pointers,
// slices and maps (map[string]any) as any JSON value.
func (b *builder) acceptAny(t *model.Type) {
	for n := t; n != nil; n = n.Elem {
		if n.Kind == model.KindAny && b.pending[n] == needsAnyEmpty {
			delete(b.pending, n)
		}
		if n.Kind != model.KindOptional && n.Kind != model.KindArray && n.Kind != model.KindMap {
			return
		}
	}
}

// indexDecls maps struct fields, type names and constants of a file to
// their syntax, for comments and markers.
func (b *builder) indexDecls(f *ast.File) {
	info := b.pass.TypesInfo
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			for _, fld := range n.Fields.List {
				if len(fld.Names) == 0 {
					if id := embeddedIdent(fld.Type); id != nil {
						if v, ok := info.Defs[id].(*types.Var); ok {
							b.fieldAST[v] = fld
						}
					}
				}
				for _, name := range fld.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						b.fieldAST[v] = fld
					}
				}
			}
		case *ast.GenDecl:
			for _, spec := range n.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					doc := spec.Doc
					if doc == nil && len(n.Specs) == 1 {
						doc = n.Doc
					}
					if tn, ok := info.Defs[spec.Name].(*types.TypeName); ok && doc != nil {
						b.typeDoc[tn] = doc
					}
				case *ast.ValueSpec:
					doc := spec.Doc
					if doc == nil {
						doc = spec.Comment
					}
					if doc == nil && len(n.Specs) == 1 {
						doc = n.Doc
					}
					for _, name := range spec.Names {
						if c, ok := info.Defs[name].(*types.Const); ok {
							b.constDoc[c] = docText(doc, c.Name())
						}
					}
				}
			}
		}
		return true
	})
}

// embeddedIdent is the identifier that names an embedded field's type.
func embeddedIdent(x ast.Expr) *ast.Ident {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e
		case *ast.StarExpr:
			x = e.X
		case *ast.SelectorExpr:
			return e.Sel
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// packageDirective finds the //subako:package directive, reporting any
// beyond the first (A018).
func (b *builder) packageDirective() (*directive, *ast.File) {
	var first *directive
	var file *ast.File
	for _, f := range b.files {
		if f.Doc == nil {
			continue
		}
		for _, d := range b.dirs[f.Doc] {
			if d.name != "package" {
				continue
			}
			if first != nil {
				b.report(rules.GoPackageDirective, d.c, nil, "a second //subako:package directive: a package has one name, given once")
				continue
			}
			first, file = d, f
		}
	}
	return first, file
}

// suggestedPackageName is the name a package's directive could give: its
// Go name, or for package main (every package is one) the last element
// of its import path, its directory's name.
func suggestedPackageName(pkg *types.Package) string {
	if pkg.Name() == "main" {
		return path.Base(pkg.Path())
	}
	return pkg.Name()
}

// describePackage fills in the package's name and description.
func (b *builder) describePackage(p *model.Package, d *directive, f *ast.File, first *ast.FuncDecl) {
	if d == nil {
		var at analysis.Range = first.Name
		for _, g := range b.files {
			if g.FileStart <= first.Pos() && first.Pos() < g.FileEnd {
				at = g.Name
			}
		}
		b.report(rules.GoPackageDirective, at, nil, "no //subako:package directive: name the package in its doc comment, e.g. //subako:package %s", abi.SuggestToolName(suggestedPackageName(b.pass.Pkg)))
		return
	}
	switch name := d.value; {
	case name == "":
		b.report(rules.GoPackageDirective, d.c, nil, "//subako:package needs the package's name: //subako:package NAME")
	case !validPackageName(name):
		b.report(rules.GoPackageDirective, d.valueRange(), nil, "package name %q is not 1 to %d characters of %s, starting with a letter or digit", name, model.MaxPackageNameLen, abi.ToolNameAlphabet)
	default:
		p.Name = name
	}
	p.Description = docText(f.Doc, "Package "+b.pass.Pkg.Name())
	switch n := model.DescriptionLen(p.Description); {
	case n == 0:
		b.report(rules.GoDescriptionMissing, f.Name, nil, "the package has no description: write a package doc comment, such as // Hello says hello.")
	case n > abi.DescriptionMax:
		b.report(rules.GoDescriptionTooLong, d.c, nil, "the package description is %d characters; keep it to %d", n, abi.DescriptionMax)
	}
}

// findHandlers finds the functions marked //subako:function and checks
// their shape (A001), name (A002) and description (A005, A006). It
// returns the handlers of the right shape, and every marked function.
func (b *builder) findHandlers() ([]*handler, []*ast.FuncDecl) {
	var out []*handler
	var marked []*ast.FuncDecl
	for _, f := range b.files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			var dir *directive
			for _, d := range b.dirs[fd.Doc] {
				if d.name != "function" {
					continue
				}
				if dir != nil {
					b.report(rules.GoMarkerValue, d.c, nil, "//subako:function is given twice")
					continue
				}
				dir = d
			}
			if dir == nil {
				b.misplacedAnnotations(fd)
				continue
			}
			marked = append(marked, fd)
			if h := b.handler(fd, dir); h != nil {
				out = append(out, h)
			}
		}
	}
	return out, marked
}

// handler checks one marked function.
func (b *builder) handler(fd *ast.FuncDecl, dir *directive) *handler {
	name := fd.Name.Name
	if fd.Recv != nil {
		b.report(rules.GoHandlerShape, fd.Recv, nil, "%s is a method; a handler is a package-level func(In) (Out, error) (wrap the method in one)", name)
		return nil
	}
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		b.report(rules.GoHandlerShape, fd.Type.TypeParams, nil, "%s is generic; a handler is a func(In) (Out, error) with concrete types", name)
		return nil
	}
	fn, ok := b.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Signature()
	h := &handler{fd: fd, dir: dir}
	params, results := sig.Params(), sig.Results()
	shapeOK := true
	switch {
	case sig.Variadic():
		b.report(rules.GoHandlerShape, fd.Type.Params, nil, "%s is variadic; a handler takes exactly one struct", name)
		shapeOK = false
	case params.Len() != 1:
		b.report(rules.GoHandlerShape, fd.Type.Params, nil, "%s takes %d parameters; a handler takes exactly one, a named struct of the tool's arguments", name, params.Len())
		shapeOK = false
	default:
		in := types.Unalias(params.At(0).Type())
		at := fd.Type.Params.List[0].Type
		if isInvalid(in) {
			shapeOK = false
			break
		}
		_, isStruct := in.Underlying().(*types.Struct)
		named, isNamed := in.(*types.Named)
		switch {
		case isNamed && isStruct:
			h.in = named
		case isPointerToNamedStruct(in):
			b.report(rules.GoHandlerShape, at, nil, "%s takes %s; take the struct by value: %s", name, types.TypeString(in, b.qualifier), types.TypeString(in.(*types.Pointer).Elem(), b.qualifier))
			shapeOK = false
		default:
			b.report(rules.GoHandlerShape, at, nil, "the input of %s is %s; it must be a named struct type, whose fields are the tool's arguments", name, types.TypeString(in, b.qualifier))
			shapeOK = false
		}
	}
	var resultsAt analysis.Range = fd.Name
	if fd.Type.Results != nil {
		resultsAt = fd.Type.Results
	}
	switch {
	case results.Len() != 2 || !isError(results.At(1).Type()):
		if results.Len() == 2 && isInvalid(results.At(1).Type()) {
			shapeOK = false
			break
		}
		b.report(rules.GoHandlerShape, resultsAt, nil, "%s returns %s; a handler returns (Out, error)", name, types.TypeString(results, b.qualifier))
		shapeOK = false
	case isInvalid(results.At(0).Type()):
		shapeOK = false
	}
	tool := &model.Tool{GoFunc: name, Pos: b.pass.Fset.Position(fd.Name.Pos()).String()}
	h.tool = tool
	b.toolName(h)
	tool.Description = docText(fd.Doc, name)
	tool.Annotations = b.annotations(fd)
	switch n := model.DescriptionLen(tool.Description); {
	case n == 0:
		b.report(rules.GoDescriptionMissing, fd.Name, nil, "tool %s has no description: write a doc comment, which the model reads to decide when to call it", tool.Name)
	case n > abi.DescriptionMax:
		b.report(rules.GoDescriptionTooLong, fd.Doc, nil, "the description of tool %s is %d characters; Subako takes at most %d", tool.Name, n, abi.DescriptionMax)
	}
	if !shapeOK {
		return nil
	}
	out := types.Unalias(results.At(0).Type())
	if n, ok := out.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == model.SubakoPath && n.Obj().Name() == "Answer" && n.TypeArgs().Len() == 1 {
		tool.Answer = true
		out = n.TypeArgs().At(0)
	}
	h.out = out
	return h
}

func isInvalid(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Kind() == types.Invalid
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isPointerToNamedStruct(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return false
	}
	_, ok = n.Underlying().(*types.Struct)
	return ok
}

// toolName sets the tool's name from the directive's name= argument or
// the function's name, reporting invalid names (A002).
func (b *builder) toolName(h *handler) {
	d, tool := h.dir, h.tool
	var explicit string
	var nameRange analysis.Range
	if d.hasValue {
		off := d.valOff
		nameAt := -1 // where the name's value starts, while words without = go on it
		for _, arg := range strings.Fields(d.value) {
			at := strings.Index(d.c.Text[off:], arg) + off
			off = at + len(arg)
			if strings.HasPrefix(arg, "//") {
				// name=get_thing2 // legacy name: a directive is one line
				// of its own, and the comment would join the name.
				cr := posRange{d.pos(at), d.pos(len(d.c.Text))}
				b.report(rules.GoMarkerValue, cr, nil, "//subako:function takes no comment after its arguments: write %s on a line of its own", strings.TrimSpace(termsafe.Line(d.c.Text[at:])))
				break
			}
			key, value, ok := strings.Cut(arg, "=")
			switch {
			case !ok && nameAt >= 0:
				// name=Get Greeting: the author wrote a name with a space.
				explicit = d.c.Text[nameAt:off]
				nameRange = posRange{d.pos(nameAt), d.pos(off)}
			case key != "name":
				nameAt = -1
				kr := posRange{d.pos(at), d.pos(at + len(key))}
				if s := suggestMarker(key, []string{"name"}); s != "" {
					b.report(rules.GoMarkerUnknown, kr, b.replaceFix("respell "+key+" as "+s, kr, s), "//subako:function takes name=, not %s: did you mean %s?", key, s)
				} else {
					b.report(rules.GoMarkerUnknown, kr, nil, "//subako:function takes name=, not %s", key)
				}
			case !ok:
				b.report(rules.GoMarkerValue, posRange{d.pos(at), d.pos(at + len(arg))}, nil, "//subako:function name needs a value: name=tool_name")
			default:
				explicit = value
				nameAt = at + len(key) + 1
				nameRange = posRange{d.pos(nameAt), d.pos(at + len(arg))}
			}
		}
	}
	if explicit != "" {
		tool.Name = explicit
		if !abi.ValidToolName(explicit) {
			h.badName = nameRange
		}
		return
	}
	tool.Name = abi.SnakeCase(h.fd.Name.Name)
	if !abi.ValidToolName(tool.Name) {
		b.report(rules.GoToolName, h.fd.Name, nil, "tool name %q (from the function's name) is not 1 to %d characters of %s: rename the function or give //subako:function a name=", tool.Name, abi.ToolNameMax, abi.ToolNameAlphabet)
	}
}

// badToolName reports a tool's explicit name that is not valid (A002),
// with the name to write: snake_case of it, unless that is too long,
// spells another word (a letter beyond ASCII dropped) or is another
// tool's name (taken maps the names to their handlers).
func (b *builder) badToolName(h *handler, taken map[string]*handler) {
	explicit := h.tool.Name
	var fix *analysis.SuggestedFix
	suggest := ""
	if fixed := abi.SuggestToolName(explicit); fixed != "" && len(abi.SnakeCase(explicit)) <= abi.ToolNameMax {
		if other := taken[fixed]; other != nil && other != h {
			suggest = fmt.Sprintf(" (not %s, the name of %s's tool)", fixed, other.fd.Name.Name)
		} else {
			fix = b.replaceFix("rename the tool to "+fixed, h.badName, fixed)
			suggest = ": write name=" + fixed
		}
	}
	b.report(rules.GoToolName, h.badName, fix, "tool name %q is not 1 to %d characters of %s%s", explicit, abi.ToolNameMax, abi.ToolNameAlphabet, suggest)
}

// checkNames reports the explicit names that are not valid (A002) and
// tools with the same name (A003).
func (b *builder) checkNames(handlers []*handler) {
	first := map[string]*handler{}
	for _, h := range handlers {
		if first[h.tool.Name] == nil {
			first[h.tool.Name] = h
		}
	}
	for _, h := range handlers {
		if h.badName != nil {
			b.badToolName(h, first)
		}
	}
	clear(first)
	for _, h := range handlers {
		name := h.tool.Name
		if prev := first[name]; prev != nil {
			d := analysis.Diagnostic{
				Pos: h.fd.Name.Pos(), End: h.fd.Name.End(), Category: rules.GoToolNameDuplicate.ID,
				Message: fmt.Sprintf("%s %s: tool name %q is used by %s too", rules.GoToolNameDuplicate.ID, rules.GoToolNameDuplicate.Slug, name, prev.fd.Name.Name),
				Related: []analysis.RelatedInformation{{Pos: prev.fd.Name.Pos(), End: prev.fd.Name.End(), Message: "the other " + name}},
			}
			b.pass.Report(d)
			continue
		}
		first[name] = h
	}
}

// checkSizes reports schemas over 64 KiB and a tool list over 256 KiB
// (A013).
func (b *builder) checkSizes(p *model.Package, handlers []*handler, pkgDir *directive) {
	at := map[*model.Tool]*ast.FuncDecl{}
	for _, h := range handlers {
		at[h.tool] = h.fd
	}
	for _, t := range p.Tools {
		for _, which := range []string{"input", "output"} {
			schema, err := t.InputSchema()
			if which == "output" {
				schema, err = t.OutputSchema()
			}
			if err == nil && len(schema) > abi.SchemaMaxBytes {
				b.report(rules.GoSchemaTooLarge, at[t].Name, nil, "the %s schema of tool %s is %s; Subako takes at most %d KiB", which, t.Name, kib(len(schema)), abi.SchemaMaxBytes>>10)
			}
		}
	}
	list, err := p.ToolsJSON()
	if err == nil && len(list) > abi.ToolListMaxBytes {
		var where analysis.Range = at[p.Tools[0]].Name
		if pkgDir != nil {
			where = pkgDir.c
		}
		b.report(rules.GoSchemaTooLarge, where, nil, "the tool list is %s; Subako takes at most %d KiB for all tools together", kib(len(list)), abi.ToolListMaxBytes>>10)
	}
}

func kib(n int) string {
	return fmt.Sprintf("%d bytes (%.1f KiB)", n, float64(n)/1024)
}
