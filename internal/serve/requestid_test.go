package serve

import (
	"context"
	"strings"
	"testing"
)

// TestIntegerRequestIDsAccepted: a request id MCP's schema counts as an
// integer (RequestId "type": ["string","integer"]; JSON Schema 2020-12: a
// number whose fractional part is zero, of any size) is accepted, and
// the answer carries it back as the client wrote it, so the client finds
// its request: 18446744073709552000 (JavaScript's JSON.stringify(2**64)),
// 1.0, 1e2, -0, 120e-1. A number that is not an integer (1.5, 1e-999999999)
// is refused -32600 without an id, and so is an integer whose digits
// would be more than maxIDBytes (1e999999999), read from its text alone:
// no big number is made of it. Attack pass 45b, row 3: checkID took only
// what json.Number.Int64 parses, refusing the first three "a request id
// must be a string or an integer, not 18446744073709552000".
func TestIntegerRequestIDsAccepted(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	for _, c := range []struct {
		id string
		ok bool
	}{
		{"18446744073709552000", true},
		{"1.0", true},
		{"1e2", true},
		{"1E+2", true},
		{"-0", true},
		{"120e-1", true},
		{"0.0e999999999", true},
		{"1.5", false},
		{"1e-999999999", false},
		{"12e-1", false},
		{"1e999999999", false},
		{"1e" + strings.Repeat("9", 400), false},
		{"1" + strings.Repeat("0", 600), false},
	} {
		line := `{"jsonrpc":"2.0","id":` + c.id + `,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
		var out syncBuffer
		if err := s.ServeStdio(context.Background(), strings.NewReader(line+"\n"), &out); err != nil {
			t.Fatalf("id %s: ServeStdio: %v", c.id, err)
		}
		got := out.String()
		if c.ok {
			if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":`+c.id+`,"result":`) {
				t.Errorf("id %s, an integer by MCP's schema: answered %.300s, want a result carrying the id as written", c.id, got)
			}
			continue
		}
		if !strings.HasPrefix(got, `{"jsonrpc":"2.0","error":{"code":-32600`) {
			t.Errorf("id %.40s, not an integer id this server takes: answered %.300s, want -32600 without an id", c.id, got)
		}
	}
}
