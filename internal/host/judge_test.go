package host

import (
	"strings"
	"testing"
)

// StderrTail shows what Subako would: a Go panic's message, else the last
// line, cut to 200 bytes.
func TestStderrTail(t *testing.T) {
	long := strings.Repeat("x", 300)
	for _, c := range []struct{ stderr, want string }{
		{"", ""},
		{"  \n", ""},
		{"starting\nfailed: no city\n", `; stderr ends: "failed: no city"`},
		{"log\npanic: boom\n\ngoroutine 1 [running]:\nmain.main()\n", `; stderr ends: "panic: boom"`},
		{long, `; stderr ends: "` + long[:160] + `... (200 bytes)"`},
	} {
		r := &Record{Stderr: []byte(c.stderr)}
		if got := r.StderrTail(); got != c.want {
			t.Errorf("StderrTail(%q) = %s, want %s", c.stderr, got, c.want)
		}
	}
}

// ParseMessage holds a module's line to what Subako reads: an error member
// must be an error object, and "error":null is none.
func TestParseMessage(t *testing.T) {
	for _, c := range []struct {
		line            string
		ok, isErr, resp bool
	}{
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, true, false, true},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"boom"}}`, true, true, true},
		{`{"jsonrpc":"2.0","id":1,"error":null}`, true, false, false},
		{`{"jsonrpc":"2.0","id":1,"error":"boom"}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}`, false, false, false},
		{`{"jsonrpc":"1.0","id":1,"result":{}}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{}} {}`, false, false, false},
	} {
		m, ok := ParseMessage([]byte(c.line))
		if ok != c.ok || (ok && ((m.RPCError != nil) != c.isErr || (m.Error != nil) != c.isErr || m.IsResponse() != c.resp)) {
			t.Errorf("%s: ok %v, error %v, response %v", c.line, ok, m.RPCError, m.IsResponse())
		}
	}
}

// Explained and Unanswered: an unanswered request is explained by any
// other break.
func TestExplained(t *testing.T) {
	none := []Break{{Kind: BreakNoAnswer}}
	trap := []Break{{Kind: BreakNoAnswer}, {Kind: BreakTrap}}
	if Explained(none) || !Unanswered(none) || !Explained(trap) || Unanswered(nil) || Explained(nil) {
		t.Error("Explained or Unanswered")
	}
}

// The request bytes a module reads are the ones Subako's requests have
// always had here: members in the order of their names.
func TestRequestBytes(t *testing.T) {
	got := string(ToolCall([]byte(`7`), "greet", []byte(`{"name":"Ada"}`)))
	want := `{"id":7,"jsonrpc":"2.0","method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{},` +
		`"io.modelcontextprotocol/clientInfo":{"name":"subako-go","version":"0.1.0"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"},` +
		`"arguments":{"name":"Ada"},"name":"greet"}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
