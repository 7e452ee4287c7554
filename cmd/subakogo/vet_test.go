package main

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/internal/rules"
)

// go vet's analyzers report errors only, and the floor is theirs: the
// analyzers of the package, which golangci-lint and check run, still
// report everything.
func TestVetReportsErrorsOnly(t *testing.T) {
	all := func(pass *analysis.Pass) (any, error) {
		for _, c := range []string{rules.GoIgnore.ID, rules.GoIgnoreUnused.ID, "not-a-rule"} {
			pass.Report(analysis.Diagnostic{Category: c})
		}
		return nil, nil
	}
	base := &analysis.Analyzer{Name: "base", Doc: "base", Run: all}
	top := &analysis.Analyzer{Name: "top", Doc: "top", Run: all, Requires: []*analysis.Analyzer{base}}
	run := func(a *analysis.Analyzer) []string {
		var got []string
		pass := &analysis.Pass{Analyzer: a, Report: func(d analysis.Diagnostic) { got = append(got, d.Category) }}
		if _, err := a.Run(pass); err != nil {
			t.Fatal(err)
		}
		return got
	}
	vet := reportingAtLeast(rules.Error, []*analysis.Analyzer{base, top})
	if got, want := run(vet[1]), []string{rules.GoIgnore.ID, "not-a-rule"}; !slices.Equal(got, want) {
		t.Errorf("vet's copy reported %q, want %q", got, want)
	}
	if got := run(top); len(got) != 3 {
		t.Errorf("the original reported %q, want all three", got)
	}
	if len(vet[1].Requires) != 1 || vet[1].Requires[0] != vet[0] {
		t.Errorf("the copy of top requires %v, not the copy of base", vet[1].Requires)
	}

	// The real set stays a valid set of its own: the copies require
	// each other, not the originals (whose facts they share).
	real := reportingAtLeast(rules.Error, analyzer.Analyzers)
	if err := analysis.Validate(real); err != nil {
		t.Fatal(err)
	}
	for _, a := range real {
		for _, r := range a.Requires {
			if !slices.Contains(real, r) {
				t.Errorf("%s requires %s outside the set", a.Name, r.Name)
			}
		}
	}
}
