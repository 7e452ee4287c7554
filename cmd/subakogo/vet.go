package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/internal/rules"
)

// runVet hands over to the unitchecker protocol (it exits the process).
// go vet fails on any diagnostic, so it gets what must be fixed (errors);
// the advice is for generate, check and lint, which say it without failing.
func runVet() {
	analyzer.ReportAtLeast(rules.Error)
	unitchecker.Main(analyzer.Analyzers...)
}
