// Command subakogo-generate writes subako_gen.go for a Go function package's
// //subako:function handlers: subakogo generate, alone. It is what
// //go:generate lines run,
//
//	//go:generate go tool subakogo-generate
//
// because it builds from the analyzer, the generator and x/tools only,
// without the host (wazero), the JSON Schema compiler or the wasm reader
// that subakogo links for lint, call and check: a first go generate with
// an empty build cache compiles about a third as much. Usage and exit
// codes are subakogo generate's.
package main

import (
	"context"
	"io"
	"os"

	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/generate"
	"github.com/subako-ai/subako-go/internal/supervise"
)

func main() {
	cli.TuneGC(false)
	os.Exit(supervise.Main("subakogo-generate", os.Stderr, func() int {
		return cli.Interruptible("subakogo-generate", "", os.Stderr, func(ctx context.Context, stderr io.Writer) int {
			return generate.Command(ctx, "subakogo-generate", os.Args[1:], os.Stdout, stderr)
		})
	}))
}
