package main

import (
	"fmt"
	"os"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/analyzer/model"
)

// analyzed is the analyzers' verdict on one package.
type analyzed struct {
	pkg         *packages.Package
	model       *model.Package // nil when the package has no //subako:function
	diagnostics []diagnostic
}

type diagnostic struct {
	analysis.Diagnostic
	Position string
}

// analyze loads a package as it is built for wasip1 and runs every
// analyzer on it, the way go vet -vettool would.
func analyze(pattern string) (*analyzed, error) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Env:  append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm"),
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: want one package, found %d", pattern, len(pkgs))
	}
	g, err := checker.Analyze(analyzer.Analyzers, pkgs, &checker.Options{})
	if err != nil {
		return nil, err
	}
	out := &analyzed{pkg: pkgs[0]}
	for _, act := range g.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %w", act.Analyzer.Name, act.Err)
		}
		if act.Analyzer == analyzer.Model {
			out.model, _ = act.Result.(*model.Package)
		}
		for _, d := range act.Diagnostics {
			out.diagnostics = append(out.diagnostics, diagnostic{d, act.Package.Fset.Position(d.Pos).String()})
		}
	}
	sort.SliceStable(out.diagnostics, func(i, j int) bool { return out.diagnostics[i].Pos < out.diagnostics[j].Pos })
	return out, nil
}
