package serve

import (
	"encoding/json"
	"testing"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// modernAnswers are the schema definitions of the answers to each method
// in 2026-07-28.
var modernAnswers = map[string]string{
	"server/discover": "DiscoverResultResponse",
	"tools/list":      "ListToolsResultResponse",
	"tools/call":      "CallToolResultResponse",
	"ping":            "JSONRPCResultResponse",
}

// checkAnswer validates one answer against the MCP 2026-07-28 schema.
// A modern answer is validated whole. The schema has no definitions for
// the handshake era's envelopes (no resultType), so a legacy answer's
// parts that the two eras share are validated by their own definitions:
// the server's Implementation and capabilities, each Tool, each content
// block; and the envelope by hand.
func checkAnswer(t *testing.T, method string, line []byte) {
	t.Helper()
	var env struct {
		JSONRPC string
		ID      json.RawMessage
		Result  map[string]json.RawMessage
		Error   *struct{ Code int }
	}
	if err := json.Unmarshal(line, &env); err != nil || env.JSONRPC != "2.0" {
		t.Errorf("answer to %s is not JSON-RPC 2.0: %s", method, line)
		return
	}
	valid := func(def string, v []byte) {
		t.Helper()
		if err := mcpschema.Validate(def, v); err != nil {
			t.Errorf("answer to %s: %v\n%s", method, err, line)
		}
	}
	if env.Error != nil {
		def := "JSONRPCErrorResponse"
		if env.Error.Code == abi.CodeUnsupportedProtocolVersion {
			def = "UnsupportedProtocolVersionError"
		}
		valid(def, line)
		return
	}
	if _, modern := env.Result["resultType"]; modern {
		if def := modernAnswers[method]; def != "" {
			valid(def, line)
		} else {
			t.Errorf("no schema definition for the answer to %s", method)
		}
		return
	}
	// The handshake era.
	if env.Result == nil || len(env.ID) == 0 {
		t.Errorf("answer to %s has no id or result: %s", method, line)
	}
	for _, k := range []string{"ttlMs", "cacheScope", "_meta"} {
		if _, ok := env.Result[k]; ok {
			t.Errorf("a handshake-era answer to %s carries 2026-07-28's %s: %s", method, k, line)
		}
	}
	var parts struct {
		ServerInfo   json.RawMessage   `json:"serverInfo"`
		Capabilities json.RawMessage   `json:"capabilities"`
		Tools        []json.RawMessage `json:"tools"`
		Content      []json.RawMessage `json:"content"`
	}
	b, _ := json.Marshal(env.Result)
	_ = json.Unmarshal(b, &parts)
	switch method {
	case "initialize":
		valid("Implementation", parts.ServerInfo)
		valid("ServerCapabilities", parts.Capabilities)
	case "tools/list":
		for _, tool := range parts.Tools {
			valid("Tool", tool)
		}
	case "tools/call":
		if parts.Content == nil {
			t.Errorf("a CallToolResult without content: %s", line)
		}
		for _, c := range parts.Content {
			valid("ContentBlock", c)
		}
	}
}

// checkTool validates one tool definition.
func checkTool(tool []byte) error { return mcpschema.Validate("Tool", tool) }
