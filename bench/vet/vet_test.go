// Package vet compares, in one run, the time subako's analyzers take on
// the examples with the time go vet's own suite takes on the same loaded
// packages: what -vettool=subakogo adds to a vet run.
package vet

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/appends"
	"golang.org/x/tools/go/analysis/passes/assign"
	"golang.org/x/tools/go/analysis/passes/atomic"
	"golang.org/x/tools/go/analysis/passes/bools"
	"golang.org/x/tools/go/analysis/passes/composite"
	"golang.org/x/tools/go/analysis/passes/copylock"
	"golang.org/x/tools/go/analysis/passes/defers"
	"golang.org/x/tools/go/analysis/passes/directive"
	"golang.org/x/tools/go/analysis/passes/errorsas"
	"golang.org/x/tools/go/analysis/passes/httpresponse"
	"golang.org/x/tools/go/analysis/passes/ifaceassert"
	"golang.org/x/tools/go/analysis/passes/loopclosure"
	"golang.org/x/tools/go/analysis/passes/lostcancel"
	"golang.org/x/tools/go/analysis/passes/nilfunc"
	"golang.org/x/tools/go/analysis/passes/printf"
	"golang.org/x/tools/go/analysis/passes/shift"
	"golang.org/x/tools/go/analysis/passes/stdmethods"
	"golang.org/x/tools/go/analysis/passes/stringintconv"
	"golang.org/x/tools/go/analysis/passes/structtag"
	"golang.org/x/tools/go/analysis/passes/tests"
	"golang.org/x/tools/go/analysis/passes/unmarshal"
	"golang.org/x/tools/go/analysis/passes/unreachable"
	"golang.org/x/tools/go/analysis/passes/unusedresult"
	"golang.org/x/tools/go/packages"

	"github.com/subako-ai/subako-go/analyzer"
)

// vetSuite is most of cmd/vet's default analyzers.
var vetSuite = []*analysis.Analyzer{
	appends.Analyzer, assign.Analyzer, atomic.Analyzer, bools.Analyzer, composite.Analyzer, copylock.Analyzer,
	defers.Analyzer, directive.Analyzer, errorsas.Analyzer, httpresponse.Analyzer, ifaceassert.Analyzer,
	loopclosure.Analyzer, lostcancel.Analyzer, nilfunc.Analyzer, printf.Analyzer, shift.Analyzer,
	stdmethods.Analyzer, stringintconv.Analyzer, structtag.Analyzer, tests.Analyzer, unmarshal.Analyzer,
	unreachable.Analyzer, unusedresult.Analyzer,
}

func BenchmarkAnalyzers(b *testing.B) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: "../..", Env: append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")}
	pkgs, err := packages.Load(cfg, "./examples/hello", "./examples/weather", "./examples/chart")
	if err != nil || len(pkgs) != 3 {
		b.Fatalf("load: %v (%d packages)", err, len(pkgs))
	}
	for _, s := range []struct {
		name string
		as   []*analysis.Analyzer
	}{{"govet", vetSuite}, {"subako", analyzer.Analyzers}, {"both", append(append([]*analysis.Analyzer{}, vetSuite...), analyzer.Analyzers...)}} {
		b.Run(s.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := checker.Analyze(s.as, pkgs, &checker.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
