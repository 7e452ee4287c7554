package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"syscall"
	"testing"
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
