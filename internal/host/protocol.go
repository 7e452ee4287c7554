package host

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// ClientName and ClientVersion are what the host says it is in _meta.
const (
	ClientName    = "subako-go"
	ClientVersion = "0.1.0"
)

// request builds one JSON-RPC request line the way Subako sends it: the
// protocol revision and client capabilities in _meta, no initialize.
func request(id, method string, params map[string]any) []byte {
	raw, _ := json.Marshal(id)
	return Request(raw, method, params)
}

// Request builds a request line with any id (a JSON string or number,
// written exactly as given), as Subako sends it: the revision, clientInfo
// and capabilities in _meta.
func Request(id json.RawMessage, method string, params map[string]any) []byte {
	if params == nil {
		params = map[string]any{}
	}
	params["_meta"] = map[string]any{
		abi.MetaProtocolVersion:    abi.ProtocolVersion,
		abi.MetaClientInfo:         map[string]string{"name": ClientName, "version": ClientVersion},
		abi.MetaClientCapabilities: map[string]any{},
	}
	b, _ := json.Marshal(mcp.Request{ID: id, JSONRPC: mcp.Version, Method: method, Params: params})
	return b
}

// ToolCall is a tools/call request line for tool with args (an object).
func ToolCall(id json.RawMessage, tool string, args json.RawMessage) []byte {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	return Request(id, abi.MethodToolsCall, map[string]any{"name": tool, "arguments": args})
}

// Message is one decoded stdout line.
type Message struct {
	mcp.Message
	// RPCError is the error member decoded, nil when there is none
	// (absent or null, and then Error is nil too).
	RPCError *mcp.Error
	Raw      []byte // the line it was decoded from
}

// envelopeProblem says why a line's members are ambiguous, or "": a line
// that writes a member of mcp.MessageKeys twice, or in another case
// ("Result", "reſult"), is no message. Go's encoding/json reads the last
// copy in any case, other readers the exact key or the first copy, so the
// linter and a client would read two different answers.
func envelopeProblem(line []byte) string {
	var ke *jsonkeys.KeyError
	if errors.As(jsonkeys.Members(line, mcp.MessageKeys, nil), &ke) {
		return ke.Error()
	}
	return ""
}

// ParseMessage decodes a line; ok is false when it is not a JSON-RPC 2.0
// message (not JSON, not an object, no "jsonrpc":"2.0", a member written
// twice or in another case, or an error member that is not an error
// object).
func ParseMessage(line []byte) (Message, bool) {
	var m Message
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	if err := d.Decode(&m.Message); err != nil || d.More() || m.JSONRPC != mcp.Version || envelopeProblem(line) != "" {
		return m, false
	}
	e, err := m.ErrorObject()
	if err != nil {
		return m, false
	}
	if e == nil {
		m.Error = nil // "error":null is no error
	}
	m.RPCError, m.Raw = e, line
	return m, true
}

// IDKey is how ids are compared: a string by its value, a number by its
// digits exactly as written, so that "1" and 1 differ and 9007199254740993
// is not 9007199254740992. ok is false for a message without an id.
func (m Message) IDKey() (string, bool) {
	if !m.HasID() {
		return "", false
	}
	return IDKey(m.ID), true
}

// IDKey is Message.IDKey for a raw id.
func IDKey(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return "s" + s
	}
	return "n" + string(raw)
}

// IDIs compares the message's id with a string id the host sent: a number
// with the same digits is a different id.
func (m Message) IDIs(id string) bool {
	var s string
	return len(m.ID) > 0 && m.ID[0] == '"' && json.Unmarshal(m.ID, &s) == nil && s == id
}
