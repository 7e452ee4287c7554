package tooldiff

import (
	"os"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Attack pass 47b (attack/README-47b.md on branch attack47b): failing
// tests of the rows it found, skipped unless SUBAKO_ATTACK=1.

func attack47b(t *testing.T) {
	t.Helper()
	if os.Getenv("SUBAKO_ATTACK") != "1" {
		t.Skip("attack pass 47b: set SUBAKO_ATTACK=1")
	}
}

// Row 1: MCP 2026-07-28 (server/tools, "x-mcp-header"): clients using the
// Streamable HTTP transport MUST exclude from tools/list a tool whose
// x-mcp-header value is empty, not an HTTP token, on a number property or
// not unique case-insensitively. A new version that adds such a value
// removes the tool for every such client, as D001 does; diff calls it
// D301 "constrains no value" (info) and exits 0.
func TestAttack47b_row1_InvalidParamHeaderRemovesTool(t *testing.T) {
	attack47b(t)
	old := in(`{"type": "object", "properties": {"region": {"type": "string"}, "n": {"type": "number"}, "q": {"type": "string"}}}`)
	for _, c := range []struct{ name, new string }{
		{"not a token", in(`{"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Bad Region"}, "n": {"type": "number"}, "q": {"type": "string"}}}`)},
		{"empty", in(`{"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": ""}, "n": {"type": "number"}, "q": {"type": "string"}}}`)},
		{"on a number", in(`{"type": "object", "properties": {"region": {"type": "string"}, "n": {"type": "number", "x-mcp-header": "N"}, "q": {"type": "string"}}}`)},
		{"not unique", in(`{"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}, "n": {"type": "number"}, "q": {"type": "string", "x-mcp-header": "region"}}}`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			var errs int
			var said []string
			for _, ch := range Compare(parse(t, old), parse(t, c.new)) {
				said = append(said, ch.Rule.ID+" "+ch.Message())
				if ch.Rule.Severity == rules.Error {
					errs++
				}
			}
			if errs == 0 {
				t.Errorf("a tool Streamable HTTP clients must now drop is no error: %q", said)
			}
		})
	}
}
