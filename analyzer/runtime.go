package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

func runRuntime(pass *analysis.Pass) (any, error) {
	files := sourceFiles(pass)
	bodies := funcBodies(pass, files)
	handlers := markedHandlers(pass, files)
	if followed(pass) {
		writes := exportReach(pass, bodies)
		if len(handlers) == 0 {
			exportStart(pass, files, writes)
		}
	}
	if len(handlers) == 0 {
		return nil, nil
	}
	checkStdout(pass, files)
	checkStartFacts(pass, files)
	checkPaths(pass, files)
	checkExits(pass, handlers, bodies)
	return nil, nil
}

// A stdoutFact says a function writes to stdout, directly or through the
// functions it uses. Path is the chain from it to the write: "tools.Log",
// "tools.say", "fmt.Println". Raw says the write is to file descriptor 1
// itself (syscall.Stdout), which no redirection of os.Stdout changes, and
// Module is the module of the function's package.
type stdoutFact struct {
	Path   []string
	Raw    bool
	Module string
}

// A startFact says a package writes to stdout (or captures os.Stdout)
// when the module starts, in an init function or a package-level
// variable's initialiser, before subako.Serve makes os.Stdout stderr.
// At is the position, Path the chain to the write.
type startFact struct {
	At     string
	Path   []string
	Module string
}

// An exitFact says a function may end the process: Path is the chain
// from it to the exit (os.Exit, log.Fatal...).
type exitFact struct{ Path []string }

func (*stdoutFact) AFact() {}
func (*startFact) AFact()  {}
func (*exitFact) AFact()   {}
func (f *stdoutFact) String() string {
	if f.Raw {
		return "writes to fd 1: " + strings.Join(f.Path, " → ")
	}
	return "writes to stdout: " + strings.Join(f.Path, " → ")
}
func (f *startFact) String() string {
	return "writes to stdout at start: " + strings.Join(f.Path, " → ")
}
func (f *exitFact) String() string { return "exits: " + strings.Join(f.Path, " → ") }

// moduleOf is the path of the module of the package under analysis, or "".
func moduleOf(pass *analysis.Pass) string {
	if pass.Module == nil {
		return ""
	}
	return pass.Module.Path
}

// followed reports whether the package's functions are followed for
// stdout writes and exits: the packages of the module and replaced ones,
// not the standard library (whose writers and exits are listed), not
// subako-go's own runtime (which writes the protocol), and not versioned
// dependencies.
func followed(pass *analysis.Pass) bool {
	path := pass.Pkg.Path()
	first, _, _ := strings.Cut(path, "/")
	switch {
	case !strings.Contains(first, "."):
		return false // the standard library
	case strings.HasPrefix(path, strings.TrimSuffix(model.SubakoPath, "subako")):
		return false
	case pass.Module != nil && pass.Module.Version != "" && pass.Module.Replace == nil:
		return false
	}
	return true
}

// funcBodies maps the package's functions and methods to their
// declarations.
func funcBodies(pass *analysis.Pass, files []*ast.File) map[*types.Func]*ast.FuncDecl {
	bodies := map[*types.Func]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					bodies[fn] = fd
				}
			}
		}
	}
	return bodies
}

// markedHandlers are the package-level functions marked //subako:function.
func markedHandlers(pass *analysis.Pass, files []*ast.File) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || fd.Recv != nil || fd.Body == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				if d := parseDirective(c); d != nil && d.name == "function" {
					out = append(out, fd)
					break
				}
			}
		}
	}
	return out
}

// funcName names a function in a path: pkg.F, or pkg.T.M for a method.
func funcName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// reach is what using an object leads to: a write to stdout (raw when to
// fd 1 itself) or an exit, as the path from the object to it, or nil.
func reach(pass *analysis.Pass, obj types.Object) (stdout []string, raw bool, exit []string) {
	name := objectName(obj)
	if _, ok := stdoutWriters[name]; ok {
		stdout, raw = []string{shortName(obj)}, rawStdout[name]
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return stdout, raw, nil
	}
	fn = fn.Origin()
	if exits[fn.FullName()] {
		return stdout, raw, []string{fn.FullName()}
	}
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
		var sf stdoutFact
		if pass.ImportObjectFact(fn, &sf) {
			stdout, raw = sf.Path, sf.Raw
		}
		var ef exitFact
		if pass.ImportObjectFact(fn, &ef) {
			exit = ef.Path
		}
	}
	return stdout, raw, exit
}

// shortName is os.Stdout or fmt.Println for a listed writer.
func shortName(obj types.Object) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// exportReach exports, for each function of the package that may write
// to stdout or exit (directly, through the package's other functions or
// through other followed packages' functions), the path to it. It returns
// the path to stdout of each function of the package that writes there.
func exportReach(pass *analysis.Pass, bodies map[*types.Func]*ast.FuncDecl) map[*types.Func][]string {
	type state struct {
		stdout, exit []string
		raw          bool
	}
	found := map[*types.Func]*state{}
	uses := map[*types.Func][]*types.Func{} // calls within the package
	fns := make([]*types.Func, 0, len(bodies))
	for fn := range bodies {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		st := &state{}
		found[fn] = st
		ast.Inspect(bodies[fn].Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := pass.TypesInfo.Uses[id]
			if obj == nil {
				return true
			}
			out, raw, exit := reach(pass, obj)
			if out != nil && (st.stdout == nil || raw && !st.raw) {
				st.stdout, st.raw = append([]string{funcName(fn)}, out...), raw
			}
			if st.exit == nil && exit != nil {
				st.exit = append([]string{funcName(fn)}, exit...)
			}
			if g, ok := obj.(*types.Func); ok && g.Origin().Pkg() == pass.Pkg && bodies[g.Origin()] != nil {
				uses[fn] = append(uses[fn], g.Origin())
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			st := found[fn]
			for _, g := range uses[fn] {
				gs := found[g]
				if gs.stdout != nil && (st.stdout == nil || gs.raw && !st.raw) {
					st.stdout, st.raw, changed = append([]string{funcName(fn)}, gs.stdout...), gs.raw, true
				}
				if st.exit == nil && gs.exit != nil {
					st.exit, changed = append([]string{funcName(fn)}, gs.exit...), true
				}
			}
		}
	}
	for _, fn := range fns {
		if !fn.Exported() {
			continue // other packages reach it only through the exported ones
		}
		if st := found[fn]; st.stdout != nil {
			pass.ExportObjectFact(fn, &stdoutFact{Path: st.stdout, Raw: st.raw, Module: moduleOf(pass)})
		}
		if st := found[fn]; st.exit != nil {
			pass.ExportObjectFact(fn, &exitFact{Path: st.exit})
		}
	}
	writes := map[*types.Func][]string{}
	for fn, st := range found {
		if st.stdout != nil {
			writes[fn] = st.stdout
		}
	}
	return writes
}

// stdoutWriters are the package-level functions and variables that write
// to stdout.
var stdoutWriters = map[string]string{
	"os.Stdout":      "os.Stdout is read here",
	"syscall.Stdout": "syscall.Stdout is file descriptor 1",
	"fmt.Print":      "fmt.Print writes to os.Stdout",
	"fmt.Printf":     "fmt.Printf writes to os.Stdout",
	"fmt.Println":    "fmt.Println writes to os.Stdout",
}

// fdOne reports whether call is os.NewFile with the constant descriptor
// 1: a file of the protocol's stdout, whatever os.Stdout is.
func fdOne(pass *analysis.Pass, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.FullName() != "os.NewFile" || len(call.Args) == 0 {
		return false
	}
	v := pass.TypesInfo.Types[call.Args[0]].Value
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Uint64Val(v)
	return exact && n == 1
}

// rawStdout are the writers that are file descriptor 1 itself.
var rawStdout = map[string]bool{"syscall.Stdout": true}

// objectName is pkgpath.Name for a package-level object, or the method's
// full name.
func objectName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		return fn.Origin().FullName()
	}
	if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// checkStdout reports every use of something that writes to stdout.
//
// subako.Serve makes os.Stdout stderr before the first call, so what
// reads os.Stdout at call time (fmt.Println in a handler, a logger made
// there) writes a log line on stderr: a warning (A031), since the author
// meant the protocol's stdout or the answer. What writes before Serve (in
// an init function or a package-level variable's initialiser, which also
// captures os.Stdout for good) or to file descriptor 1 itself
// (syscall.Stdout) writes protocol lines, which Subako treats as a crash
// (A014). A write in a package of another module (a dependency) is at most
// a warning: its author cannot edit it.
func checkStdout(pass *analysis.Pass, files []*ast.File) {
	for _, f := range files {
		for _, d := range f.Decls {
			atStart := false
			switch d := d.(type) {
			case *ast.FuncDecl:
				atStart = d.Recv == nil && d.Name.Name == "init"
			case *ast.GenDecl:
				atStart = d.Tok == token.VAR
			}
			inspectStdout(pass, d, atStart)
		}
	}
}

// inspectStdout reports the writes to stdout in n; atStart says n runs
// when the module starts. A function literal runs when it is called.
func inspectStdout(pass *analysis.Pass, n ast.Node, atStart bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		var id *ast.Ident
		var rng analysis.Range
		switch n := n.(type) {
		case *ast.FuncLit:
			if atStart {
				inspectStdout(pass, n.Body, false)
				return false
			}
			return true
		case *ast.CallExpr:
			if fdOne(pass, n) {
				reportStdout(pass, n, "os.NewFile(1, ...) is file descriptor 1", true, atStart, "")
				return false
			}
			return true
		case *ast.SelectorExpr:
			id, rng = n.Sel, n
		case *ast.Ident:
			id, rng = n, n // dot imports
		default:
			return true
		}
		obj := pass.TypesInfo.Uses[id]
		if obj == nil {
			return true
		}
		if why, ok := stdoutWriters[objectName(obj)]; ok {
			reportStdout(pass, rng, why, rawStdout[objectName(obj)], atStart, "")
			return false
		}
		var sf stdoutFact
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn.Origin(), &sf) {
			why := funcName(fn) + " writes to stdout (" + strings.Join(sf.Path, " → ") + ")"
			if sf.Raw {
				why = funcName(fn) + " writes to file descriptor 1 (" + strings.Join(sf.Path, " → ") + ")"
			}
			reportStdout(pass, rng, why, sf.Raw, atStart, sf.Module)
			return false
		}
		return true
	})
}

// reportStdout reports one write: why says what writes, raw that it is to
// fd 1 itself, atStart that it runs before Serve, module where it lives.
func reportStdout(pass *analysis.Pass, rng analysis.Range, why string, raw, atStart bool, module string) {
	outside := module != "" && moduleOf(pass) != "" && module != moduleOf(pass)
	switch {
	case outside:
		what := "lands on stderr (subako.Serve makes os.Stdout stderr during a call), not in the answer"
		if raw || atStart {
			what = "reaches the protocol's stdout, which Subako treats as a crash"
		}
		report(pass, rules.GoStdoutRedirected, rng, nil, "%s, in module %s, which this module does not edit: what it writes %s; check that it is what you mean (subakogo call shows it), or ask for a writer option", why, module, what)
	case raw:
		report(pass, rules.GoStdoutWrite, rng, nil, "%s, which carries the protocol whatever os.Stdout is, so what it writes is a line Subako treats as a crash: write to os.Stderr, or put it in the tool's result", why)
	case atStart:
		report(pass, rules.GoStdoutWrite, rng, nil, "%s when the module starts (in init or a package variable), before subako.Serve makes os.Stdout stderr: it writes protocol lines (a writer made from os.Stdout here keeps writing there), which Subako treats as a crash; use os.Stderr", why)
	default:
		report(pass, rules.GoStdoutRedirected, rng, nil, "%s; during a call subako.Serve has made os.Stdout stderr, so this lands on stderr as a log line (Subako keeps its last 4 KiB), not in the answer: write to os.Stderr to say so, or put it in the tool's result", why)
	}
}

// exportStart exports a startFact for a followed package without
// handlers whose init functions or package variables write to stdout.
func exportStart(pass *analysis.Pass, files []*ast.File, writes map[*types.Func][]string) {
	for _, f := range files {
		for _, d := range f.Decls {
			var body ast.Node
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == "init" {
					body = d.Body
				}
			case *ast.GenDecl:
				if d.Tok == token.VAR {
					body = d
				}
			}
			if body == nil {
				continue
			}
			var found *startFact
			ast.Inspect(body, func(n ast.Node) bool {
				if found != nil {
					return false
				}
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj := pass.TypesInfo.Uses[id]
				if obj == nil {
					return true
				}
				out, _, _ := reach(pass, obj)
				if fn, ok := obj.(*types.Func); ok && out == nil {
					out = writes[fn.Origin()]
				}
				if out != nil {
					p := pass.Fset.Position(id.Pos())
					found = &startFact{At: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), Path: out, Module: moduleOf(pass)}
				}
				return true
			})
			if found != nil {
				pass.ExportPackageFact(found)
				return
			}
		}
	}
}

// checkStartFacts reports, on the import that brings it in, every package
// of the module linked into this one whose init functions or package
// variables write to stdout (A014; A031 for another module's).
func checkStartFacts(pass *analysis.Pass, files []*ast.File) {
	for _, pf := range pass.AllPackageFacts() {
		sf, ok := pf.Fact.(*startFact)
		if !ok || pf.Package == pass.Pkg {
			continue
		}
		var at analysis.Range
		for _, f := range files {
			for _, imp := range f.Imports {
				if at == nil && strings.Trim(imp.Path.Value, `"`) == pf.Package.Path() {
					at = imp
				}
			}
		}
		via := ""
		if at == nil && len(files) > 0 {
			at, via = files[0].Name, " (imported indirectly)"
		}
		if at == nil {
			continue
		}
		why := "package " + pf.Package.Path() + via + " uses " + strings.Join(sf.Path, " → ") + " at " + sf.At
		reportStdout(pass, at, why, false, true, sf.Module)
	}
}

// exits are the functions that end the process.
var exits = map[string]bool{
	"os.Exit": true, "syscall.Exit": true,
	"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true,
	"(*log.Logger).Fatal": true, "(*log.Logger).Fatalf": true, "(*log.Logger).Fatalln": true,
}

// checkExits reports exits reachable from a handler through the package's
// functions and methods, and through functions of other followed
// packages (A015), at the call in this package.
func checkExits(pass *analysis.Pass, handlers []*ast.FuncDecl, bodies map[*types.Func]*ast.FuncDecl) {
	reported := map[*ast.Ident]bool{}
	for _, fd := range handlers {
		root, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if root == nil {
			continue
		}
		type item struct {
			fn   *types.Func
			path []string
		}
		queue := []item{{root, []string{fd.Name.Name}}}
		seen := map[*types.Func]bool{root: true}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			decl := bodies[it.fn]
			if decl == nil {
				continue
			}
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := pass.TypesInfo.Uses[id].(*types.Func)
				if !ok {
					return true
				}
				fn = fn.Origin()
				_, _, exit := reach(pass, fn)
				if exit != nil {
					if !reported[id] {
						reported[id] = true
						via := ""
						if len(it.path) > 1 {
							via = " (" + strings.Join(it.path, " → ") + ")"
						}
						what := fn.FullName()
						if len(exit) > 1 {
							what = strings.Join(exit, " → ")
						}
						report(pass, rules.GoExitInHandler, exitRange(decl.Body, id), nil,
							"%s is reached from handler %s%s: exiting ends the call without an answer, which Subako reports as a crash; return an error instead",
							what, fd.Name.Name, via)
					}
					return true
				}
				if fn.Pkg() == pass.Pkg && !seen[fn] && bodies[fn] != nil {
					seen[fn] = true
					queue = append(queue, item{fn, append(slices.Clip(it.path), fn.Name())})
				}
				return true
			})
		}
	}
}

// exitRange is the selector expression around id (log.Fatal), or id.
func exitRange(body ast.Node, id *ast.Ident) analysis.Range {
	var rng analysis.Range = id
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel == id {
			rng = sel
			return false
		}
		return rng == id
	})
	return rng
}
