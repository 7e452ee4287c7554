package serve

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

// streamsInitialize is a handshake-era initialize request's body.
const streamsInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// streamsServer serves s on a loopback listener through ServeHTTP (the
// connection cap and the shutdown included) until the returned stop.
func streamsServer(t *testing.T, s *Server) (url string, stop func()) {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	served := make(chan error, 1)
	go func() { served <- s.ServeHTTP(ctx, ln, false) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-served; err != nil {
			t.Log(err)
		}
	}
	t.Cleanup(stop)
	return "http://" + ln.Addr().String() + EndpointPath, stop
}

// streamsPost initializes a session through cl: the status and the
// session's id.
func streamsPost(t *testing.T, cl *http.Client, url string) (int, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(streamsInitialize))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := cl.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id")
}

// streamsGet opens the session's GET stream through cl: its status and,
// when open, its body, closed at the test's end.
func streamsGet(t *testing.T, cl *http.Client, url, sid string) (int, io.Reader) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := cl.Do(req)
	if err != nil {
		t.Fatalf("GET: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp.StatusCode, resp.Body
}

// streamsDelete ends the session through cl.
func streamsDelete(t *testing.T, cl *http.Client, url, sid string) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodDelete, url, nil)
	req.Header.Set("Mcp-Session-Id", sid)
	resp, err := cl.Do(req)
	if err != nil {
		t.Fatalf("DELETE: %v", err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// streamEnds reads what the stream sends next: EOF passes; anything else
// (a keep-alive, 15 s later) means the stream is still open. Ordering,
// not a clock.
func streamEnds(t *testing.T, body io.Reader, after string) {
	t.Helper()
	line, err := bufio.NewReader(body).ReadString('\n')
	if err == nil {
		t.Errorf("the GET stream is still open after %s: it sent %q (a keep-alive, 15 s later)", after, line)
	}
}

// TestHTTPGetStreamEndsWithDelete (attack pass 42k, row 2): a
// handshake-era session's GET stream waited only for its request's
// context, so after the DELETE that ended its session (its requests 404)
// it went on, a keep-alive every 15 s, for as long as the client kept the
// connection: a stream of no session, which no cap counted. The DELETE
// ends it now.
func TestHTTPGetStreamEndsWithDelete(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	c := startHTTP(t, s)
	status, sid := streamsPost(t, http.DefaultClient, c.url)
	if status != 200 || sid == "" {
		t.Fatalf("initialize: %d %s", status, sid)
	}
	status, body := streamsGet(t, http.DefaultClient, c.url, sid)
	if status != http.StatusOK {
		t.Fatalf("the GET stream: %d", status)
	}
	if status := streamsDelete(t, http.DefaultClient, c.url, sid); status != http.StatusNoContent {
		t.Fatalf("DELETE: %d", status)
	}
	c.sid = sid
	if status, _, _ := c.post("ping", map[string]any{"jsonrpc": "2.0", "id": 2, "method": "ping"}, map[string]string{"Mcp-Protocol-Version": "2025-06-18"}); status != http.StatusNotFound {
		t.Fatalf("a request of the deleted session: %d, want 404", status)
	}
	streamEnds(t, body, "its session's DELETE")
}

// TestHTTPGetStreamEndsWithShutdown (attack pass 42k, row 2): the server's
// shutdown ends every session and its GET stream; http.Server.Shutdown
// waits for no stream, so before, one went on after ServeHTTP returned.
func TestHTTPGetStreamEndsWithShutdown(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	url, stop := streamsServer(t, s)
	cl := &http.Client{Transport: &http.Transport{}}
	defer cl.CloseIdleConnections()
	status, sid := streamsPost(t, cl, url)
	if status != 200 || sid == "" {
		t.Fatalf("initialize: %d %s", status, sid)
	}
	status, body := streamsGet(t, cl, url, sid)
	if status != http.StatusOK {
		t.Fatalf("the GET stream: %d", status)
	}
	stop()
	streamEnds(t, body, "the server's shutdown")
}

// TestHTTPDeletedSessionsLeaveConnections (attack pass 42k, row 3): one
// local client (no token on loopback) looped initialize, GET, DELETE as
// many times as there are connections (--http-max-conns, 256); every
// stream stayed open, so every other HTTP client got 503 "too many open
// connections" for as long as that client liked, while it held no
// session. Each DELETE ends its stream now, and gives back its place.
func TestHTTPDeletedSessionsLeaveConnections(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	url, _ := streamsServer(t, s)
	attacker := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	defer attacker.CloseIdleConnections()
	max := s.opt.HTTPLimits.withDefaults().MaxConns
	for i := range max {
		status, sid := streamsPost(t, attacker, url)
		if status != 200 {
			t.Fatalf("stream %d: initialize %d %s", i, status, sid)
		}
		// Past maxServerListens, a stream's place must have come back
		// with its session's DELETE.
		if status, _ := streamsGet(t, attacker, url, sid); status != http.StatusOK {
			t.Fatalf("stream %d: GET %d, want 200: the deleted sessions' streams kept their places", i, status)
		}
		streamsDelete(t, attacker, url, sid)
	}
	attacker.CloseIdleConnections()
	honest := &http.Client{Transport: &http.Transport{}}
	defer honest.CloseIdleConnections()
	if status, _ := streamsPost(t, honest, url); status != 200 {
		t.Errorf("an honest client's initialize, after %d sessions opened a GET stream and were deleted: %d, want 200", max, status)
	}
}

// TestHTTPStreamsCappedBelowConnections (attack pass 42k, row 3): with
// row 2 fixed, 256 live sessions each holding a GET stream still held
// every one of --http-max-conns' connections, and every other HTTP
// client got 503. GET streams now share HTTP's maxServerListens (64)
// places with the subscriptions: past them a GET is 429 (and a
// subscription too), and the connections left serve honest clients.
func TestHTTPStreamsCappedBelowConnections(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	url, _ := streamsServer(t, s)
	attacker := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	defer attacker.CloseIdleConnections()
	max := s.opt.HTTPLimits.withDefaults().MaxConns
	open := 0
	for i := range max {
		status, sid := streamsPost(t, attacker, url)
		if status != 200 {
			t.Fatalf("stream %d: initialize %d %s", i, status, sid)
		}
		switch status, _ := streamsGet(t, attacker, url, sid); status {
		case http.StatusOK:
			open++
		case http.StatusTooManyRequests:
		default:
			t.Fatalf("stream %d: GET %d, want 200 or 429", i, status)
		}
	}
	if open != maxServerListens {
		t.Errorf("%d GET streams open at once, want HTTP's %d", open, maxServerListens)
	}
	if status, answer, ok := httpListen41d(t, url, "one-more"); ok || status != http.StatusTooManyRequests {
		t.Errorf("a subscription with %d GET streams open: %d %s, want 429 (one pool of streams)", open, status, answer)
	}
	attacker.CloseIdleConnections()
	honest := &http.Client{Transport: &http.Transport{}}
	defer honest.CloseIdleConnections()
	if status, _ := streamsPost(t, honest, url); status != 200 {
		t.Errorf("an honest client's initialize, with %d sessions that tried a GET stream each: %d, want 200", max, status)
	}
}

// TestHTTPStreamsCapScalesWithConns (attack pass 42k, row 3): with
// --http-max-conns under 256, 64 streams could still hold every
// connection; HTTP's streams are then a quarter of the connections.
func TestHTTPStreamsCapScalesWithConns(t *testing.T) {
	s, _ := unloadedServer(t, Options{HTTPLimits: HTTPLimits{MaxConns: 8}})
	url, _ := streamsServer(t, s)
	attacker := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	defer attacker.CloseIdleConnections()
	open := 0
	for i := range 8 {
		status, sid := streamsPost(t, attacker, url)
		if status != 200 {
			t.Fatalf("stream %d: initialize %d %s", i, status, sid)
		}
		if status, _ := streamsGet(t, attacker, url, sid); status == http.StatusOK {
			open++
		}
	}
	if open != 2 {
		t.Errorf("%d GET streams open with 8 connections, want 2 (a quarter)", open)
	}
	attacker.CloseIdleConnections()
	honest := &http.Client{Transport: &http.Transport{}}
	defer honest.CloseIdleConnections()
	if status, _ := streamsPost(t, honest, url); status != 200 {
		t.Errorf("an honest client's initialize with 8 connections: %d, want 200", status)
	}
}
