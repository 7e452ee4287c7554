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
	pkg, _ := pass.ResultOf[Model].(*model.Package)
	if pkg == nil {
		return nil, nil
	}
	checkStdout(pass, sourceFiles(pass))
	checkExits(pass, pkg)
	return nil, nil
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

// checkExits reports exits reachable from a handler through calls to
// functions and methods of the package (A015).
func checkExits(pass *analysis.Pass, pkg *model.Package) {
	bodies := map[*types.Func]*ast.FuncDecl{}
	for _, f := range sourceFiles(pass) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					bodies[fn] = fd
				}
			}
		}
	}
	decls := handlerDecls(pass, pkg)
	reported := map[*ast.Ident]bool{}
	for _, tool := range pkg.Tools {
		fd := decls[tool]
		if fd == nil {
			continue
		}
		root, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
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
				if exits[fn.FullName()] {
					if !reported[id] {
						reported[id] = true
						via := ""
						if len(it.path) > 1 {
							via = " (" + strings.Join(it.path, " → ") + ")"
						}
						report(pass, rules.GoExitInHandler, exitRange(decl.Body, id), nil,
							"%s is reached from handler %s%s: exiting ends the call without an answer, which Subako reports as a crash; return an error instead",
							fn.FullName(), fd.Name.Name, via)
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
