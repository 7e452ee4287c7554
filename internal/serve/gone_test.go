package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"syscall"
	"testing"
	"time"
)

// brokenPipe is the stdout of a client that has gone: every write fails
// as a closed pipe's does once SIGPIPE is ignored (EPIPE).
type brokenPipe struct {
	mu     sync.Mutex
	writes int
}

func (b *brokenPipe) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.writes++
	return 0, syscall.EPIPE
}

// failed is how many writes have failed.
func (b *brokenPipe) failed() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.writes
}

// TestCallsStopForGoneClient (attack pass 39c, row 24):
// subakogo now ignores SIGPIPE, so a write to a client that has closed
// its end fails with EPIPE, and lineWriter drops the error: serve goes on
// running every call it has read, each answered into the closed pipe,
// until the input ends. A client that stalls serve's stdout until 32 MiB
// of short calls wait (about 170,000 of 190 bytes) and then crashes
// leaves serve running them all, about an hour of CPU at 21 ms a call
// (measured end to end: 300 calls queued, then both pipes closed: serve
// ran all 300, 8.6 s, before exiting 0). Here 40 calls over stdio whose
// stdout fails every write: once the first answer could not be written,
// no more than the calls already running should run.
func TestCallsStopForGoneClient(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	const calls = 40
	var in bytes.Buffer
	for i := range calls {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "tools/call",
			"params": map[string]any{"name": "ok", "_meta": meta()}})
		in.Write(append(req, '\n'))
	}
	out := &brokenPipe{}
	if err := s.ServeStdio(context.Background(), &in, out); err != nil {
		t.Logf("ServeStdio: %v", err)
	}
	if out.writes > 2 {
		t.Errorf("serve's stdout failed with EPIPE from its first answer, yet it ran and answered %d of %d calls into it: a client that has gone leaves serve running what it sent", out.writes, calls)
	}
}

// TestGoneClientWithStdinOpen (attack pass 40m, row 3): a client whose
// stdout is gone (EPIPE) but whose stdin stays open (it closed its read
// end only, or a process that lives on inherited its stdin). The failed
// write is a call's, in the call's goroutine: it cancelled the session
// while the reader stayed blocked on stdin, so ServeStdio, and serve,
// documented to exit 0, waited for an input that never ends. The reader
// now reads in a goroutine of its own, and the session ends with its
// context.
func TestGoneClientWithStdinOpen(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	in, client := io.Pipe()
	defer client.Close()
	out := &brokenPipe{}
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(context.Background(), in, out) }()
	if _, err := client.Write(requestLines(1, "tools/call", map[string]any{"name": "ok", "_meta": meta()})); err != nil {
		t.Fatal(err)
	}
	// A guard, not a measure: the call's answer fails within a second.
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeStdio: %v, want nil for a client that has gone", err)
		}
	case <-time.After(time.Minute):
		t.Errorf("serve's stdout failed with EPIPE (%d failed writes), yet ServeStdio still waits on stdin a minute later", out.failed())
	}
}
