//go:build unix

package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestInterruptedSaidOnce (attack pass 40q, row 5): an interrupted load
// printed "PROG: done in 8.4 s" and then "interrupted by SIGTERM" twice,
// as the load's error and as Interruptible's line. The interruption is
// said once, and a step it ended is not said to be done. The signal is
// sent to this process while Interruptible listens for it.
func TestInterruptedSaidOnce(t *testing.T) {
	var stderr strings.Builder
	code := Interruptible("prog", "", &stderr, func(ctx context.Context, w io.Writer) int {
		Slow(ctx, w, "prog", 0, "loading x", func() {
			if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
				t.Error(err)
			}
			select {
			case <-ctx.Done():
			case <-time.After(60 * time.Second): // a guard, not a measure
				t.Error("the signal did not end the context")
			}
		})
		fmt.Fprintf(w, "prog: the load: %v\n", context.Cause(ctx))
		fmt.Fprintf(w, "prog: something else\n")
		return 1
	})
	got := stderr.String()
	if code != 130 || strings.Count(got, "interrupted by SIGINT") != 1 || strings.Contains(got, "done in") || !strings.Contains(got, "something else") {
		t.Errorf("exit %d, stderr:\n%s\nwant 130, the interruption said once, no \"done in\", other messages kept", code, got)
	}
}

// TestInterruptGrace (attack pass 42g, row 1): a command whose work does
// not end with its context (a read of a hung file system) is ended
// InterruptGrace after the signal, with 128 plus the signal's number and
// a line saying so, instead of outliving SIGTERM until SIGKILL. The exit
// is this test's hook, which also lets the stuck work go.
func TestInterruptGrace(t *testing.T) {
	stuck := make(chan struct{})
	exited := make(chan int, 1)
	exit, InterruptGrace = func(code int) { exited <- code; close(stuck) }, time.Millisecond
	t.Cleanup(func() { exit, InterruptGrace = os.Exit, 10*time.Second })
	var stderr syncBuilder
	code := Interruptible("prog", "", &stderr, func(ctx context.Context, w io.Writer) int {
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
			t.Error(err)
		}
		<-stuck // ignores ctx, as a read the kernel does not end
		return 0
	})
	if got := <-exited; got != 143 {
		t.Errorf("exited %d, want 143", got)
	}
	if out := stderr.String(); code != 143 || !strings.Contains(out, "prog: interrupted by SIGTERM: still not stopped 1ms after it") {
		t.Errorf("returned %d, stderr:\n%s", code, out)
	}
}

// syncBuilder is a strings.Builder two goroutines write.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
