package serve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestNullIDRequestAnswered: a request whose id is null (a method and an
// "id" member whose value is null; MCP: "the ID MUST NOT be null") is
// answered -32600 with no id member, as every refused id is (MCP's
// JSONRPCErrorResponse allows an id only of a string or an integer, so
// JSON-RPC's null id fails MCP's schema: TestMalformed), on stdio and
// over HTTP; a notification (no id member) still is not answered.
// Attack pass 44b, row 4: HasID counts null as no id, so the request was
// taken for a notification and dropped, no answer and no log line, and
// the client waited for its answer for ever.
func TestNullIDRequestAnswered(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	for _, c := range []struct{ name, line, want string }{
		{"1.5", `{"jsonrpc":"2.0","id":1.5,"method":"ping","params":{"_meta":{}}}`, `{"jsonrpc":"2.0","error":{"code":-32600`},
		{"null", `{"jsonrpc":"2.0","id":null,"method":"ping","params":{"_meta":{}}}`, `{"jsonrpc":"2.0","error":{"code":-32600`},
		{"null tools/call", `{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"greet","arguments":{}}}`, `{"jsonrpc":"2.0","error":{"code":-32600`},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`, ``},
	} {
		var out syncBuffer
		if err := s.ServeStdio(context.Background(), strings.NewReader(c.line+"\n"), &out); err != nil {
			t.Fatalf("%s: ServeStdio: %v", c.name, err)
		}
		got := out.String()
		if c.want == "" {
			if got != "" {
				t.Errorf("%s: a notification was answered: %q", c.name, got)
			}
			continue
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %s was answered %q, want an answer with %s", c.name, c.line, got, c.want)
		}
	}
	h := s.Handler(false)
	r := httptest.NewRequest(http.MethodPost, EndpointPath, strings.NewReader(`{"jsonrpc":"2.0","id":null,"method":"ping","params":{"_meta":{}}}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), `{"jsonrpc":"2.0","error":{"code":-32600`) {
		t.Errorf("HTTP: id null answered %d %q, want 400 with -32600 and no id", w.Code, w.Body.String())
	}
}
