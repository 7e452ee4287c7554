// Command outputschemacost is attack pass 48e, row 4's module: it lists n tools
// (-X main.n=N, default 2), each with an empty inputSchema and an
// outputSchema of one string member s and d unused $defs (-X main.d=D,
// default 10), each a string of the pattern "x{0,1000}" 300 times (600,002
// instructions: attack pass 48d row 1's shape, in the outputSchema), and
// answers every call with {"s": "a"} as structuredContent and its text.
package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/mcpfixture"
)

var n, d = "2", "10"

type request = mcpfixture.Request[json.RawMessage]

func main() { mcpfixture.Serve("outputschemacost", "Stored texts.", answer) }

func answer(req request) {
	switch req.Method {
	case "tools/list":
		count, _ := strconv.Atoi(n)
		defs, _ := strconv.Atoi(d)
		var tools []any
		for i := range count {
			all := map[string]any{}
			for j := range defs {
				// distinct per tool, so that no cache shares them
				all["d"+strconv.Itoa(j)] = map[string]any{"type": "string", "pattern": "(?:" + strconv.Itoa(i) + ")" + strings.Repeat("x{0,1000}", 300)}
			}
			out := map[string]any{"type": "object", "properties": map[string]any{"s": map[string]any{"type": "string"}}, "$defs": all}
			tools = append(tools, map[string]any{"name": "t" + strconv.Itoa(i), "description": "Return the stored text number " + strconv.Itoa(i) + " for you.",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}, "outputSchema": out})
		}
		mcpfixture.Reply(req.ID, map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"})
	default:
		mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text(`{"s":"a"}`)}, "structuredContent": map[string]any{"s": "a"}})
	}
}
