// Command attack47a is attack pass 47a, row 3's module: it lists ten tools
// and answers every call with the same success result. Built with -X
// main.mode=costly each tool declares an 83-byte outputSchema whose
// pattern's program is some 1,000 instructions long, and every result
// carries a 49,800-byte string for it, so that judging one result costs
// the host about half a second of CPU (within offlineschema.MaxWork);
// built plain, the same tools declare no outputSchema and answer "ok".
package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/mcpfixture"
)

var mode string

type request = mcpfixture.Request[json.RawMessage]

func main() { mcpfixture.Serve("attack47a", "Stored texts.", answer) }

func answer(req request) {
	switch req.Method {
	case "tools/list":
		var tools []any
		for i := range 10 {
			t := map[string]any{"name": "t" + strconv.Itoa(i), "description": "Return the stored text number " + strconv.Itoa(i) + " for you.",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}}
			if mode == "costly" {
				t["outputSchema"] = map[string]any{"type": "object", "properties": map[string]any{"s": map[string]any{"type": "string", "pattern": "(?:[abB]{1000}x)"}}}
			}
			tools = append(tools, t)
		}
		mcpfixture.Reply(req.ID, map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"})
	default:
		if mode == "costly" {
			s := strings.Repeat("a", 49800)
			text, _ := json.Marshal(map[string]any{"s": s})
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text(string(text))}, "structuredContent": map[string]any{"s": s}})
			return
		}
		mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("ok")}})
	}
}
