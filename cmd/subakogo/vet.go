package main

import (
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
)

// isVetInvocation reports whether go vet is running this binary as its
// -vettool: it asks for -V=full or -flags, or hands over a unit's .cfg.
func isVetInvocation(args []string) bool {
	if len(args) == 0 {
		return false
	}
	first, last := args[0], args[len(args)-1]
	return strings.HasPrefix(first, "-V") || first == "-flags" || strings.HasSuffix(last, ".cfg")
}

// runVet hands over to the unitchecker protocol (it exits the process).
func runVet() {
	unitchecker.Main(analyzer.Analyzers...)
}
