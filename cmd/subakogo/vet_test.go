package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
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

// TestVetEscapesMessages (attack pass 41c, row 1): go vet -vettool=subakogo
// prints what the analyzers report as it is, so every message (A011's
// "does not match the field's pattern" and the enum hint quoted a marker's
// value as written; any rule's, now or later), its related notes and its
// fixes' titles are escaped on the way: an OSC from a cloned package's
// comments no longer retitles the terminal.
func TestVetEscapesMessages(t *testing.T) {
	const hostile = "^a\x1b]0;pwned\x07$ \u202e"
	a := &analysis.Analyzer{Name: "hostile", Doc: "hostile", Run: func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Category: rules.GoMarkerValue.ID, Message: "pattern " + hostile,
			Related:        []analysis.RelatedInformation{{Message: "related " + hostile}},
			SuggestedFixes: []analysis.SuggestedFix{{Message: "fix " + hostile}}})
		return nil, nil
	}}
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	if _, err := reportingAtLeast(rules.Error, []*analysis.Analyzer{a})[0].Run(pass); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("reported %d diagnostics, want 1", len(got))
	}
	d := got[0]
	texts := []string{d.Message}
	for _, r := range d.Related {
		texts = append(texts, r.Message)
	}
	for _, f := range d.SuggestedFixes {
		texts = append(texts, f.Message)
	}
	if len(texts) != 3 {
		t.Fatalf("the diagnostic lost its notes or fixes: %+v", d)
	}
	for _, s := range texts {
		if strings.ContainsAny(s, "\x1b\x07\u202e") || !strings.Contains(s, `\x1b]0;pwned\x07`) {
			t.Errorf("vet's copy reports %q, not escaped", s)
		}
	}
}

// TestVetEscapesFileNames (attack pass 41i, row 9): unitchecker prints a
// diagnostic's position, the file name as the go command gave it: a
// source file named with an OSC (from a cloned package) put it raw on
// every A0xx line. The copies reportingAtLeast makes give the positions
// of a file whose name needs escaping the escaped name, the line and
// column unchanged; a file with a plain name keeps its positions as they
// are, and a second analyzer's run changes nothing more.
func TestVetEscapesFileNames(t *testing.T) {
	fset := token.NewFileSet()
	src := "package p\n\nvar  x = 1\n"
	hostile, err := parser.ParseFile(fset, "/src/m\x1b]0;pwned\x07.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := parser.ParseFile(fset, "/src/plain.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	at := func(f *ast.File) token.Pos { return f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Names[0].Pos() }
	a := &analysis.Analyzer{Name: "at", Doc: "at", Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			pass.Report(analysis.Diagnostic{Pos: at(f), Message: "here"})
		}
		return nil, nil
	}}
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{hostile, plain}, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	copies := reportingAtLeast(rules.Error, []*analysis.Analyzer{a, {Name: "again", Doc: "again", Run: a.Run}})
	for _, c := range copies {
		if _, err := c.Run(pass); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{`/src/m\x1b]0;pwned\x07.go:3:6`, "/src/plain.go:3:6", `/src/m\x1b]0;pwned\x07.go:3:6`, "/src/plain.go:3:6"}
	if len(got) != len(want) {
		t.Fatalf("reported %d, want %d", len(got), len(want))
	}
	for i, d := range got {
		if p := fset.Position(d.Pos).String(); p != want[i] {
			t.Errorf("position %q, want %q", p, want[i])
		}
	}
}
