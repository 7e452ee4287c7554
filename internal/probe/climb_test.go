package probe

import (
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// maxClimbs is how many functions of internal/host the probes' judgement
// of a run may call: the record says the rest itself (docs/host.md).
const maxClimbs = 2

// TestJudgementClimbsIntoHostTwice keeps the run record self-describing:
// the probes' code that understands a run (every function with a
// *host.Record or a host.Break parameter, but the scripts it plays on a
// *host.Session, which talk to the module) calls at most maxClimbs
// distinct functions or methods of internal/host. Each further one is a
// question the record should answer by itself (a line parsed again, a
// second mapping of break kinds).
func TestJudgementClimbsIntoHostTwice(t *testing.T) {
	got := climbs(t, nil)
	if len(got) > maxClimbs {
		t.Errorf("the probes' judgement calls %d functions of internal/host, at most %d: %s", len(got), maxClimbs, strings.Join(got, ", "))
	}
	if len(got) == 0 {
		t.Error("no call of internal/host found: the test no longer sees the judgement")
	}
	t.Logf("the judgement climbs into internal/host for: %s", strings.Join(got, ", "))
	if testing.Short() {
		return // the planted half type-checks the package from source
	}
	// A judgement that parses a line again is seen (planted).
	judge, err := os.ReadFile("judge.go")
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs("judge.go")
	planted := append(judge, "\nfunc planted(rec *host.Record) { host.ParseMessage(rec.Lines[0].Text) }\n"...)
	if again := climbs(t, map[string][]byte{abs: planted}); len(again) != len(got)+1 {
		t.Errorf("a planted host.ParseMessage in a judging function: %v", again)
	}
}

// climbs are the internal/host functions and methods this package's
// judging functions call, sorted; overlay replaces files (see
// packages.Config).
func climbs(t *testing.T, overlay map[string][]byte) []string {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Overlay: overlay}, ".")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading the package: %v %v", err, pkgs)
	}
	pkg := pkgs[0]
	isHost := func(tv types.Type, name string) bool {
		if p, ok := tv.(*types.Pointer); ok {
			tv = p.Elem()
		}
		n, ok := tv.(*types.Named)
		return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && strings.HasSuffix(n.Obj().Pkg().Path(), "/internal/host")
	}
	takes := func(ft *ast.FuncType, name string) bool {
		for _, f := range ft.Params.List {
			if isHost(pkg.TypesInfo.TypeOf(f.Type), name) {
				return true
			}
		}
		return false
	}
	var out []string
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !takes(fd.Type, "Record") && !takes(fd.Type, "Break") {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok && takes(lit.Type, "Session") {
					return false // a script played on a run: it talks to the module
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var id *ast.Ident
				switch f := ast.Unparen(call.Fun).(type) {
				case *ast.Ident:
					id = f
				case *ast.SelectorExpr:
					id = f.Sel
				}
				fn, ok := pkg.TypesInfo.Uses[id].(*types.Func)
				if ok && fn.Pkg() != nil && strings.HasSuffix(fn.Pkg().Path(), "/internal/host") {
					if name := fn.FullName(); !slices.Contains(out, name) {
						out = append(out, name)
					}
				}
				return true
			})
		}
	}
	slices.Sort(out)
	return out
}
