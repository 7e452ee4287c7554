//go:build unix

package cli

import (
	"context"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHangupAndQuitStop (attack pass 43b, row 1): the commands stopped on
// SIGINT and SIGTERM only; SIGHUP (the terminal closed) killed them by its
// default action, their volumes and a staged package left, and SIGQUIT
// (Ctrl-\) was Go's dump of every goroutine and exit 2, a usage error's
// code. Both now stop a command as SIGTERM does: its context ends, it
// returns through its cleanup, and the code is 128 plus the signal. The
// goroutines' stacks are written only when $GOTRACEBACK asks for them.
func TestHangupAndQuitStop(t *testing.T) {
	for _, c := range []struct {
		sig       syscall.Signal
		traceback string
		stacks    bool
	}{
		{syscall.SIGHUP, "", false},
		{syscall.SIGQUIT, "", false},
		{syscall.SIGQUIT, "single", false},
		{syscall.SIGQUIT, "all", true},
	} {
		t.Setenv("GOTRACEBACK", c.traceback)
		var stderr syncBuilder
		cleaned := false
		code := Interruptible("prog", ", cleaned up", &stderr, func(ctx context.Context, w io.Writer) int {
			defer func() { cleaned = true }()
			if err := syscall.Kill(syscall.Getpid(), c.sig); err != nil {
				t.Error(err)
			}
			select {
			case <-ctx.Done():
			case <-time.After(60 * time.Second): // a guard, not a measure
				t.Error("the signal did not end the context")
			}
			return 0
		})
		name := Interruption{c.sig}.Error()
		out := stderr.String()
		if code != 128+int(c.sig) || !cleaned || !strings.Contains(out, "prog: "+name+": stopped, cleaned up") {
			t.Errorf("%s (GOTRACEBACK=%q): exit %d, cleaned %v, stderr:\n%s\nwant %d, cleaned, a line saying so", name, c.traceback, code, cleaned, out, 128+int(c.sig))
		}
		if got := strings.Contains(out, "goroutine "); got != c.stacks {
			t.Errorf("%s (GOTRACEBACK=%q): stacks written %v, want %v:\n%.300s", name, c.traceback, got, c.stacks, out)
		}
	}
}

func TestTracebackAll(t *testing.T) {
	for v, want := range map[string]bool{"": false, "none": false, "0": false, "single": false, "1": false, "all": true, "2": true, "system": true, "crash": true} {
		if got := tracebackAll(v); got != want {
			t.Errorf("tracebackAll(%q) = %v, want %v", v, got, want)
		}
	}
}
