package toolcheck

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Row 2 of attack pass 47b (attack/README-47b.md on branch attack47b):
// lint says nothing of an x-mcp-header MCP 2026-07-28 forbids, though
// every client on the Streamable HTTP transport MUST exclude the tool from
// tools/list (server/tools, "x-mcp-header"), and serve --http then refuses
// (-32020) every modern call that carries the argument, asking for a
// header no HTTP client can send. Skipped unless SUBAKO_ATTACK=1.
func TestAttack47b_row2_InvalidParamHeaderLinted(t *testing.T) {
	if os.Getenv("SUBAKO_ATTACK") != "1" {
		t.Skip("attack pass 47b: set SUBAKO_ATTACK=1")
	}
	for name, props := range map[string]string{
		"not a token":  `"region": {"type": "string", "description": "The region.", "x-mcp-header": "Bad Region"}`,
		"empty":        `"region": {"type": "string", "description": "The region.", "x-mcp-header": ""}`,
		"on a number":  `"n": {"type": "number", "description": "A number.", "x-mcp-header": "N"}`,
		"on an object": `"o": {"type": "object", "description": "An object.", "x-mcp-header": "O", "properties": {}, "additionalProperties": false}`,
		"not unique": `"region": {"type": "string", "description": "The region.", "x-mcp-header": "Region"},
			"zone": {"type": "string", "description": "The zone.", "x-mcp-header": "region"}`,
	} {
		t.Run(name, func(t *testing.T) {
			tool := `{"name": "execute_sql", "description": "Runs a SQL query.", "inputSchema": {"type": "object", "properties": {` +
				props + `}, "additionalProperties": false}}`
			var errs int
			var said []string
			for _, f := range Check([]json.RawMessage{json.RawMessage(tool)}) {
				said = append(said, f.Rule.ID+" "+f.Message)
				if f.Rule.Severity == rules.Error {
					errs++
				}
			}
			if errs == 0 {
				t.Errorf("no error for a tool clients must drop: %q", said)
			}
		})
	}
}
