package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/subako-ai/subako-go/internal/supervise"
)

// Interruptible runs a command, named prog in its message, with a context
// that SIGINT (Ctrl-C), SIGTERM (timeout, a CI runner), SIGHUP (the
// terminal closed) or SIGQUIT (Ctrl-\) cancels (supervise.StopSignals):
// the work in progress stops (a go command the command started is ended
// with it, its process group killed) and the command returns through its
// deferred cleanup. It returns the command's exit code or, when a signal
// interrupted it, 128 and the signal's number, as a shell reports a
// command a signal ended (130 for SIGINT, 143 for SIGTERM, 129 for
// SIGHUP, 131 for SIGQUIT), after a line
// "PROG: interrupted by SIGTERM: stopped" and done (what was cleaned up,
// or ""). Later signals are ignored until it returns, not taken as a
// request to die at once: Ctrl-C reaches the child both from the terminal
// (its process group) and from the supervisor that forwards it, and so
// does `timeout`'s signal (internal/supervise). The interruption is said
// once: run writes its messages to the stderr it is given, which, once a
// signal came, drops an error that only ends with the interruption
// ("PROG: go build: interrupted by SIGTERM").
//
// A command that has not returned InterruptGrace after the signal (a read
// the kernel does not end: a hung network or FUSE file system under a
// package's files) is ended then, with the same code and a line that says
// its cleanup was not done (attack pass 42g, row 1).
func Interruptible(prog, done string, stderr io.Writer, run func(ctx context.Context, stderr io.Writer) int) int {
	ctx, stop := NotifyContext(context.Background(), prog, stderr)
	code := run(ctx, &saidOnce{ctx: ctx, w: stderr})
	stop()
	var i Interruption
	if errors.As(context.Cause(ctx), &i) {
		fmt.Fprintf(stderr, "%s: %v: stopped%s\n", prog, i, done)
		return 128 + int(i.Signal)
	}
	return code
}

// NotifyContext is a context of parent that one of supervise.StopSignals
// (SIGINT, SIGTERM, SIGHUP, SIGQUIT) cancels, its cause the Interruption,
// for a command that says itself how it stopped (serve); stop releases it
// once the command returns. Later signals are ignored until then. A
// command that has not called stop InterruptGrace after the signal is
// ended then, with 128 plus the signal's number and a line saying it did
// not stop. SIGQUIT, whose Go default is a dump of every goroutine and
// exit 2 (a usage error's code) with nothing cleaned up, stops the command
// as the others do; when $GOTRACEBACK asks for more than the one
// goroutine (all, system, crash), every goroutine's stack is written to
// stderr first, as Go would, to see where a command hangs.
func NotifyContext(parent context.Context, prog string, stderr io.Writer) (ctx context.Context, stop func()) {
	grace, exit := InterruptGrace, exit
	ctx, cancel := context.WithCancelCause(parent)
	signals := make(chan os.Signal, 1)
	supervise.NotifyStops(signals)
	returned := make(chan struct{})
	go func() {
		select {
		case s := <-signals:
			i := Interruption{s.(syscall.Signal)}
			if i.Signal == syscall.SIGQUIT && tracebackAll(os.Getenv("GOTRACEBACK")) {
				fmt.Fprintf(stderr, "%s: %v: the goroutines' stacks ($GOTRACEBACK):\n%s\n", prog, i, allStacks())
			}
			cancel(i)
			t := time.NewTimer(grace)
			defer t.Stop()
			select {
			case <-returned:
			case <-t.C:
				fmt.Fprintf(stderr, "%s: %v: still not stopped %v after it (a read the system does not end?); exiting without cleaning up\n", prog, i, grace)
				exit(128 + int(i.Signal))
			}
		case <-returned:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			supervise.StopStops(signals)
			close(returned)
			cancel(nil) // no cause but a signal's is kept
		})
	}
}

// InterruptGrace is supervise.InterruptGrace, a variable for tests.
var InterruptGrace = supervise.InterruptGrace

// exit ends the process; tests take its place.
var exit = os.Exit

// Interruption is the cause of a command's context a signal ended.
type Interruption struct{ Signal syscall.Signal }

func (i Interruption) Error() string {
	return "interrupted by " + supervise.SignalName(i.Signal)
}

// tracebackAll reports whether a $GOTRACEBACK of v asks for every
// goroutine's stack on a crash (all, system, crash, wer, or a level of 2
// or more), which Go's own SIGQUIT dump shows: Go's default (single) and
// none do not.
func tracebackAll(v string) bool {
	switch v {
	case "all", "system", "crash", "wer":
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n >= 2
}

// allStacks is every goroutine's stack, as runtime.Stack writes it.
func allStacks() []byte {
	for n := 1 << 16; ; n *= 2 {
		buf := make([]byte, n)
		if m := runtime.Stack(buf, true); m < n || n >= 64<<20 {
			return buf[:m]
		}
	}
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
