// Package gocheck runs the analyzers on a Go function package, loaded as it
// is built for wasip1 (the way go vet -vettool would), and turns their
// diagnostics into findings on the package's Go files.
package gocheck

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
)

// Result is the analyzers' verdict on one package.
type Result struct {
	Pkg         *packages.Package
	Model       *model.Package // nil when the package has no //subako:function
	Diagnostics []Diagnostic   // in source order
}

// Diagnostic is one analyzer diagnostic with its position as text.
type Diagnostic struct {
	analysis.Diagnostic
	Position string
}

// Analyze loads the one package pattern names and runs every analyzer on it.
// A package with a file the go command would block on (a FIFO named zz.go)
// is refused first (input.GoSources); ctx ends the load, go list and
// what it started with it (go/packages interrupts its process group, then
// kills it), when a signal interrupts the command, or at its wall-clock
// backstop (input.GoBackstop: then a *input.GoStalledError, not judged).
func Analyze(ctx context.Context, pattern string) (*Result, error) {
	if err := input.GoSources("", pattern); err != nil {
		return nil, err
	}
	// go list's work directories in one of ours, removed once the load
	// ends, however go list ended (as gobuild.Go does for every other go
	// command: attack pass 42n, row 2).
	work, err := os.MkdirTemp(os.Getenv("GOTMPDIR"), "subako-gotmp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	ctx, stop := input.GoBackstopContext(ctx, "the load of "+pattern+" (go list, as go/packages runs it)")
	defer stop()
	cfg := &packages.Config{
		Context: ctx,
		// Modules too, as go vet gives them: a write in a module this one
		// does not edit is told apart (A031), and versioned dependencies
		// are not followed.
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Env:  append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOTMPDIR="+work),
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		if cause := context.Cause(ctx); cause != nil {
			return nil, cause
		}
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: want one package, found %d", pattern, len(pkgs))
	}
	if err := loadErrors(pkgs); err != nil {
		return nil, err
	}
	g, err := checker.Analyze(analyzer.Analyzers, pkgs, &checker.Options{})
	if err != nil {
		return nil, err
	}
	out := &Result{Pkg: pkgs[0]}
	for _, act := range g.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %w", act.Analyzer.Name, act.Err)
		}
		if act.Analyzer == analyzer.Model {
			out.Model, _ = act.Result.(*model.Package)
		}
		for _, d := range act.Diagnostics {
			out.Diagnostics = append(out.Diagnostics, Diagnostic{d, act.Package.Fset.Position(d.Pos).String()})
		}
	}
	sort.SliceStable(out.Diagnostics, func(i, j int) bool { return out.Diagnostics[i].Pos < out.Diagnostics[j].Pos })
	return out, nil
}

// maxLoadErrors is how many of a package's load and type errors an error
// names; the compiler's own output has them all.
const maxLoadErrors = 10

// loadErrors is the errors of the packages and of everything they import,
// as one error, or nil. The analyzers do not run on a package that does not
// type-check, so without it such a package would look like one with no
// handler.
func loadErrors(pkgs []*packages.Package) error {
	var errs []string
	n := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if n++; n <= maxLoadErrors {
				errs = append(errs, e.Error())
			}
		}
	})
	if n == 0 {
		return nil
	}
	if n > maxLoadErrors {
		errs = append(errs, fmt.Sprintf("and %d more", n-maxLoadErrors))
	}
	return fmt.Errorf("%s does not build:\n\t%s", pkgs[0].PkgPath, strings.Join(errs, "\n\t"))
}

// Findings are the diagnostics as findings, one report file per Go file,
// in file-name order. path turns a file name into the path to report.
func (r *Result) Findings(path func(string) string) []report.File {
	byFile := map[string][]rules.Finding{}
	for _, d := range r.Diagnostics {
		rule, ok := rules.Lookup(d.Category)
		if !ok {
			continue
		}
		p := r.Pkg.Fset.Position(d.Pos)
		name := path(p.Filename)
		byFile[name] = append(byFile[name], rules.Finding{Rule: rule, Message: analyzer.Text(d.Diagnostic), Offset: -1, Line: p.Line, Column: p.Column})
	}
	names := make([]string, 0, len(byFile))
	for n := range byFile {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []report.File
	for _, n := range names {
		out = append(out, report.File{Path: n, Size: -1, MIMEType: "text/x-go", Findings: byFile[n]})
	}
	return out
}
