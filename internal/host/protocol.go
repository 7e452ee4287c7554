package host

import (
	"bytes"
	"encoding/json"

	"github.com/subako-ai/subako-go/abi"
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
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
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
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
	Raw     []byte          `json:"-"` // the line it was decoded from
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// ParseMessage decodes a line; ok is false when it is not a JSON-RPC 2.0
// message (not JSON, not an object, or no "jsonrpc":"2.0").
func ParseMessage(line []byte) (Message, bool) {
	var m Message
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	if err := d.Decode(&m); err != nil || d.More() || m.JSONRPC != "2.0" {
		return m, false
	}
	m.Raw = line
	return m, true
}

// HasID reports whether the message carries an id (a notification has none).
func (m Message) HasID() bool { return len(m.ID) > 0 && string(m.ID) != "null" }

// IsRequest reports whether the module sent a request of its own.
func (m Message) IsRequest() bool { return m.Method != "" && m.HasID() }

// IsResponse reports whether the message is an answer (it has a result
// or an error), whatever its id: an answer with no id, or id null, is an
// answer to a notification.
func (m Message) IsResponse() bool { return m.Method == "" && (m.Result != nil || m.Error != nil) }

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
