// Package mcpfixture is the request loop of the test modules that answer
// MCP with encoding/json (internal/probe/testdata/costlyschema,
// outputschemacost and attack47a, internal/serve/testdata/hostile and
// conformance): read stdin a line at a time, decode each line as a
// JSON-RPC request, hand the ones with an id to the module, and write its
// results as JSON-RPC responses. It is built into wasip1 modules, so it
// imports the standard library and the ABI's names only (the dependency
// rule "the test modules' MCP loop is standard library and the ABI's
// names only").
package mcpfixture

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"

	"github.com/subako-ai/subako-go/abi"
)

// Request is one JSON-RPC request as a module reads it, its params
// decoded into P (json.RawMessage for a module that reads them itself or
// not at all). A line whose params do not decode into P is not a request.
type Request[P any] struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params P               `json:"params"`
}

// Serve reads stdin until its end, one line at a time, as the server
// named name: it answers server/discover with Discover(name,
// instructions) and calls answer with every other line that decodes as a
// Request with an id; a blank line, a line that does not decode and a
// notification are passed over.
func Serve[P any](name, instructions string, answer func(Request[P])) {
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var req Request[P]
			switch {
			case json.Unmarshal(line, &req) != nil || len(req.ID) == 0:
			case req.Method == abi.MethodDiscover:
				Reply(req.ID, Discover(name, instructions))
			default:
				answer(req)
			}
		}
		if err != nil {
			return
		}
	}
}

// Reply writes the response to request id whose result is result, which
// it marks complete (resultType), on a line of its own.
func Reply(id json.RawMessage, result map[string]any) {
	result["resultType"] = "complete"
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	os.Stdout.Write(append(b, '\n'))
}

// Discover is the server/discover result of a module named name: MCP
// 2026-07-28, tools, not cached, and instructions when they are not
// empty.
func Discover(name, instructions string) map[string]any {
	r := map[string]any{"supportedVersions": []string{abi.ProtocolVersion}, "capabilities": map[string]any{"tools": map[string]any{}},
		"ttlMs": 0, "cacheScope": "public",
		"_meta": map[string]any{abi.MetaServerInfo: map[string]any{"name": name, "version": "1.0.0"}}}
	if instructions != "" {
		r["instructions"] = instructions
	}
	return r
}

// Text is a text content block.
func Text(s string) map[string]any { return map[string]any{"type": "text", "text": s} }
