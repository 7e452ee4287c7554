package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// httpClient posts MCP messages to a test server and checks each JSON
// answer against the schema.
type httpClient struct {
	t   *testing.T
	url string
	sid string // the handshake-era session, once initialize gave one
}

func startHTTP(t *testing.T, s *Server) *httpClient {
	srv := httptest.NewServer(s.Handler(false))
	t.Cleanup(srv.Close)
	return &httpClient{t: t, url: srv.URL + EndpointPath}
}

// post sends body with headers and returns the status, the decoded answer
// (when JSON) and the response.
func (c *httpClient) post(method string, body map[string]any, headers map[string]string) (int, response, http.Header) {
	c.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if c.sid != "" {
		req.Header.Set("Mcp-Session-Id", c.sid)
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var r response
	if len(bytes.TrimSpace(raw)) > 0 {
		if err := json.Unmarshal(raw, &r); err != nil {
			c.t.Fatalf("%s: answer %q is not JSON: %v", method, raw, err)
		}
		r.Raw = bytes.TrimSpace(raw)
		checkAnswer(c.t, method, r.Raw)
	}
	return resp.StatusCode, r, resp.Header
}

// modern sends a 2026-07-28 request with the headers the transport wants.
func (c *httpClient) modern(method string, params map[string]any, headers map[string]string) (int, response) {
	c.t.Helper()
	if params == nil {
		params = map[string]any{}
	}
	if params["_meta"] == nil {
		params["_meta"] = meta()
	}
	h := map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": method}
	if name, ok := params["name"].(string); ok {
		h["Mcp-Name"] = name
	}
	for k, v := range headers {
		h[k] = v
	}
	status, r, _ := c.post(method, map[string]any{"jsonrpc": "2.0", "id": 7, "method": method, "params": params}, h)
	return status, r
}

func TestHTTPModern(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	c := startHTTP(t, s)
	if status, r := c.modern("server/discover", nil, nil); status != 200 || !bytes.Contains(r.Result, []byte(`"supportedVersions":["2026-07-28"]`)) {
		t.Errorf("discover: %d %s", status, r.Raw)
	}
	if status, r := c.modern("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}}, nil); status != 200 ||
		!bytes.Contains(r.Result, []byte(`"structuredContent":{"message":"Hello, Ada!"}`)) {
		t.Errorf("call: %d %s", status, r.Raw)
	}
	for _, tc := range []struct {
		name    string
		method  string
		params  map[string]any
		headers map[string]string
		status  int
		code    int
	}{
		{"no version header", "tools/list", nil, map[string]string{"Mcp-Protocol-Version": ""}, 400, abi.CodeHeaderMismatch},
		{"other version header", "tools/list", nil, map[string]string{"Mcp-Protocol-Version": "2025-11-25"}, 400, abi.CodeHeaderMismatch},
		{"no method header", "tools/list", nil, map[string]string{"Mcp-Method": ""}, 400, abi.CodeHeaderMismatch},
		{"other method header", "tools/list", nil, map[string]string{"Mcp-Method": "tools/call"}, 400, abi.CodeHeaderMismatch},
		{"other name header", "tools/call", map[string]any{"name": "greet"}, map[string]string{"Mcp-Name": "other"}, 400, abi.CodeHeaderMismatch},
		{"unsupported version", "tools/list", map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "1900-01-01",
			"io.modelcontextprotocol/clientCapabilities": map[string]any{}}}, map[string]string{"Mcp-Protocol-Version": "1900-01-01"}, 400, abi.CodeUnsupportedProtocolVersion},
		{"no capabilities", "tools/list", map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}, nil, 400, abi.CodeInvalidParams},
		{"unknown method", "prompts/list", nil, nil, 404, abi.CodeMethodNotFound},
		{"unknown tool", "tools/call", map[string]any{"name": "nope"}, nil, 200, abi.CodeInvalidParams},
	} {
		status, r := c.modern(tc.method, tc.params, tc.headers)
		if status != tc.status || r.Error == nil || r.Error.Code != tc.code {
			t.Errorf("%s: %d %s", tc.name, status, r.Raw)
		}
	}
	// The base64 form of Mcp-Name is decoded before it is compared.
	if status, r := c.modern("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Bo"}},
		map[string]string{"Mcp-Name": "=?base64?Z3JlZXQ=?="}); status != 200 || r.Error != nil {
		t.Errorf("a base64 Mcp-Name: %d %s", status, r.Raw)
	}
	// No _meta and no session: 400, saying what is missing.
	status, r, _ := c.post("tools/list", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, nil)
	if status != 400 || r.Error == nil || !strings.Contains(r.Error.Message, "initialize") {
		t.Errorf("no _meta: %d %s", status, r.Raw)
	}
	// A notification is accepted with no body.
	if status, r, _ := c.post("", map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": 1}},
		map[string]string{"Mcp-Protocol-Version": "2026-07-28"}); status != 202 || r.Raw != nil {
		t.Errorf("notification: %d %s", status, r.Raw)
	}
}

// A handshake-era client gets a session from initialize, then uses it.
func TestHTTPLegacy(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	c := startHTTP(t, s)
	status, r, header := c.post("initialize", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "1"}}}, nil)
	c.sid = header.Get("Mcp-Session-Id")
	if status != 200 || c.sid == "" || !bytes.Contains(r.Result, []byte(`"protocolVersion":"2025-06-18"`)) {
		t.Fatalf("initialize: %d %s (session %q)", status, r.Raw, c.sid)
	}
	h := map[string]string{"Mcp-Protocol-Version": "2025-06-18"}
	if status, _, _ := c.post("", map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}, h); status != 202 {
		t.Errorf("initialized: %d", status)
	}
	status, r, _ = c.post("tools/call", map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}}}, h)
	if status != 200 || !bytes.Contains(r.Result, []byte(`Hello, Ada!`)) {
		t.Errorf("call: %d %s", status, r.Raw)
	}
	// A JSON-RPC error travels with 200 in this era.
	status, r, _ = c.post("resources/list", map[string]any{"jsonrpc": "2.0", "id": 3, "method": "resources/list"}, h)
	if status != 200 || r.Error == nil || r.Error.Code != abi.CodeMethodNotFound {
		t.Errorf("unknown method: %d %s", status, r.Raw)
	}
	if status, r, _ := c.post("ping", map[string]any{"jsonrpc": "2.0", "id": 4, "method": "ping"}, map[string]string{"Mcp-Protocol-Version": "2025-11-25"}); status != 400 {
		t.Errorf("another revision in the header: %d %s", status, r.Raw)
	}
	req, _ := http.NewRequest(http.MethodDelete, c.url, nil)
	req.Header.Set("Mcp-Session-Id", c.sid)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("delete: %d", resp.StatusCode)
	}
	if status, _, _ := c.post("ping", map[string]any{"jsonrpc": "2.0", "id": 5, "method": "ping"}, h); status != 404 {
		t.Errorf("after delete: %d", status)
	}
}

// Origins other than loopback are refused (DNS rebinding); GET without a
// session is not a stream; Listen refuses non-loopback addresses.
func TestHTTPGuards(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	c := startHTTP(t, s)
	for origin, want := range map[string]int{"http://evil.example": 403, "http://localhost:6274": 200, "http://127.0.0.1": 200, "null": 403} {
		status, _ := c.modern("tools/list", nil, map[string]string{"Origin": origin})
		if status != want {
			t.Errorf("Origin %s: %d, want %d", origin, status, want)
		}
	}
	resp, err := http.Get(c.url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", resp.StatusCode)
	}
	for addr, ok := range map[string]bool{"127.0.0.1:0": true, "localhost:0": true, ":0": false, "0.0.0.0:0": false, "192.0.2.1:0": false} {
		ln, err := Listen(addr, false)
		if ln != nil {
			ln.Close()
		}
		if refused := err != nil && strings.Contains(err.Error(), "not a loopback address"); refused == ok {
			t.Errorf("Listen(%s): %v", addr, err)
		}
		if err != nil && strings.Contains(err.Error(), "public") {
			t.Errorf("Listen(%s) invites serving the network: %v", addr, err)
		}
	}
	if ln, err := Listen("127.0.0.1:0", true); err != nil {
		t.Errorf("Listen public: %v", err)
	} else {
		ln.Close()
	}
}

// subscriptions/listen over HTTP is an SSE stream: acknowledged first,
// then a list-changed notification when the package changes.
func TestHTTPListen(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	s.SetWatching(true)
	c := startHTTP(t, s)
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "l1", "method": "subscriptions/listen",
		"params": map[string]any{"_meta": meta(), "notifications": map[string]any{"toolsListChanged": true}}})
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "subscriptions/listen")
	resp, err := http.DefaultClient.Do(req) //nolint:bodyclose // closed below, once the stream is read
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || ct != "text/event-stream" {
		t.Fatalf("%d %s", resp.StatusCode, ct)
	}
	events := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
	}()
	next := func() string {
		select {
		case e := <-events:
			return e
		case <-time.After(10 * time.Second):
			t.Fatal("no event")
			return ""
		}
	}
	e := next()
	if !strings.Contains(e, `"method":"notifications/subscriptions/acknowledged"`) || !strings.Contains(e, `"toolsListChanged":true`) {
		t.Errorf("first event: %s", e)
	}
	if err := mcpschema.Validate("SubscriptionsAcknowledgedNotification", []byte(e)); err != nil {
		t.Error(err)
	}
	other, err := s.Load(t.Context(), hostile(t))
	if err != nil {
		t.Fatal(err)
	}
	s.Use(other)
	e = next()
	if err := mcpschema.Validate("ToolListChangedNotification", []byte(e)); err != nil {
		t.Error(err)
	}
	if e != `{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"l1"}}}` {
		t.Errorf("second event: %s", e)
	}
}

// TestHTTPPublicToken: a public server answers only requests that carry
// its bearer token, refusing the others with 401 before any work (a
// tools/call from anyone who reaches the port would run the package's
// tools); without a token it refuses everything; a loopback server
// without a token answers as before. The "public" server listens on
// 127.0.0.1 (tests never bind beyond loopback): what is tested is the
// handler a public bind gets.
func TestHTTPPublicToken(t *testing.T) {
	token := NewToken()
	if len(token) < MinTokenLength {
		t.Fatalf("NewToken: %d characters", len(token))
	}
	s, log := newServer(t, hello(t), Options{HTTPToken: token})
	public := httptest.NewServer(s.Handler(true))
	t.Cleanup(public.Close)
	open, _ := newServer(t, hello(t), Options{})
	loopback := httptest.NewServer(open.Handler(false))
	t.Cleanup(loopback.Close)
	noToken, _ := newServer(t, hello(t), Options{})
	publicNoToken := httptest.NewServer(noToken.Handler(true))
	t.Cleanup(publicNoToken.Close)

	call := func(url, authorization string) (int, http.Header, string) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{
			"_meta": meta(), "name": "greet", "arguments": map[string]any{"name": "Ada"}}})
		req, _ := http.NewRequest(http.MethodPost, url+EndpointPath, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", "greet")
		if authorization != "" {
			req.Header.Set("Authorization", authorization)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(body)
	}
	for _, tc := range []struct {
		name, url, authorization string
		want                     int
	}{
		{"public, no token", public.URL, "", 401},
		{"public, wrong token", public.URL, "Bearer " + NewToken(), 401},
		{"public, the token one character short", public.URL, "Bearer " + token[:len(token)-1], 401},
		{"public, the token in another scheme", public.URL, "Basic " + token, 401},
		{"public without a token of its own", publicNoToken.URL, "Bearer " + token, 401},
		{"public, no token, another path", public.URL + "/other", "", 401},
		{"public, the token", public.URL, "Bearer " + token, 200},
		{"public, the token, scheme in lower case", public.URL, "bearer " + token, 200},
		{"loopback, no token", loopback.URL, "", 200},
	} {
		status, header, body := call(tc.url, tc.authorization)
		if status != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.want)
			continue
		}
		if status == 401 && !strings.HasPrefix(header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("%s: 401 with WWW-Authenticate %q", tc.name, header.Get("WWW-Authenticate"))
		}
		if status == 200 && !strings.Contains(body, "Hello, Ada!") {
			t.Errorf("%s: %s", tc.name, body)
		}
	}
	// Only the one authorized call ran.
	if n := strings.Count(log.String(), "call greet"); n != 2 {
		t.Errorf("%d calls of greet in the log, want 2:\n%s", n, log.String())
	}
}
