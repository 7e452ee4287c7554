package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/internal/rules"
)

// runVet hands over to the unitchecker protocol (it exits the process).
// go vet fails on any diagnostic, so it gets what must be fixed (errors);
// the advice (warnings such as A020 portability, A005 descriptions) is for
// generate, check and lint, which say it without failing.
func runVet() {
	unitchecker.Main(reportingAtLeast(rules.Error, analyzer.Analyzers)...)
}

// reportingAtLeast copies the analyzers as, each reporting only the
// findings of its rules of severity floor and above (a diagnostic of no
// rule always), and requiring the copies of what it required. A driver
// runs one set or the other, never both: they declare the same facts.
func reportingAtLeast(floor rules.Severity, as []*analysis.Analyzer) []*analysis.Analyzer {
	copies := map[*analysis.Analyzer]*analysis.Analyzer{}
	var copyOf func(a *analysis.Analyzer) *analysis.Analyzer
	copyOf = func(a *analysis.Analyzer) *analysis.Analyzer {
		if c, ok := copies[a]; ok {
			return c
		}
		c := &analysis.Analyzer{
			Name: a.Name, Doc: a.Doc, URL: a.URL, RunDespiteErrors: a.RunDespiteErrors,
			ResultType: a.ResultType, FactTypes: a.FactTypes, Flags: a.Flags,
		}
		copies[a] = c
		for _, r := range a.Requires {
			c.Requires = append(c.Requires, copyOf(r))
		}
		run := a.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				if r, ok := rules.Lookup(d.Category); !ok || r.Severity >= floor {
					report(d)
				}
			}
			return run(pass)
		}
		return c
	}
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		out[i] = copyOf(a)
	}
	return out
}
