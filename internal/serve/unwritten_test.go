package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
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

// pipeListener serves connections that are in-memory pipes. A pipe has
// no buffer, so a client that does not read holds the server's write as
// a full socket does, with no megabytes to send first.
type pipeListener struct {
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error   { l.once.Do(func() { close(l.done) }); return nil }
func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

// dial is the client's end of a new connection.
func (l *pipeListener) dial() net.Conn {
	server, client := net.Pipe()
	l.conns <- server
	return client
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

// modernCallRequest is the HTTP request of a 2026-07-28 tools/call.
func modernCallRequest(t *testing.T, url, tool string) *http.Request {
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": tool, "_meta": meta()}})
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json",
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": tool} {
		req.Header.Set(k, v)
	}
	return req
}

// TestHTTPLinesWaitingBounded: HTTP calls share the server's places, so
// a client that does not read its answer holds one until the write
// deadline takes its connection away, and the next call waits for it.
// With --max-concurrent 1, a second client's call runs only once the
// first, unread, answer has been given up: the first client then reads
// nothing. Before, the first answer waited unbounded, holding no place,
// and the second call ran beside it.
func TestHTTPLinesWaitingBounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1, HTTPLimits: HTTPLimits{WriteTimeout: 50 * time.Millisecond}})
	started := make(chan struct{}, 2)
	s.slotTaken = func(int) { started <- struct{}{} }
	ln := newPipeListener()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.ServeHTTP(ctx, ln, false) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()

	stalled := ln.dial()
	defer stalled.Close()
	if err := modernCallRequest(t, "http://pipe"+EndpointPath, "ok").Write(stalled); err != nil {
		t.Fatal(err)
	}
	<-started // the stalled client's call holds its place and runs

	client := &http.Client{Transport: &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) {
		return ln.dial(), nil
	}}}
	resp, err := client.Do(modernCallRequest(t, "http://pipe"+EndpointPath, "ok"))
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(answer, []byte("fine")) {
		t.Fatalf("the reading client: %d %s", resp.StatusCode, answer)
	}
	if got, _ := io.ReadAll(stalled); len(got) > 0 {
		t.Errorf("the stalled client's answer was still waiting when the next call ran (%d bytes): lines wait beyond --max-concurrent", len(got))
	}
}
