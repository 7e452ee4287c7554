package serve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
)

// startLimited serves s on a loopback listener with ServeHTTP, the way
// serve --http does (connection cap, deadlines), until the test ends.
func startLimited(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.ServeHTTP(ctx, ln, false) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ServeHTTP: %v", err)
		}
	})
	return ln.Addr().String()
}

// discoverBody is a modern server/discover request.
const discoverBody = `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`

// postRaw posts body to addr on a new connection and returns the status
// and the answer.
func postRaw(t *testing.T, addr, contentType, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+EndpointPath, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "server/discover")
	req.Close = true
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// dial opens n connections that each send what start says and then stall.
func dial(t *testing.T, addr string, n int, start func(i int) string) []net.Conn {
	t.Helper()
	conns := make([]net.Conn, 0, n)
	t.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	for i := range n {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(c, start(i)); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	return conns
}

// open counts the connections the server has not closed: a read that
// finds the end of the stream (or a reset) means closed.
func open(conns []net.Conn) int {
	n := 0
	for _, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(time.Millisecond))
		var b [1]byte
		_, err := c.Read(b[:])
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			n++
		}
	}
	return n
}

// TestHTTPSlowloris: 100 connections that send half their headers, and
// 100 that send headers and the start of a large body and then stall, do
// not keep a normal client from its answer, which comes while they are all
// still open (so it waited for no deadline of theirs); the stalled large
// bodies hold at most LargeBodies slots.
func TestHTTPSlowloris(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	addr := startLimited(t, s)
	heads := dial(t, addr, 100, func(int) string { return "POST /mcp HTTP/1.1\r\nHost: x\r\nX-Slow: " })
	bodies := dial(t, addr, 100, func(int) string {
		return fmt.Sprintf("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", 15<<20, strings.Repeat(" ", smallBody+1))
	})
	for range 3 {
		start := time.Now()
		if status, answer := postRaw(t, addr, "application/json", discoverBody); status != 200 || !strings.Contains(answer, `"supportedVersions"`) {
			t.Fatalf("a normal client: %d %s", status, answer)
		}
		t.Logf("a normal client answered in %v", time.Since(start)) // a measure, not a verdict
	}
	if n := open(heads) + open(bodies); n != 200 {
		t.Errorf("%d of the 200 stalled connections are open: the normal client's answer came after some deadline", n)
	}
}

// TestHTTPConnCap: at the connection cap, a new client takes the place of
// the oldest connection doing nothing; when every one is busy (reading a
// body) a new one is refused with 503 at once, not left hanging.
func TestHTTPConnCap(t *testing.T) {
	limits := HTTPLimits{MaxConns: 8, LargeBodies: 2}
	t.Run("idle", func(t *testing.T) {
		s, _ := newServer(t, hello(t), Options{HTTPLimits: limits})
		addr := startLimited(t, s)
		slow := dial(t, addr, 20, func(int) string { return "POST /mcp HTTP/1.1\r\nHost: x\r\n" })
		if status, answer := postRaw(t, addr, "application/json", discoverBody); status != 200 {
			t.Fatalf("at the cap, behind idle connections: %d %s", status, answer)
		}
		if n := open(slow); n > 8 {
			t.Errorf("%d stalled connections open, over the cap of 8", n)
		}
	})
	t.Run("busy", func(t *testing.T) {
		s, log := newServer(t, hello(t), Options{HTTPLimits: limits})
		active := make(chan struct{}, 64)
		s.onConnState = func(st http.ConnState) {
			if st == http.StateActive {
				active <- struct{}{}
			}
		}
		addr := startLimited(t, s)
		dial(t, addr, 8, func(int) string {
			return "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
		})
		for range 8 {
			<-active // the server has the headers and reads the body
		}
		if status, answer := postRaw(t, addr, "application/json", discoverBody); status != http.StatusServiceUnavailable {
			t.Errorf("over the cap, all busy: %d %s", status, answer)
		}
		if !strings.Contains(log.String(), "8 connections are busy: refused one") {
			t.Errorf("the refusal is not in the log")
		}
	})
}

// TestHTTPBodyTimeout: a body that stops arriving is answered 408 at its
// deadline and its connection closed.
func TestHTTPBodyTimeout(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{HTTPLimits: HTTPLimits{BodyTimeout: 200 * time.Millisecond}})
	addr := startLimited(t, s)
	c := dial(t, addr, 1, func(int) string {
		return "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":"
	})[0]
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || !bytes.Contains(b, []byte("did not arrive in time")) {
		t.Errorf("a stalled body: %d %s", resp.StatusCode, b)
	}
}

// TestHTTPContentType: the media type must be application/json exactly,
// parameters aside.
func TestHTTPContentType(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	addr := startLimited(t, s)
	for ct, want := range map[string]int{
		"application/json": 200, "application/json; charset=utf-8": 200, "Application/JSON": 200,
		"application/jsonx": 415, "application/json-seq": 415, "application/jsonl; x=1": 415, "text/json": 415, "": 415, "application/json;;": 415,
	} {
		if status, answer := postRaw(t, addr, ct, discoverBody); status != want {
			t.Errorf("Content-Type %q: %d, want %d (%s)", ct, status, want, answer)
		}
	}
}

// TestDuplicateKeys: a message with a key twice, at a level serve reads,
// is refused on both transports; in the arguments it is the module's.
func TestDuplicateKeys(t *testing.T) {
	for _, c := range []struct {
		msg string
		ok  bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call"}`, false},
		{`{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/list"}`, false},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","name":"b"}}`, false},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"k":1,"k":2}}}`, false},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{"x":1,"x":2}}}`, true},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"a":{"b":1},"c":[{"d":1}]}}`, true},
	} {
		_, perr := parseMessage([]byte(c.msg))
		if (perr == nil) != c.ok || (perr != nil && (perr.Code != abi.CodeInvalidRequest || !strings.Contains(perr.Message, "is written twice"))) {
			t.Errorf("%s: %v", c.msg, perr)
		}
	}
	s, _ := newServer(t, hello(t), Options{})
	addr := startLimited(t, s)
	dup := strings.Replace(discoverBody, `"method":"server/discover"`, `"method":"server/discover","method":"tools/list"`, 1)
	if status, answer := postRaw(t, addr, "application/json", dup); status != 400 || !strings.Contains(answer, `the key \"method\" is written twice`) {
		t.Errorf("two methods over HTTP: %d %s", status, answer)
	}
}

// TestHTTPSessionsNotEvicted: a client opening sessions up to the cap and
// beyond evicts no session in use (a request in flight, a GET stream
// open): the least recently used idle one makes way (attack pass 41j, row
// 3), and when every session is busy, initialize is refused.
func TestHTTPSessionsNotEvicted(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	hs := s.newHTTPServer(false)
	srv := httptest.NewServer(hs.mux())
	defer srv.Close()
	c := &httpClient{t: t, url: srv.URL + EndpointPath}
	initialize := map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "1"}}}
	_, _, header := c.post("initialize", initialize, nil)
	streaming := header.Get("Mcp-Session-Id")
	_, _, header = c.post("initialize", initialize, nil)
	idle := header.Get("Mcp-Session-Id")
	for i := 2; i < maxSessions; i++ {
		if status, r, _ := c.post("initialize", initialize, nil); status != 200 {
			t.Fatalf("session %d: %d %s", i, status, r.Raw)
		}
	}
	// The oldest session has its GET stream open: busy, it stays.
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, c.url, nil)
	req.Header.Set("Mcp-Session-Id", streaming)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the GET stream: %v %v", err, resp)
	}
	defer resp.Body.Close()
	if status, r, _ := c.post("initialize", initialize, nil); status != 200 {
		t.Fatalf("over the cap, with idle sessions: %d %s", status, r.Raw)
	}
	h := map[string]string{"Mcp-Protocol-Version": "2025-06-18"}
	ping := map[string]any{"jsonrpc": "2.0", "id": 2, "method": "ping"}
	c.sid = streaming
	if status, r, _ := c.post("ping", ping, h); status != 200 || r.Error != nil {
		t.Errorf("the session with its stream open was evicted: %d %s", status, r.Raw)
	}
	c.sid = idle
	if status, _, _ := c.post("ping", ping, h); status != 404 {
		t.Errorf("the least recently used idle session was not the one evicted: %d", status)
	}
	// Every session busy (a request in flight): initialize is refused.
	hs.mu.Lock()
	var dones []func()
	for _, se := range hs.sessions {
		if se.id != streaming {
			dones = append(dones, se.use())
		}
	}
	hs.mu.Unlock()
	c.sid = ""
	for range 3 {
		if status, r, _ := c.post("initialize", initialize, nil); status != http.StatusServiceUnavailable || r.Error == nil {
			t.Fatalf("with every session busy: %d %s", status, r.Raw)
		}
	}
	for _, done := range dones {
		done()
	}
	if status, r, _ := c.post("initialize", initialize, nil); status != 200 {
		t.Errorf("once sessions are idle again: %d %s", status, r.Raw)
	}
}

// TestHTTPHeaderBytes: a request whose headers pass maxHeaderBytes is
// refused (431) before it is served; net/http's default let each
// connection send 1 MiB of headers, on a public server before the token
// was checked.
func TestHTTPHeaderBytes(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	addr := startLimited(t, s)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+EndpointPath, strings.NewReader(discoverBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Padding", strings.Repeat("a", 2*maxHeaderBytes))
	req.Close = true
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("headers of %d KiB: %d, want 431", 2*maxHeaderBytes>>10, resp.StatusCode)
	}
	if status, answer := postRaw(t, addr, "application/json", discoverBody); status != 200 {
		t.Errorf("a normal client: %d %s", status, answer)
	}
}
