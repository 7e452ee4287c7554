// Package mcp is the one home of the JSON-RPC 2.0 messages and the MCP
// 2026-07-28 results that subako-go exchanges: the host sends requests to
// modules and reads their answers, serve reads clients' messages and
// answers them, and the probes and checks read what a module answered. The
// error codes are the ABI's (package abi), which the runtime inside a
// module uses too.
//
// The types say what each member is; they do not judge. A message is kept
// with its members undecoded (json.RawMessage) where the readers differ in
// how strict they are: the host holds a module to what Subako accepts,
// serve answers a client's mistake with the matching JSON-RPC error.
//
// Members are declared in the order they have always had on the wire (for
// results, the order of their names, as serve wrote them when they were
// maps), so that a client or a test that compares lines sees the same bytes.
package mcp

import (
	"encoding/json"
)

// Version is the "jsonrpc" member of every message.
const Version = "2.0"

// Message is any JSON-RPC message as it arrived: a request (a method and an
// id), a notification (a method, no id) or a response (a result or an
// error, and the id it answers).
type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

// MessageKeys are the members of a JSON-RPC message, as Message spells
// them: a message that writes one twice or in another case is read
// through internal/jsonkeys and refused, by the host on a module's stdout
// and by serve from a client.
// Message's json tags are the same names in the same order
// (TestMessageKeysAreMessagesTags), and SetMember is the one reader of
// them.
var MessageKeys = []string{"jsonrpc", "id", "method", "params", "result", "error"}

// SetMember sets the member key of MessageKeys from its raw value, as
// json.Unmarshal into Message would: a reader that walks a message's
// members once (internal/jsonkeys) decodes each with it. Other keys are
// ignored, as json.Unmarshal ignores them.
func (m *Message) SetMember(key string, v json.RawMessage) error {
	switch key {
	case "jsonrpc":
		return json.Unmarshal(v, &m.JSONRPC)
	case "id":
		m.ID = v
	case "method":
		return json.Unmarshal(v, &m.Method)
	case "params":
		m.Params = v
	case "result":
		m.Result = v
	case "error":
		m.Error = v
	}
	return nil
}

// HasID reports whether the message carries an id: a notification has
// none, and id null is none.
func (m Message) HasID() bool { return len(m.ID) > 0 && string(m.ID) != "null" }

// IsRequest reports whether the message is a request, which expects an
// answer.
func (m Message) IsRequest() bool { return m.Method != "" && m.HasID() }

// IsResponse reports whether the message is an answer (it has a result or
// an error member), whatever its id: an answer with no id, or id null,
// answers no request.
func (m Message) IsResponse() bool { return m.Method == "" && (m.Result != nil || m.Error != nil) }

// ErrorObject decodes the error member: nil when there is none (absent or
// null), an error when it is not a JSON-RPC error object.
func (m Message) ErrorObject() (*Error, error) {
	if len(m.Error) == 0 || string(m.Error) == "null" {
		return nil, nil
	}
	var e Error
	if err := json.Unmarshal(m.Error, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

// Request is a request line as the host sends it to a module.
type Request struct {
	ID      json.RawMessage `json:"id"`
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	Params  any             `json:"params"`
}

// Notification is a message that expects no answer.
type Notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params,omitempty"`
}

// Response answers a request: a result, or an error. An error answer to a
// request whose id could not be read has no id.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// Error is a JSON-RPC error object. Its codes are package abi's (Code...).
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// UnsupportedVersionData is the data of an abi.CodeUnsupportedProtocolVersion
// error: the revisions the server speaks and the one the request asked for.
type UnsupportedVersionData struct {
	Requested string   `json:"requested"`
	Supported []string `json:"supported"`
}
