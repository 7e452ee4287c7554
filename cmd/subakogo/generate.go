package main

import (
	"io"

	"github.com/subako-ai/subako-go/internal/generate"
)

// runGenerate is package generate's command, which cmd/subakogo-generate (what
// //go:generate lines run) runs too.
func runGenerate(args []string, stdout, stderr io.Writer) int {
	return generate.Command("subakogo generate", args, stdout, stderr)
}
