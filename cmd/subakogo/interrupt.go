package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interruptible runs the command name, one that runs modules (call,
// lint, check, pack, diff), with a context that SIGINT (Ctrl-C) or SIGTERM
// (timeout, a CI runner) cancels: the run in progress stops and the
// command returns through its deferred cleanup, so the temporary volumes of its runs (up to a call's write
// budget each) are removed before the process exits, where the signal's
// default action would leave them in the temporary directory. It returns
// the command's exit code or, when a signal interrupted it, 128 and the
// signal's number, as a shell reports a command a signal ended (130 for
// SIGINT, 143 for SIGTERM). Later signals are ignored until it returns,
// not taken as a request to die at once: Ctrl-C reaches the child both
// from the terminal (its process group) and from the supervisor that
// forwards it, and so does `timeout`'s signal (internal/supervise).
func interruptible(name string, stderr io.Writer, run func(ctx context.Context) int) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		select {
		case s := <-signals:
			cancel(interruption{s.(syscall.Signal)})
		case <-ctx.Done():
		}
	}()
	code := run(ctx)
	var i interruption
	if errors.As(context.Cause(ctx), &i) {
		fmt.Fprintf(stderr, "subakogo %s: %v: stopped, and its runs' temporary volumes removed\n", name, i)
		return 128 + int(i.signal)
	}
	return code
}

// interruption is the cause of a command's context a signal ended.
type interruption struct{ signal syscall.Signal }

func (i interruption) Error() string {
	name := "SIGTERM"
	if i.signal == syscall.SIGINT {
		name = "SIGINT"
	}
	return "interrupted by " + name
}
