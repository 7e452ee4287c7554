package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"testing"
)

// placesWatcher is serve's stdout in a test: when the first answer is
// written, it records how many places of the stdio connection's
// unwritten bound are held, and how many call slots.
type placesWatcher struct {
	s             *Server
	mu            sync.Mutex
	places, slots int
	seen          bool
	answered      chan struct{}
}

func (w *placesWatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.seen && bytes.Contains(p, []byte(`"result"`)) {
		w.seen, w.slots = true, len(w.s.slots)
		w.s.mu.Lock()
		for c := range w.s.conns {
			if c.transport == "stdio" {
				w.places = len(c.unwritten)
			}
		}
		w.s.mu.Unlock()
		close(w.answered)
	}
	return len(p), nil
}

// TestStdioLinesWaitingBounded: a stdio call holds a place from before it
// runs until its line is written, one of as many as serve has call slots,
// so a client that reads its stdout slowly holds at most --max-concurrent
// built lines: attack pass 38b sent sixteen calls of 28 MiB answers with
// stdout unread and serve held 437 MiB of lines at --max-concurrent 4.
// While the first answer is written, its call still holds its place, so
// the second call, sent with it, has not run.
func TestStdioLinesWaitingBounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	w := &placesWatcher{s: s, answered: make(chan struct{})}
	in, stdin := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(context.Background(), in, w) }()
	for _, id := range []string{"a", "b"} {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": "ok", "_meta": meta()}})
		if _, err := stdin.Write(append(req, '\n')); err != nil {
			t.Fatal(err)
		}
	}
	<-w.answered
	stdin.Close()
	if err := <-done; err != nil {
		t.Error(err)
	}
	if w.places != 1 {
		t.Errorf("while the first line was written, %d places of 1 were held: lines may wait beyond --max-concurrent", w.places)
	}
}
