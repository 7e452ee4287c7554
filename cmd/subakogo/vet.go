package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
)

// runVet hands over to the unitchecker protocol (it exits the process).
func runVet() {
	unitchecker.Main(analyzer.Analyzers...)
}
