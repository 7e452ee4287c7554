package analyzer

import (
	"flag"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Hints checks the tool annotations a handler states against what its code
// can reach: file writes outside the call's scratch space and subako_http
// requests. It follows the module's functions across packages with facts,
// as Runtime does for stdout and exits.
var Hints = &analysis.Analyzer{
	Name: hintsName,
	Doc: withRules(hintsName, `check a Subako tool's annotations against what its handler can reach

A tool marked //subako:readOnly must not write files outside /volume/tmp nor
send requests other than GET or HEAD; one marked //subako:openWorld=false
must send no request. A tool that states neither, and could, is told so.`),
	URL:              docURL + "#Hints",
	Flags:            hintsFlags(),
	RunDespiteErrors: true,
	Run:              honouringIgnores(runHints),
	// Facts carry what an exported function of another package of the
	// module can do: write a file, send a request.
	FactTypes: []analysis.Fact{new(effectFact)},
}

// suggestHints is the analyzer's -suggest flag: whether to suggest the
// hints a tool could state (A041). The vettool turns it off, since go vet
// fails on any diagnostic and a suggestion is advice.
var suggestHints = true

// hintsFlags are the Hints analyzer's flags.
func hintsFlags() (fs flag.FlagSet) {
	fs.BoolVar(&suggestHints, "suggest", true, "suggest the hints a tool could state (A041, info)")
	return fs
}

// scratchDir is the call's scratch space: writes under it do not outlive
// the call, so a read-only tool may make them (its images go there).
const scratchDir = "/volume/tmp"

// An effect is what a function can do to the world: each is the path from
// the function to the operation ("tools.Save → os.WriteFile to
// \"/volume/data/x\""), or nil when it cannot.
type effects struct {
	write    []string // a file written outside scratchDir
	http     []string // any subako_http request
	mutating []string // a request other than GET or HEAD, or of a method not known
	zone     []string // a time zone loaded by name (time.LoadLocation), which needs time/tzdata
}

// An effectFact is the effects of an exported function of a followed
// package.
type effectFact struct {
	Write, HTTP, Mutating, Zone []string
}

func (*effectFact) AFact() {}

func (f *effectFact) String() string {
	var parts []string
	for _, p := range []struct {
		what string
		path []string
	}{{"writes", f.Write}, {"fetches", f.HTTP}, {"mutates", f.Mutating}, {"loads a zone", f.Zone}} {
		if p.path != nil {
			parts = append(parts, p.what+": "+strings.Join(p.path, " → "))
		}
	}
	return strings.Join(parts, "; ")
}

// merge takes the effects of other that e lacks, behind prefix.
func (e *effects) merge(prefix string, other effects) bool {
	changed := false
	for _, p := range []struct{ dst, src *[]string }{{&e.write, &other.write}, {&e.http, &other.http}, {&e.mutating, &other.mutating}, {&e.zone, &other.zone}} {
		if *p.dst == nil && *p.src != nil {
			*p.dst = append([]string{prefix}, *p.src...)
			changed = true
		}
	}
	return changed
}

// An effectSite is one place in a function's body that has an effect: a call of
// a writer, of subako.Fetch, or of another package's function whose fact
// says it has one.
type effectSite struct {
	at  analysis.Range
	eff effects
}

// hintsPass is the state of one run.
type hintsPass struct {
	pass   *analysis.Pass
	bodies map[*types.Func]*ast.FuncDecl
	// funcVars are package-level variables initialised with a function
	// (var writeFile = os.WriteFile), which tests replace: a call through
	// one is a call of the function.
	funcVars map[*types.Var]*types.Func
	// paramWrites are writes at a path a function's caller gives, calls
	// the package's calls of its own functions, asValue the functions it
	// uses as values: resolve turns each call's path into an effect.
	paramWrites map[*types.Func][]paramWrite
	calls       []callEdge
	asValue     map[*types.Func]bool
	// declFunc and literal are the functions made of variables' function
	// literals (literalFunc).
	declFunc map[*ast.FuncDecl]*types.Func
	literal  map[*types.Func]bool
	// zoneReported are the zone loads reported (A021), once each however
	// many handlers reach them.
	zoneReported map[token.Pos]bool
}

// A paramWrite is a write at the path a function's parameter gives:
// save(name) { os.WriteFile(name, ...) }.
type paramWrite struct {
	param int
	what  string // the chain from the function to the writer
	at    analysis.Range
}

// A callEdge is a call of one of the package's functions by another.
type callEdge struct {
	caller, callee *types.Func
	call           *ast.CallExpr
}

func runHints(pass *analysis.Pass) (any, error) {
	files := sourceFiles(pass)
	handlers := markedHandlers(pass, files)
	if !followed(pass) && len(handlers) == 0 {
		return nil, nil // no facts to export, nothing to check
	}
	h := &hintsPass{pass: pass, bodies: funcBodies(pass, files), funcVars: map[*types.Var]*types.Func{},
		paramWrites: map[*types.Func][]paramWrite{}, asValue: map[*types.Func]bool{},
		declFunc: map[*ast.FuncDecl]*types.Func{}, literal: map[*types.Func]bool{}, zoneReported: map[token.Pos]bool{}}
	h.indexFuncVars(files)
	sites := map[*types.Func][]effectSite{}
	uses := map[*types.Func][]*types.Func{}
	fns := make([]*types.Func, 0, len(h.bodies))
	for fn := range h.bodies {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		sites[fn], uses[fn] = h.scan(h.bodies[fn])
	}
	h.resolve(sites, handlers)
	if followed(pass) {
		h.exportFacts(fns, sites, uses)
	}
	for _, fd := range handlers {
		h.checkHandler(fd, sites, uses)
	}
	return nil, nil
}

// indexFuncVars finds the package-level variables initialised with a
// function that has effects.
func (h *hintsPass) indexFuncVars(files []*ast.File) {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					v, _ := h.pass.TypesInfo.Defs[name].(*types.Var)
					if v == nil {
						continue
					}
					if lit, ok := ast.Unparen(vs.Values[i]).(*ast.FuncLit); ok {
						h.funcVars[v] = h.literalFunc(v, name, lit)
						continue
					}
					if fn, ok := h.pass.TypesInfo.Uses[calleeIdent(vs.Values[i])].(*types.Func); ok {
						h.funcVars[v] = fn.Origin()
					}
				}
			}
		}
	}
}

// literalFunc makes a function of the package out of a variable's
// function literal (var writeFile = func(name string, ...) error {...}),
// so that its body is followed like a declared function's: it gets a
// declaration of its own, known to funcOf, and no facts (other packages
// see the variable, not it).
func (h *hintsPass) literalFunc(v *types.Var, name *ast.Ident, lit *ast.FuncLit) *types.Func {
	sig, _ := v.Type().Underlying().(*types.Signature)
	if sig == nil {
		return nil
	}
	fn := types.NewFunc(v.Pos(), v.Pkg(), v.Name(), sig)
	fd := &ast.FuncDecl{Name: name, Type: lit.Type, Body: lit.Body}
	h.bodies[fn] = fd
	h.declFunc[fd] = fn
	h.literal[fn] = true
	return fn
}

// calleeIdent is the identifier that names a called function: f, pkg.F,
// x.M, or nil.
func calleeIdent(x ast.Expr) *ast.Ident {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return calleeIdent(x.X)
	case *ast.IndexListExpr:
		return calleeIdent(x.X)
	}
	return nil
}

// scan finds a body's sites and the package's functions it uses.
func (h *hintsPass) scan(fd *ast.FuncDecl) ([]effectSite, []*types.Func) {
	info := h.pass.TypesInfo
	var out []effectSite
	var uses []*types.Func
	called := map[*ast.Ident]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id := calleeIdent(call.Fun)
		if id == nil {
			return true
		}
		var fn *types.Func
		switch obj := info.Uses[id].(type) {
		case *types.Func:
			fn = obj.Origin()
		case *types.Var:
			fn = h.funcVars[obj]
		}
		if fn == nil {
			return true
		}
		called[id] = true
		if fn.Pkg() == h.pass.Pkg && h.bodies[fn] != nil {
			uses = append(uses, fn) // through a variable: the loop below sees only direct uses
			h.calls = append(h.calls, callEdge{h.funcOf(fd), fn, call})
		}
		if eff, ok := h.callEffects(fd, fn, call); ok && !eff.none() {
			out = append(out, effectSite{call, eff})
		}
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		fn, ok := info.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		fn = fn.Origin()
		if fn.Pkg() == h.pass.Pkg && h.bodies[fn] != nil {
			uses = append(uses, fn)
			if !called[id] {
				h.asValue[fn] = true // called by code the analyzer does not follow
			}
			return true
		}
		if called[id] {
			return true
		}
		// A function value: whatever it is called with is not known.
		if eff, ok := h.valueEffects(fn); ok {
			out = append(out, effectSite{id, eff})
		}
		return true
	})
	return out, uses
}

// funcOf is the function a declaration declares.
func (h *hintsPass) funcOf(fd *ast.FuncDecl) *types.Func {
	if fn := h.declFunc[fd]; fn != nil {
		return fn
	}
	fn, _ := h.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return fn
}

// resolve turns the writes at a path a parameter gives into effects at
// each call that gives one outside the scratch space (and into a new
// parameter write of a caller that passes its own parameter on). A
// function whose callers are not all known (a handler, one used as a
// value, an exported one for its facts) writes at a path not known.
func (h *hintsPass) resolve(sites map[*types.Func][]effectSite, handlers []*ast.FuncDecl) {
	type key struct {
		fn    *types.Func
		param int
		what  string
	}
	seen := map[key]bool{}
	var work []key
	pending := map[key]paramWrite{}
	add := func(fn *types.Func, pw paramWrite) {
		k := key{fn, pw.param, pw.what}
		if !seen[k] {
			seen[k] = true
			work = append(work, k)
			pending[k] = pw
			h.paramWrites[fn] = append(h.paramWrites[fn], pw)
		}
	}
	fns := make([]*types.Func, 0, len(h.paramWrites))
	for fn := range h.paramWrites {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		pws := h.paramWrites[fn]
		h.paramWrites[fn] = nil
		for _, pw := range pws {
			add(fn, pw)
		}
	}
	for len(work) > 0 {
		k := work[0]
		work = work[1:]
		pw := pending[k]
		for _, c := range h.calls {
			if c.callee != k.fn || c.caller == nil {
				continue
			}
			what := funcName(k.fn) + " → " + pw.what
			if pw.param >= len(c.call.Args) || c.call.Ellipsis.IsValid() {
				sites[c.caller] = append(sites[c.caller], effectSite{c.call, effects{write: []string{what + " at a path not known"}}})
				continue
			}
			arg := c.call.Args[pw.param]
			if j := h.paramOf(h.bodies[c.caller], arg); j >= 0 {
				add(c.caller, paramWrite{param: j, what: what, at: c.call})
				continue
			}
			if where, outside := h.pathOf(arg); outside {
				sites[c.caller] = append(sites[c.caller], effectSite{c.call, effects{write: []string{what + " " + where}}})
			}
		}
	}
	isHandler := map[*types.Func]bool{}
	for _, fd := range handlers {
		isHandler[h.funcOf(fd)] = true
	}
	for fn, pws := range h.paramWrites {
		if !isHandler[fn] && !h.asValue[fn] && !fn.Exported() {
			continue
		}
		for _, pw := range pws {
			sites[fn] = append(sites[fn], effectSite{pw.at, effects{write: []string{pw.what + " at a path its caller gives"}}})
		}
	}
}

// none reports whether e has no effect.
func (e effects) none() bool {
	return e.write == nil && e.http == nil && e.mutating == nil && e.zone == nil
}

// exportFacts exports, for each exported function of the package with an
// effect (its own or through the package's other functions), the path to
// it.
func (h *hintsPass) exportFacts(fns []*types.Func, sites map[*types.Func][]effectSite, uses map[*types.Func][]*types.Func) {
	found := map[*types.Func]*effects{}
	for _, fn := range fns {
		e := &effects{}
		for _, s := range sites[fn] {
			e.merge(funcName(fn), s.eff)
		}
		found[fn] = e
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			for _, g := range uses[fn] {
				if found[fn].merge(funcName(fn), *found[g]) {
					changed = true
				}
			}
		}
	}
	for _, fn := range fns {
		if e := found[fn]; fn.Exported() && !h.literal[fn] && !e.none() {
			h.pass.ExportObjectFact(fn, &effectFact{Write: e.write, HTTP: e.http, Mutating: e.mutating, Zone: e.zone})
		}
	}
}

// stated are a handler's hint markers that the analyzer checks: nil when
// not stated.
type stated struct {
	readOnly, openWorld *bool
	function            *ast.Comment // the //subako:function line, where fixes add markers
}

func statedHints(fd *ast.FuncDecl) stated {
	var s stated
	for _, c := range fd.Doc.List {
		d := parseDirective(c)
		if d == nil {
			continue
		}
		v, ok := hintValue(d)
		switch {
		case d.name == "function" && s.function == nil:
			s.function = c
		case d.name == "readOnly" && ok && s.readOnly == nil:
			s.readOnly = &v
		case d.name == "openWorld" && ok && s.openWorld == nil:
			s.openWorld = &v
		}
	}
	return s
}

// checkHandler reports the effects a handler can reach that contradict its
// hints (A040), at each site in this package, and suggests the hints it
// could state (A041).
func (h *hintsPass) checkHandler(fd *ast.FuncDecl, sites map[*types.Func][]effectSite, uses map[*types.Func][]*types.Func) {
	root, _ := h.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if root == nil {
		return
	}
	hints := statedHints(fd)
	tool := fd.Name.Name
	var all effects
	type item struct {
		fn   *types.Func
		path []string
	}
	queue := []item{{root, []string{tool}}}
	seen := map[*types.Func]bool{root: true}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, s := range sites[it.fn] {
			all.merge("", s.eff)
			via := ""
			if len(it.path) > 1 {
				via = " (" + strings.Join(it.path, " → ") + ")"
			}
			if hints.readOnly != nil && *hints.readOnly {
				if s.eff.write != nil {
					report(h.pass, rules.GoHintContradicted, s.at, nil, "%s is marked //subako:readOnly, but it can write a file outside %s: %s%s", tool, scratchDir, strings.Join(s.eff.write, " → "), via)
				}
				if s.eff.mutating != nil {
					report(h.pass, rules.GoHintContradicted, s.at, nil, "%s is marked //subako:readOnly, but it can send a request other than GET or HEAD: %s%s", tool, strings.Join(s.eff.mutating, " → "), via)
				}
			}
			if s.eff.zone != nil {
				h.needsZoneData(fd, s, via)
			}
			if hints.openWorld != nil && !*hints.openWorld && s.eff.http != nil {
				report(h.pass, rules.GoHintContradicted, s.at, nil, "%s is marked //subako:openWorld=false, but it can send an HTTP request: %s%s", tool, strings.Join(s.eff.http, " → "), via)
			}
		}
		for _, g := range uses[it.fn] {
			if !seen[g] {
				seen[g] = true
				queue = append(queue, item{g, append(slices.Clip(it.path), g.Name())})
			}
		}
	}
	var markers, why []string
	if hints.readOnly == nil && all.write == nil && all.mutating == nil {
		markers = append(markers, "readOnly")
		why = append(why, "nothing it reaches writes a file outside "+scratchDir+" or sends a request other than GET or HEAD")
	}
	if hints.openWorld == nil && all.http == nil {
		markers = append(markers, "openWorld=false")
		why = append(why, "nothing it reaches sends an HTTP request")
	}
	if len(markers) > 0 && suggestHints {
		report(h.pass, rules.GoHintSuggested, fd.Name, h.addMarkers(hints.function, markers),
			"%s could be marked %s%s: %s (clients assume the opposite of a hint not stated, and ask before calling)", tool, prefix, strings.Join(markers, " and "+prefix), strings.Join(why, ", and "))
	}
}

// addMarkers is a fix that adds the markers on the lines after the
// //subako:function directive.
func (h *hintsPass) addMarkers(function *ast.Comment, markers []string) *analysis.SuggestedFix {
	if function == nil {
		return nil
	}
	lines := ""
	for _, m := range markers {
		lines += "\n" + prefix + m
	}
	return replaceFix("add "+prefix+strings.Join(markers, " and "+prefix), posRange{function.End(), function.End()}, lines)
}
