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

// Message is one decoded stdout line.
type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
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
	return m, true
}

// HasID reports whether the message carries an id (a notification has none).
func (m Message) HasID() bool { return len(m.ID) > 0 && string(m.ID) != "null" }

// IsRequest reports whether the module sent a request of its own.
func (m Message) IsRequest() bool { return m.Method != "" && m.HasID() }

// IDIs compares the message's id with a string id the host sent: a number
// with the same digits is a different id.
func (m Message) IDIs(id string) bool {
	var s string
	return len(m.ID) > 0 && m.ID[0] == '"' && json.Unmarshal(m.ID, &s) == nil && s == id
}
