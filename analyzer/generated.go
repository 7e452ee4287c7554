package analyzer

import (
	"go/ast"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/rules"
)

func runGenerated(pass *analysis.Pass) (any, error) {
	pkg, _ := pass.ResultOf[Model].(*model.Package)
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
		report(pass, rules.GoGeneratedStale, at.Name, nil, "%s is missing: run go generate (//go:generate go tool subakogo generate)", model.GeneratedFile)
		return nil, nil
	}
	got, ok := generatedHash(f)
	switch {
	case !ok:
		report(pass, rules.GoGeneratedStale, at.Name, nil, "%s has no %s constant, so it was not written by subakogo generate: run go generate", model.GeneratedFile, model.HashConstName)
	case got != want:
		report(pass, rules.GoGeneratedStale, at.Name, nil, "%s is out of date (generated from model %.12s, the package is now %.12s): run go generate", model.GeneratedFile, got, want)
	}
	return nil, nil
}

// generatedHash reads the string constant model.HashConstName from the
// generated file's syntax.
func generatedHash(f *ast.File) (string, bool) {
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if name.Name != model.HashConstName || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return "", false
				}
				s, err := strconv.Unquote(lit.Value)
				return s, err == nil
			}
		}
	}
	return "", false
}
