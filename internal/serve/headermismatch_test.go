package serve

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestHeaderMismatchQuotesCut: a modern HTTP request whose
// MCP-Protocol-Version header differs from its body's is answered -32020
// quoting the body's version cut as every quote of a client's text is
// (clientText, quoteMax runes), and so is the Mcp-Param mismatch's
// quote of the body's argument. Attack pass 45b, row 2: both were quoted
// whole, so a client's 4 MiB version came back in a 4 MiB message, while
// the Mcp-Method and Mcp-Name mismatches beside them were cut.
func TestHeaderMismatchQuotesCut(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	c := startHTTP(t, s)
	long := strings.Repeat("v", 4<<20)
	m := meta()
	m[metaProtocolVersion] = long
	status, r := c.modern("tools/list", map[string]any{"_meta": m}, map[string]string{"Mcp-Protocol-Version": "2026-07-28"})
	if status != 400 || r.Error == nil {
		t.Fatalf("status %d, answer %.300s: want 400 and a header mismatch", status, r.Raw)
	}
	if n := len(r.Error.Message); n > 4*quoteMax+200 {
		t.Errorf("the version mismatch's message is %d bytes: the body's %d-byte version is quoted whole, not cut to %d runes (%.120s...)", n, len(long), quoteMax, r.Error.Message)
	}

	tool := json.RawMessage(`{"name":"find","inputSchema":{"type":"object","properties":{"q":{"type":"string","x-mcp-header":"Q"}}}}`)
	args, _ := json.Marshal(map[string]string{"q": long})
	h := http.Header{}
	h.Set("Mcp-Param-Q", "short")
	e := checkParamHeaders(h, tool, args)
	if e == nil || e.Code != -32020 {
		t.Fatalf("Mcp-Param-Q differing from the argument: %v, want a header mismatch", e)
	}
	if n := len(e.Message); n > 4*quoteMax+200 {
		t.Errorf("the Mcp-Param mismatch's message is %d bytes: the body's %d-byte argument is quoted whole (%.120s...)", n, len(long), e.Message)
	}
}
