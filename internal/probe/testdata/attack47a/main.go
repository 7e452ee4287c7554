// Command attack47a is attack pass 47a, row 3's module: it lists ten tools
// and answers every call with the same success result. Built with -X
// main.mode=costly each tool declares an 83-byte outputSchema whose
// pattern's program is some 1,000 instructions long, and every result
// carries a 49,800-byte string for it, so that judging one result costs
// the host about half a second of CPU (within offlineschema.MaxWork);
// built plain, the same tools declare no outputSchema and answer "ok".
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
)

var mode string

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
			"_meta": map[string]any{"io.modelcontextprotocol/serverInfo": map[string]any{"name": "attack47a", "version": "1.0.0"}}})
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
		reply(req.ID, map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"})
	default:
		if mode == "costly" {
			s := strings.Repeat("a", 49800)
			text, _ := json.Marshal(map[string]any{"s": s})
			reply(req.ID, map[string]any{"content": []any{map[string]any{"type": "text", "text": string(text)}}, "structuredContent": map[string]any{"s": s}})
			return
		}
		reply(req.ID, map[string]any{"content": []any{map[string]any{"type": "text", "text": "ok"}}})
	}
}
