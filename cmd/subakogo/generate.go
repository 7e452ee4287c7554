package main

import (
	"context"
	"io"

	"github.com/subako-ai/subako-go/internal/cli"

	"github.com/subako-ai/subako-go/internal/generate"
)

// runGenerate is package generate's command, which cmd/subakogo-generate (what
// //go:generate lines run) runs too.
func runGenerate(args []string, stdout, stderr io.Writer) int {
	return cli.Interruptible("subakogo generate", "", stderr, func(ctx context.Context, stderr io.Writer) int {
		return generate.Command(goBackstop(ctx), "subakogo generate", args, stdout, stderr)
	})
}
