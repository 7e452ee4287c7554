//go:build unix

package gocheck_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild/stuckgo"
)

// TestAnalyzeInterrupted (attack pass 40m, row 1): the load ran go list
// with no context, so a go command blocked for ever (on a FIFO named
// zz.go, in the attack) kept check, schema, generate and serve waiting
// whatever signal they got. input.GoSources now refuses such a file
// before the load; one it cannot see (made since, or in an imported
// package's directory) is ended by the command's context, which a signal
// cancels: go/packages interrupts the go command's process group, then
// kills it. Here the go command is a stand-in that says it started and
// then waits, deaf to SIGINT and SIGTERM, as one blocked opening a FIFO
// does: cancelled, Analyze returns the cancellation's cause, and the
// stand-in is gone.
func TestAnalyzeInterrupted(t *testing.T) {
	started := filepath.Join(t.TempDir(), "started")
	if err := syscall.Mkfifo(started, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	stand := stuckgo.Install(t, started)

	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	done := make(chan error, 1)
	go func() {
		_, err := gocheck.Analyze(ctx, "../../../examples/hello")
		done <- err
	}()
	// The stand-in has started when it says so: the FIFO's write end
	// opens only once this read end does.
	pids := stand.Wait()
	stop := errors.New("interrupted by the test")
	cancel(stop)
	select {
	case err := <-done:
		if !errors.Is(err, stop) {
			t.Errorf("Analyze returned %v, want the cancellation's cause", err)
		}
	case <-time.After(60 * time.Second): // a guard against the hang, not a measure
		t.Fatal("Analyze still loading 60 s after its context was cancelled (the go command it started not ended)")
	}
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("the go command %d is still there after the load returned (kill 0: %v)", pid, err)
		}
	}
}

// TestAnalyzeBackstop (attack pass 40q, backstop of rows 1 and 2): a load
// whose go command blocks where input.GoSources cannot see (another
// module's directory, vendor/, a file made special since) waited for ever
// when nobody sent a signal (CI, serve --watch). It is given up at the go
// commands' wall-clock backstop (input.GoBackstop, set short here), its
// process group killed, with a *input.GoStalledError: not judged. The
// stand-in go waits, deaf to SIGINT and SIGTERM.
func TestAnalyzeBackstop(t *testing.T) {
	stand := stuckgo.Install(t, filepath.Join(t.TempDir(), "pids"))
	done := make(chan error, 1)
	go func() {
		_, err := gocheck.Analyze(input.WithGoBackstop(context.Background(), 200*time.Millisecond), "../../../examples/hello")
		done <- err
	}()
	select {
	case err := <-done:
		var stalled *input.GoStalledError
		if !errors.As(err, &stalled) || !strings.Contains(err.Error(), "this machine is too busy (or a go command is stuck), so it is not judged") {
			t.Errorf("Analyze returned %v, want a *input.GoStalledError", err)
		}
	case <-time.After(60 * time.Second): // a guard against the hang, not a measure
		t.Fatal("Analyze still loading 60 s after a backstop of 200 ms")
	}
	for _, pid := range stand.Pids() {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("the go command %d is still there after the load was given up (kill 0: %v)", pid, err)
		}
	}
}
