package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// Interruptible runs a command, named prog in its message, with a context
// that SIGINT (Ctrl-C) or SIGTERM (timeout, a CI runner) cancels: the work
// in progress stops (a go command the command started is ended with it,
// its process group killed) and the command returns through its deferred
// cleanup. It returns the command's exit code or, when a signal
// interrupted it, 128 and the signal's number, as a shell reports a
// command a signal ended (130 for SIGINT, 143 for SIGTERM), after a line
// "PROG: interrupted by SIGTERM: stopped" and done (what was cleaned up,
// or ""). Later signals are ignored until it returns, not taken as a
// request to die at once: Ctrl-C reaches the child both from the terminal
// (its process group) and from the supervisor that forwards it, and so
// does `timeout`'s signal (internal/supervise). The interruption is said
// once: run writes its messages to the stderr it is given, which, once a
// signal came, drops an error that only ends with the interruption
// ("PROG: go build: interrupted by SIGTERM").
func Interruptible(prog, done string, stderr io.Writer, run func(ctx context.Context, stderr io.Writer) int) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		select {
		case s := <-signals:
			cancel(Interruption{s.(syscall.Signal)})
		case <-ctx.Done():
		}
	}()
	code := run(ctx, &saidOnce{ctx: ctx, w: stderr})
	var i Interruption
	if errors.As(context.Cause(ctx), &i) {
		fmt.Fprintf(stderr, "%s: %v: stopped%s\n", prog, i, done)
		return 128 + int(i.Signal)
	}
	return code
}

// Interruption is the cause of a command's context a signal ended.
type Interruption struct{ Signal syscall.Signal }

func (i Interruption) Error() string {
	name := "SIGTERM"
	if i.Signal == syscall.SIGINT {
		name = "SIGINT"
	}
	return "interrupted by " + name
}

// saidOnce passes writes on to w, but for a message that ends with the
// interruption that ended ctx: Interruptible says it.
type saidOnce struct {
	ctx context.Context
	w   io.Writer
}

func (s *saidOnce) Write(p []byte) (int, error) {
	var i Interruption
	if errors.As(context.Cause(s.ctx), &i) && strings.HasSuffix(string(p), ": "+i.Error()+"\n") {
		return len(p), nil
	}
	return s.w.Write(p)
}
