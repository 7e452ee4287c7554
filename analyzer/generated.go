package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

// modelOf is the result of the Model pass that pass requires. It is found
// by name, not by the variable Model, so that a driver may run copies of
// the analyzers (go vet's, which report errors only).
func modelOf(pass *analysis.Pass) *model.Package {
	for a, res := range pass.ResultOf {
		if a.Name == modelName {
			pkg, _ := res.(*model.Package)
			return pkg
		}
	}
	return nil
}

// maxStaleChanges caps the changes a stale file is reported with; the
// rest are counted on the last one.
const maxStaleChanges = 8

func runGenerated(pass *analysis.Pass) (any, error) {
	pkg := modelOf(pass)
	if pkg == nil || len(pkg.Tools) == 0 {
		return nil, nil
	}
	at := firstHandler(pass, pkg)
	if at == nil {
		return nil, nil
	}
	want := pkg.Hash()
	f := generatedFile(pass)
	if f == nil {
		report(pass, rules.GoGeneratedStale, at.Name, nil, "%s is missing: run go generate (//go:generate go tool subakogo-generate)", model.GeneratedFile)
		return nil, nil
	}
	got, ok := stringConst(f, model.HashConstName)
	switch {
	case !ok:
		report(pass, rules.GoGeneratedStale, at.Name, nil, "%s has no %s constant, so it was not written by subakogo generate: run go generate", model.GeneratedFile, model.HashConstName)
	case got != want:
		reportChanges(pass, pkg, f, at, got, want)
	}
	return nil, nil
}

// reportChanges reports a stale generated file on each thing that changed
// since it was written: the field, type or handler. A file written before
// it carried its model is reported on the first handler, by hash.
func reportChanges(pass *analysis.Pass, pkg *model.Package, f *ast.File, first *ast.FuncDecl, got, want string) {
	var changes []model.Change
	if text, ok := stringConst(f, model.ModelConstName); ok {
		if old, err := model.DecodeCanonical([]byte(text)); err == nil {
			changes = model.Changes(old, pkg)
		}
	}
	if len(changes) == 0 {
		report(pass, rules.GoGeneratedStale, first.Name, nil, "%s is out of date (generated from model %.12s, the package is now %.12s): run go generate", model.GeneratedFile, got, want)
		return
	}
	handlers := map[string]*ast.FuncDecl{}
	for t, fd := range handlerDecls(pass, pkg) {
		handlers[t.GoFunc] = fd
	}
	for i, c := range changes {
		if i == maxStaleChanges-1 && len(changes) > maxStaleChanges {
			report(pass, rules.GoGeneratedStale, first.Name, nil, "%s is out of date: %d more changes: run go generate", model.GeneratedFile, len(changes)-i)
			return
		}
		report(pass, rules.GoGeneratedStale, changePos(pass, c, handlers, first), nil, "%s is out of date: %s: run go generate", model.GeneratedFile, c)
	}
}

// changePos is where a change is reported: the field or type declaration
// when it is in this package, the handler for a tool, else the first
// handler.
func changePos(pass *analysis.Pass, c model.Change, handlers map[string]*ast.FuncDecl, first *ast.FuncDecl) analysis.Range {
	if c.Tool != "" {
		if fd := handlers[c.Tool]; fd != nil {
			return fd.Name
		}
	}
	if c.Type == "" || c.GoType.Path != pass.Pkg.Path() {
		return first.Name
	}
	tn, _ := pass.Pkg.Scope().Lookup(c.GoType.Name).(*types.TypeName)
	if tn == nil {
		return first.Name
	}
	pos := tn.Pos()
	if st, ok := tn.Type().Underlying().(*types.Struct); ok && c.Field != "" {
		for i := range st.NumFields() {
			if st.Field(i).Name() == c.Field {
				pos = st.Field(i).Pos()
			}
		}
	}
	if id := identAt(pass, pos); id != nil {
		return id
	}
	return first.Name
}

// identAt is the identifier declared at pos in the package's files.
func identAt(pass *analysis.Pass, pos token.Pos) *ast.Ident {
	for id := range pass.TypesInfo.Defs {
		if id.Pos() == pos {
			return id
		}
	}
	return nil
}

// stringConst reads the string constant name from the generated file's
// syntax.
func stringConst(f *ast.File, name string) (string, bool) {
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if n.Name != name || i >= len(vs.Values) {
					continue
				}
				return constText(vs.Values[i])
			}
		}
	}
	return "", false
}

// constText is the value of a string literal, or of literals joined by +.
func constText(x ast.Expr) (string, bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok1 := constText(x.X)
		b, ok2 := constText(x.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return constText(x.X)
	}
	return "", false
}
