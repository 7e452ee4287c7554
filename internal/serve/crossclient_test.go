package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestHTTPListensLeaveStdio (attack pass 41j, row 1): the cap of 64
// subscriptions (attack pass 41d) was one pool for every transport, so one
// unauthenticated local HTTP client that opened 64 subscriptions/listen
// streams left the agent that started serve on stdio unable to open its one
// subscription: under --watch it never heard the tool list changed. The
// cap is HTTP's alone now; a stdio connection keeps its own 16.
func TestHTTPListensLeaveStdio(t *testing.T) {
	s, _ := unloadedServer(t, Options{Name: "pkg", MaxConcurrent: 1})
	s.SetWatching(true)
	h := startHTTP(t, s)
	for i := range maxServerListens {
		if status, answer, ok := httpListen41d(t, h.url, i); !ok {
			t.Fatalf("HTTP listen %d: %d %s", i, status, answer)
		}
	}
	if status, answer, ok := httpListen41d(t, h.url, "one-more"); ok || status != http.StatusTooManyRequests {
		t.Errorf("HTTP listen past HTTP's %d: %d %s, want 429", maxServerListens, status, answer)
	}
	c := startClient(t, s, true)
	c.write(map[string]any{"jsonrpc": "2.0", "id": "sub", "method": "subscriptions/listen",
		"params": map[string]any{"_meta": meta(), "notifications": map[string]any{"toolsListChanged": true}}})
	line, ok := c.next(answerBackstop)
	if !ok {
		t.Fatal("no answer to the stdio subscription")
	}
	if !bytes.Contains(line, []byte("notifications/subscriptions/acknowledged")) {
		t.Errorf("with %d subscriptions held by one HTTP client, the stdio client's one subscription is refused: %s", maxServerListens, line)
	}
}

// postListCursor POSTs a modern tools/list with a cursor of pad bytes and
// reports its answer on done (never, while it waits).
func postListCursor(ctx context.Context, url string, pad int, done chan<- string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list",
		"params": map[string]any{"_meta": meta(), "cursor": strings.Repeat("a", pad)}})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return
		}
		answer, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		done <- resp.Status + " " + string(answer)
	}()
}

// TestHTTPListsLeaveStdioReader (attack pass 41j, row 2): the one waiting
// budget (32 MiB) was shared by stdio and HTTP, and a tools/list sent while
// the package loads holds its charge until the package answers it. Two HTTP
// tools/list of 16 MiB from an unauthenticated local client filled it; the
// stdio client's own tools/list then stopped the stdio reader, so its next
// request (server/discover, a ping, a notifications/cancelled) was not
// read. HTTP has a budget of its own now: full, it refuses the next HTTP
// list (503), and the stdio reader never waits for it.
func TestHTTPListsLeaveStdioReader(t *testing.T) {
	s, _ := unloadedServer(t, Options{Name: "pkg", ListWait: time.Hour})
	settled := make(chan struct{}, 8)
	s.httpWaits = func() { settled <- struct{}{} }
	h := startHTTP(t, s)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	answered := make(chan string, 8)
	for range 2 {
		postListCursor(ctx, h.url, maxMessage-4096, answered)
	}
	for range 2 {
		select {
		case <-settled:
		case r := <-answered:
			t.Fatalf("an HTTP list was answered: %.300s", r)
		}
	}
	postListCursor(ctx, h.url, maxMessage-4096, answered)
	if r := <-answered; !strings.HasPrefix(r, "503 ") {
		t.Errorf("a third HTTP list of 16 MiB while two wait: %.300s, want 503: HTTP's budget is not full", r)
	}
	waits := readerWaits(s)
	c := startClient(t, s, true)
	t.Cleanup(func() { s.Fail(errors.New("the test ends")) }) // before c.close: answers the stdio list
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // written beside, as a stopped reader would not take them
		defer wg.Done()
		c.send("tools/list", nil)
		c.send("server/discover", nil)
	}()
	for answered := false; !answered; {
		select {
		case <-waits:
			t.Fatal("the stdio reader stopped for a waiting budget the HTTP client holds: the stdio client's server/discover is not read")
		case line, ok := <-c.lines:
			if !ok {
				t.Fatal("ServeStdio ended")
			}
			answered = bytes.Contains(line, []byte(`"id":"req-2"`))
		case <-time.After(answerBackstop): // a guard against the freeze, not a measure
			t.Fatal("the stdio client's server/discover is not answered")
		}
	}
	wg.Wait()
}

// TestStdioReaderWaitEndsWithStdin (attack pass 41j, row 2): closing stdin
// did not end ServeStdio while its reader waited for room the HTTP client
// held. The reader now waits only for room its own client's waiting lines
// hold, which they give back as they are answered: closing stdin ends
// ServeStdio once the lines already read are answered, as at any end of
// input. A check: it held before too, when stdio's own lines filled it.
func TestStdioReaderWaitEndsWithStdin(t *testing.T) {
	s, _ := unloadedServer(t, Options{Name: "pkg", ListWait: time.Hour, MaxConcurrent: 1})
	waits := readerWaits(s)
	in, stdin := io.Pipe()
	t.Cleanup(func() { stdin.CloseWithError(errors.New("the test ends")) })
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(t.Context(), in, io.Discard) }()
	// One list takes the one place; two of 16 MiB fill the budget waiting
	// for it; the fourth stops the reader.
	go func() {
		for i := range 4 {
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "tools/list",
				"params": map[string]any{"_meta": meta(), "cursor": strings.Repeat("a", maxMessage-4096)}})
			if _, err := stdin.Write(append(b, '\n')); err != nil {
				return
			}
		}
	}()
	<-waits
	_ = stdin.Close()
	s.Fail(errors.New("the package does not load")) // the lists are answered
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeStdio: %v", err)
		}
	case <-time.After(answerBackstop): // a guard against the hang, not a measure
		t.Fatal("ServeStdio did not return after stdin closed while its reader waited for room")
	}
}

// TestHTTPSessionsFloodEvictsIdle (attack pass 41j, row 3): 256 initialize
// POSTs (no token on loopback) took every handshake-era session, and none
// was idle for the 10 minutes a session had to be before it made way, so
// an honest client's initialize got 503 for ten minutes, renewable by one
// request per session per 10 minutes. The least recently used idle session
// makes way now: the flood's first session is evicted (404: initialize
// again), and the honest client is served.
func TestHTTPSessionsFloodEvictsIdle(t *testing.T) {
	s, _ := unloadedServer(t, Options{Name: "pkg", MaxConcurrent: 1})
	h := startHTTP(t, s)
	init := map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "x", "version": "1"}}}
	var first string
	for i := range maxSessions {
		status, _, header := h.post("initialize", init, nil)
		if status != http.StatusOK {
			t.Fatalf("initialize %d: %d", i, status)
		}
		if i == 0 {
			first = header.Get("Mcp-Session-Id")
		}
	}
	honest := &httpClient{t: t, url: h.url}
	status, r, header := honest.post("initialize", init, nil)
	if status != http.StatusOK {
		t.Fatalf("an honest handshake-era client is refused after one client opened %d sessions: %d %s", maxSessions, status, r.Raw)
	}
	ping := map[string]any{"jsonrpc": "2.0", "id": 2, "method": "ping"}
	v := map[string]string{"Mcp-Protocol-Version": "2025-11-25"}
	honest.sid = header.Get("Mcp-Session-Id")
	if status, r, _ := honest.post("ping", ping, v); status != http.StatusOK || r.Error != nil {
		t.Errorf("the honest client's session: %d %s", status, r.Raw)
	}
	flood := &httpClient{t: t, url: h.url, sid: first}
	if status, r, _ := flood.post("ping", ping, v); status != http.StatusNotFound {
		t.Errorf("the least recently used idle session was not the one evicted: %d %s", status, r.Raw)
	}
}
