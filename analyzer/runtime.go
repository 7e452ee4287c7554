package analyzer

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/rules"
)

func runRuntime(pass *analysis.Pass) (any, error) {
	files := sourceFiles(pass)
	bodies := funcBodies(pass, files)
	if followed(pass) {
		exportReach(pass, bodies)
	}
	handlers := markedHandlers(pass, files)
	if len(handlers) == 0 {
		return nil, nil
	}
	checkStdout(pass, files)
	checkExits(pass, handlers, bodies)
	return nil, nil
}

// A stdoutFact says a function writes to stdout, directly or through the
// functions it uses. Path is the chain from it to the write: "tools.Log",
// "tools.say", "fmt.Println".
type stdoutFact struct{ Path []string }

// An exitFact says a function may end the process: Path is the chain
// from it to the exit (os.Exit, log.Fatal...).
type exitFact struct{ Path []string }

func (*stdoutFact) AFact()           {}
func (*exitFact) AFact()             {}
func (f *stdoutFact) String() string { return "writes to stdout: " + strings.Join(f.Path, " → ") }
func (f *exitFact) String() string   { return "exits: " + strings.Join(f.Path, " → ") }

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

// reach is what using an object leads to: a write to stdout or an exit,
// as the path from the object to it, or nil.
func reach(pass *analysis.Pass, obj types.Object) (stdout, exit []string) {
	if _, ok := stdoutWriters[objectName(obj)]; ok {
		stdout = []string{shortName(obj)}
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return stdout, nil
	}
	fn = fn.Origin()
	if exits[fn.FullName()] {
		return stdout, []string{fn.FullName()}
	}
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
		var sf stdoutFact
		if pass.ImportObjectFact(fn, &sf) {
			stdout = sf.Path
		}
		var ef exitFact
		if pass.ImportObjectFact(fn, &ef) {
			exit = ef.Path
		}
	}
	return stdout, exit
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
// through other followed packages' functions), the path to it.
func exportReach(pass *analysis.Pass, bodies map[*types.Func]*ast.FuncDecl) {
	type state struct{ stdout, exit []string }
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
			out, exit := reach(pass, obj)
			if st.stdout == nil && out != nil {
				st.stdout = append([]string{funcName(fn)}, out...)
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
				if st.stdout == nil && gs.stdout != nil {
					st.stdout, changed = append([]string{funcName(fn)}, gs.stdout...), true
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
			pass.ExportObjectFact(fn, &stdoutFact{Path: st.stdout})
		}
		if st := found[fn]; st.exit != nil {
			pass.ExportObjectFact(fn, &exitFact{Path: st.exit})
		}
	}
}

// stdoutWriters are the package-level functions and variables that write
// to stdout.
var stdoutWriters = map[string]string{
	"os.Stdout":      "os.Stdout is stdout",
	"syscall.Stdout": "syscall.Stdout is stdout's file descriptor",
	"fmt.Print":      "fmt.Print writes to stdout",
	"fmt.Printf":     "fmt.Printf writes to stdout",
	"fmt.Println":    "fmt.Println writes to stdout",
}

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

// checkStdout reports every use of something that writes to stdout
// (A014).
func checkStdout(pass *analysis.Pass, files []*ast.File) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			var id *ast.Ident
			var rng analysis.Range
			switch n := n.(type) {
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
				report(pass, rules.GoStdoutWrite, rng, nil, "%s, and stdout carries the protocol: write to os.Stderr, or put it in the tool's result", why)
				return false
			}
			var sf stdoutFact
			if fn, ok := obj.(*types.Func); ok && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn.Origin(), &sf) {
				report(pass, rules.GoStdoutWrite, rng, nil, "%s writes to stdout (%s), and stdout carries the protocol: make it write to os.Stderr, or put it in the tool's result", funcName(fn), strings.Join(sf.Path, " → "))
				return false
			}
			return true
		})
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
				_, exit := reach(pass, fn)
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
