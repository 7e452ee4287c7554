package main

import (
	"context"
	"io"

	"github.com/subako-ai/subako-go/internal/cli"
)

// interruptible runs the command name with a context that SIGINT (Ctrl-C),
// SIGTERM (timeout, a CI runner), SIGHUP (the terminal closed) or SIGQUIT
// (Ctrl-\) cancels (cli.Interruptible). For the
// commands that run modules (call, lint, check, pack, diff) the run in
// progress stops and the command returns through its deferred cleanup, so
// the temporary volumes of its runs (up to a call's write budget each) are
// removed before the process exits, where the signal's default action
// would leave them in the temporary directory; for those that load a Go
// package (check, pack, schema, generate) the go command it runs is ended
// too, where the signal's default action would leave it behind (it runs
// in a process group of its own). It returns the command's exit code or
// 128 plus the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for
// SIGHUP, 131 for SIGQUIT).
func interruptible(name string, stderr io.Writer, run func(ctx context.Context, stderr io.Writer) int) int {
	return cli.Interruptible("subakogo "+name, ", and its runs' temporary volumes removed", stderr, func(ctx context.Context, stderr io.Writer) int {
		return run(goBackstop(ctx), stderr)
	})
}
