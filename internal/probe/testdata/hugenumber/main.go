// Command hugenumber is attack pass 51b, row 3's module: one tool count
// whose every call is answered with a result that is not a
// CallToolResult (content a string: Subako reports the call as crashed,
// P030), and, with -X main.huge=1, a member "x": 1e1001 beside it (6
// bytes), or with -X main.huge=meta the same under _meta.
package main

import (
	"encoding/json"

	"github.com/subako-ai/subako-go/internal/mcpfixture"
)

var huge = ""

type request = mcpfixture.Request[json.RawMessage]

func main() { mcpfixture.Serve("hugenumber", "Counts things.", answer) }

func answer(req request) {
	switch req.Method {
	case "tools/list":
		tool := map[string]any{"name": "count", "description": "Count the things you have and return how many.",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}}
		mcpfixture.Reply(req.ID, map[string]any{"tools": []any{tool}, "ttlMs": 0, "cacheScope": "public"})
	default:
		res := map[string]any{"content": "not an array"}
		switch huge {
		case "1":
			res["x"] = json.Number("1e1001")
		case "meta":
			res["_meta"] = map[string]any{"x": json.Number("1e1001")}
		}
		mcpfixture.Reply(req.ID, res)
	}
}
