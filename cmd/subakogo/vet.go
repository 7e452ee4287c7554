package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
)

// runVet hands over to the unitchecker protocol (it exits the process).
func runVet() {
	// go vet fails on any diagnostic: the hints a tool could state are
	// advice, for generate, check and golangci-lint.
	_ = analyzer.Hints.Flags.Set("suggest", "false")
	unitchecker.Main(analyzer.Analyzers...)
}
