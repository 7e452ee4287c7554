// Command outputschemacost is attack pass 48e, row 4's module: it lists n tools
// (-X main.n=N, default 2), each with an empty inputSchema and an
// outputSchema of one string member s and d unused $defs (-X main.d=D,
// default 10), each a string of the pattern "x{0,1000}" 300 times (600,002
// instructions: attack pass 48d row 1's shape, in the outputSchema), and
// answers every call with {"s": "a"} as structuredContent and its text.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
)

var n, d = "2", "10"

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func reply(id json.RawMessage, result map[string]any) {
	result["resultType"] = "complete"
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	os.Stdout.Write(append(b, '\n'))
}

func main() {
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var req request
			if json.Unmarshal(line, &req) == nil && len(req.ID) > 0 {
				answer(req)
			}
		}
		if err != nil {
			return
		}
	}
}

func answer(req request) {
	switch req.Method {
	case "server/discover":
		reply(req.ID, map[string]any{"supportedVersions": []string{"2026-07-28"}, "capabilities": map[string]any{"tools": map[string]any{}},
			"ttlMs": 0, "cacheScope": "public", "instructions": "Stored texts.",
			"_meta": map[string]any{"io.modelcontextprotocol/serverInfo": map[string]any{"name": "outputschemacost", "version": "1.0.0"}}})
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
		reply(req.ID, map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"})
	default:
		reply(req.ID, map[string]any{"content": []any{map[string]any{"type": "text", "text": `{"s":"a"}`}}, "structuredContent": map[string]any{"s": "a"}})
	}
}
