package serve

import (
	"net/http/httptest"
	"testing"
)

// TestInitializeNotificationOpensNoSession: an "initialize" POSTed
// without an id (a notification) is answered 202 Accepted with no body,
// as every notification is (reply), and opens no session: no handshake
// took place. Attack pass 45b, row 4: post() opened a session for every
// initialize without a session header before it knew whether it was a
// request, and answered 200 with an empty line and a new Mcp-Session-Id,
// the session holding one of the 256 places until evicted.
func TestInitializeNotificationOpensNoSession(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	h := s.newHTTPServer(false)
	srv := httptest.NewServer(h.mux())
	t.Cleanup(srv.Close)
	c := &httpClient{t: t, url: srv.URL + EndpointPath}
	status, r, header := c.post("initialize", map[string]any{"jsonrpc": "2.0", "method": "initialize",
		"params": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "x", "version": "1"}}}, nil)
	if status != 202 || header.Get("Mcp-Session-Id") != "" || len(r.Raw) != 0 {
		t.Errorf("initialize as a notification: status %d, Mcp-Session-Id %q, body %q: want 202 Accepted, no body and no session", status, header.Get("Mcp-Session-Id"), r.Raw)
	}
	h.mu.Lock()
	n := len(h.sessions)
	h.mu.Unlock()
	if n != 0 {
		t.Errorf("%d sessions open after an initialize notification, want 0", n)
	}
}
