package subako

import (
	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/subako/jsonwire"
)

// rpcError is a JSON-RPC error answer.
type rpcError struct {
	code    int
	message string
	data    []byte // raw JSON, or nil
}

func parseError(err error) *rpcError {
	return &rpcError{code: codeParseError, message: "Parse error: " + err.Error()}
}

func invalidRequest(why string) *rpcError {
	return &rpcError{code: codeInvalidRequest, message: "Invalid Request: " + why}
}

func invalidParams(why string) *rpcError {
	return &rpcError{code: codeInvalidParams, message: "Invalid params: " + why}
}

// message is a request's envelope.
type message struct {
	id     []byte // the id exactly as written, or nil for a notification
	method string
	params []byte // raw JSON object, or nil when absent
}

// parseMessage reads a JSON-RPC envelope. A nil id with a nil error means
// nothing is to be answered: ABI 1 ignores every message without an id, and
// a message that carries a result or an error is a response, which JSON-RPC
// never answers. When the error is not nil, m.id is the id to answer with
// (nil when the id could not be read).
func parseMessage(line []byte) (m message, e *rpcError) {
	s := jsonwire.NewScanner(line)
	if s.PeekKind() != jsonwire.ObjectBegin {
		if err := jsonwire.Validate(line); err != nil {
			return m, parseError(err)
		}
		return m, invalidRequest("a message must be a JSON object")
	}
	var version, id, method, params []byte
	isResponse := false
	dup := ""
	err := s.Members(func(key string) error {
		raw, err := s.Skip()
		var slot *[]byte
		switch key {
		case "jsonrpc":
			slot = &version
		case "id":
			slot = &id
		case "method":
			slot = &method
		case "params":
			slot = &params
		case "result", "error":
			isResponse = true
		}
		if slot != nil {
			if *slot != nil && dup == "" {
				dup = key
			}
			*slot = raw
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	if err != nil {
		return m, parseError(err)
	}
	switch {
	case dup == "id":
		return m, invalidRequest(`the message has two "id" members`)
	case id == nil || method == nil && isResponse:
		return m, nil
	case !isID(id):
		return m, invalidRequest("id must be a string or a number")
	}
	m.id = id
	if dup != "" {
		return m, invalidRequest("the message has two " + quote(dup) + " members")
	}
	if v, _ := stringValue(version); v != "2.0" {
		return m, invalidRequest(`jsonrpc must be "2.0"`)
	}
	var ok bool
	if m.method, ok = stringValue(method); !ok {
		return m, invalidRequest("method must be a string")
	}
	if params != nil && params[0] != '{' {
		return m, invalidParams("params must be an object")
	}
	m.params = params
	return m, nil
}

// isID reports whether raw JSON is a valid request id: a string or a number.
// MCP narrows JSON-RPC's numbers to integers, but any number is echoed as
// written, since an answer the client can match beats an error.
func isID(raw []byte) bool {
	c := raw[0]
	return c == '"' || c == '-' || '0' <= c && c <= '9'
}

// stringValue decodes raw JSON that should be a string.
func stringValue(raw []byte) (string, bool) {
	s := jsonwire.NewScanner(raw)
	if k, _ := s.Next(); k != jsonwire.String {
		return "", false
	}
	return s.Text(), true
}

// params holds the members of a request's params that the methods read.
type params struct {
	meta, cursor, name, arguments []byte // raw JSON, or nil when absent
}

func parseParams(raw []byte) (p params, e *rpcError) {
	if raw == nil {
		return p, nil
	}
	s := jsonwire.NewScanner(raw)
	dup := ""
	_ = s.Members(func(key string) error { // cannot fail: the line is valid
		v, err := s.Skip()
		var slot *[]byte
		switch key {
		case "_meta":
			slot = &p.meta
		case "cursor":
			slot = &p.cursor
		case "name":
			slot = &p.name
		case "arguments":
			slot = &p.arguments
		}
		if slot != nil {
			if *slot != nil && dup == "" {
				dup = key
			}
			*slot = v
		}
		return err
	})
	if dup != "" {
		return p, invalidParams("params has two " + quote(dup) + " members")
	}
	return p, nil
}

// The _meta members every request of revision 2026-07-28 must carry.
const (
	metaVersion      = "io.modelcontextprotocol/protocolVersion"
	metaCapabilities = "io.modelcontextprotocol/clientCapabilities"
)

// checkMeta checks a request's _meta as MCP requires: a missing field is
// invalid params, and a revision other than abi.ProtocolVersion is answered
// with UnsupportedProtocolVersionError, which tells the client the
// revision to use.
func checkMeta(meta []byte) *rpcError {
	if meta == nil || meta[0] != '{' {
		return invalidParams("params._meta must be an object with " + metaVersion + " and " + metaCapabilities)
	}
	var version, caps []byte
	s := jsonwire.NewScanner(meta)
	_ = s.Members(func(key string) error { // cannot fail: the line is valid
		v, err := s.Skip()
		switch key {
		case metaVersion:
			version = v
		case metaCapabilities:
			caps = v
		}
		return err
	})
	requested, ok := stringValue(version)
	switch {
	case !ok:
		return invalidParams("params._meta must have " + metaVersion + ", a string")
	case requested != abi.ProtocolVersion:
		data := append([]byte(`{"supported":["`+abi.ProtocolVersion+`"],"requested":`), quote(requested)...)
		return &rpcError{code: codeUnsupportedVersion, message: "Unsupported protocol version", data: append(data, '}')}
	case caps == nil || caps[0] != '{':
		return invalidParams("params._meta must have " + metaCapabilities + ", an object")
	}
	return nil
}
