//go:build unix

package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
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
