package serve

import (
	"encoding/json"
	"testing"
)

// A handshake-era client gets an output schema only when it describes an
// object, as its revisions require; the rest of the tool is unchanged.
func TestLegacyTool(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{}}}`, `{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{}}}`},
		{`{"name":"b","inputSchema":{"type":"object"},"outputSchema":{"type":"array","items":{"type":"string"}}}`, `{"inputSchema":{"type":"object"},"name":"b"}`},
		{`{"name":"c","inputSchema":{"type":"object"}}`, `{"name":"c","inputSchema":{"type":"object"}}`},
		{`{"name":"d","inputSchema":{"type":"object"},"outputSchema":{"type":"string"},"annotations":{"title":"D","readOnlyHint":true}}`, `{"annotations":{"title":"D","readOnlyHint":true},"inputSchema":{"type":"object"},"name":"d"}`},
	} {
		got := legacyTool(json.RawMessage(tc.in))
		if string(got) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
		if err := checkTool(got); err != nil {
			t.Error(err)
		}
	}
}

func TestNegotiate(t *testing.T) {
	for ask, want := range map[string]string{"2025-06-18": "2025-06-18", "2025-11-25": "2025-11-25", "2025-03-26": "2025-11-25", "": "2025-11-25"} {
		if got := negotiate(ask); got != want {
			t.Errorf("negotiate(%q) = %s, want %s", ask, got, want)
		}
	}
}
