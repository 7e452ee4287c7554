package serve

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// The revisions serve speaks. Modern requests carry their revision in
// _meta (the module's own, ABI 1's); legacy clients pick one with
// initialize and keep it for the connection (stdio) or session (HTTP).
var (
	modernVersions = []string{abi.ProtocolVersion}
	legacyVersions = []string{"2025-11-25", "2025-06-18"} // newest first
)

// era is how one request is served.
type era struct {
	version string // the revision
	modern  bool   // per-request _meta, no handshake
}

func (e era) String() string {
	if e.modern {
		return e.version
	}
	return e.version + " (handshake)"
}

// negotiate picks the legacy revision for an initialize that asks for
// requested: the same when serve speaks it, else the newest it speaks, as
// the handshake-era lifecycle says (the client then decides whether to go on).
func negotiate(requested string) string {
	if slices.Contains(legacyVersions, requested) {
		return requested
	}
	return legacyVersions[0]
}

// requestEra says how a request other than initialize is served: by the
// revision in its _meta, or by the connection's handshake, or not at all.
func requestEra(params map[string]json.RawMessage, legacy string) (era, *rpcError) {
	var meta map[string]json.RawMessage
	if raw, ok := params["_meta"]; ok && json.Unmarshal(raw, &meta) != nil {
		return era{}, malformed("_meta must be an object")
	}
	raw, ok := meta[metaProtocolVersion]
	if !ok {
		if legacy != "" {
			return era{version: legacy}, nil
		}
		return era{}, malformed("the request has no _meta." + metaProtocolVersion + ": this server speaks " +
			strings.Join(modernVersions, ", ") + " with per-request _meta, and " + strings.Join(legacyVersions, ", ") +
			" after an initialize handshake")
	}
	var v string
	if json.Unmarshal(raw, &v) != nil {
		return era{}, malformed("_meta." + metaProtocolVersion + " must be a string")
	}
	if !slices.Contains(modernVersions, v) {
		return era{}, unsupportedVersion(v)
	}
	caps, ok := meta[metaClientCaps]
	var obj map[string]json.RawMessage
	if !ok || json.Unmarshal(caps, &obj) != nil || obj == nil {
		return era{}, malformed("_meta." + metaClientCaps + " is required, an object (empty when the client has none)")
	}
	return era{version: v, modern: true}, nil
}

func unsupportedVersion(requested string) *rpcError {
	requested = clientText(requested)
	return &rpcError{Code: abi.CodeUnsupportedProtocolVersion, Message: "Unsupported protocol version " + requested +
		" (for " + strings.Join(legacyVersions, " or ") + ", send initialize first)",
		Data: mcp.UnsupportedVersionData{Supported: modernVersions, Requested: requested}, status: 400}
}

// finish shapes a result for the request's era: a modern result says it is
// complete and who answered; a handshake-era result has neither field, nor
// the caching hints that came with 2026-07-28.
func (e era) finish(result mcp.Result, serverInfo *mcp.Implementation) mcp.Result {
	if e.modern {
		result.Complete(serverInfo)
	} else {
		result.Handshake()
	}
	return result
}

// legacyTool adapts a tool definition for the handshake era, whose schema
// requires an output schema to describe an object: any other output
// schema is left out (the result's text still carries the value).
func legacyTool(tool json.RawMessage) json.RawMessage {
	var t map[string]json.RawMessage
	if json.Unmarshal(tool, &t) != nil {
		return tool
	}
	out, ok := t["outputSchema"]
	if !ok || isObjectSchema(out) {
		return tool
	}
	delete(t, "outputSchema")
	b, err := json.Marshal(t)
	if err != nil {
		return tool
	}
	return b
}

func isObjectSchema(schema json.RawMessage) bool {
	var s struct {
		Type json.RawMessage `json:"type"`
	}
	return json.Unmarshal(schema, &s) == nil && string(s.Type) == `"object"`
}

func isObject(v json.RawMessage) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(v, &m) == nil && m != nil
}
