package serve

import (
	"context"
	"errors"
	"io"
	"syscall"
	"testing"
	"time"
)

// failingOut is a stdout whose every write fails with err.
type failingOut struct{ err error }

func (f failingOut) Write([]byte) (int, error) { return 0, f.err }

// TestStdoutFullIsAnError (attack pass 43b, row 2): a stdout that fails
// for a full disk (ENOSPC) ended the session as a client that has gone
// does (EPIPE), ServeStdio returned nil, and serve said "stdin ended
// while the package is loading" and exited 0, its answers lost. Now the
// session still ends, and ServeStdio returns an *OutputError saying why;
// a client that has gone is still no error. stdin stays open: the write's
// failure alone ends the session.
func TestStdoutFullIsAnError(t *testing.T) {
	for _, c := range []struct {
		err  error
		lost bool
	}{
		{syscall.ENOSPC, true},
		{syscall.EIO, true},
		{syscall.EPIPE, false},
	} {
		s, _ := unloadedServer(t, Options{})
		in, client := io.Pipe()
		done := make(chan error, 1)
		go func() { done <- s.ServeStdio(context.Background(), in, failingOut{c.err}) }()
		if _, err := client.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")); err != nil {
			t.Fatal(err)
		}
		var err error
		select {
		case err = <-done:
		case <-time.After(time.Minute): // only ends a test that would hang
			t.Fatalf("%v: ServeStdio still serving a minute after its answer could not be written", c.err)
		}
		client.Close()
		var lost *OutputError
		if errors.As(err, &lost) != c.lost || c.lost && !errors.Is(err, c.err) || !c.lost && err != nil {
			t.Errorf("stdout failing with %v: ServeStdio returned %v; want an *OutputError: %v", c.err, err, c.lost)
		}
	}
}
