// Command hostiletext is an ABI 1 function package (Go's standard library
// alone, GOOS=wasip1) whose every string a person may see carries what a
// terminal acts on or hides: ESC sequences that retitle the window and
// clear the screen, BEL, a right-to-left override (U+202E), a left-to-
// right isolate (U+2066) and a run of tag characters spelling "hide".
// Its tools' names, titles and descriptions, its argument descriptions and
// enum values, its instructions, what a call answers and what it writes to
// stderr all carry it. The end-to-end test of escaping runs every command
// on it (the test adds a custom section named so as well).
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

// hostile is the text every string carries (the test spells it too).
const hostile = "\x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065"

func tools() any {
	text := map[string]any{"type": "string", "description": "What to echo. " + hostile, "enum": []string{"a", "b" + hostile}}
	return map[string]any{"resultType": "complete", "tools": []any{
		map[string]any{"name": "echo", "title": "Echo " + hostile, "description": "Echoes its text. " + hostile,
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"text": text}, "required": []string{"text"}}},
		map[string]any{"name": "x" + hostile, "description": hostile,
			"inputSchema": map[string]any{"type": "object"}},
	}}
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name string `json:"name"`
	} `json:"params"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	for in.Scan() {
		var m message
		if json.Unmarshal(in.Bytes(), &m) != nil || m.ID == nil {
			continue
		}
		switch m.Method {
		case "server/discover":
			answer(m.ID, "result", map[string]any{"supportedVersions": []string{"2026-07-28"}, "capabilities": map[string]any{"tools": map[string]any{}},
				"instructions": hostile, "resultType": "complete"})
		case "tools/list":
			answer(m.ID, "result", tools())
		case "tools/call":
			os.Stderr.WriteString("stderr " + hostile + "\n")
			answer(m.ID, "result", map[string]any{"resultType": "complete", "isError": m.Params.Name != "echo",
				"content": []any{map[string]any{"type": "text", "text": "echo " + hostile}}})
		default:
			answer(m.ID, "error", map[string]any{"code": -32601, "message": "method not found " + hostile})
		}
	}
}

func answer(id json.RawMessage, kind string, body any) {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, kind: body})
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(append(b, '\n'))
}
