package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// The _meta keys of MCP 2026-07-28 that serve reads and writes.
const (
	metaProtocolVersion = abi.MetaProtocolVersion
	metaClientCaps      = abi.MetaClientCapabilities
	metaClientInfo      = abi.MetaClientInfo
)

// maxMessage bounds one message from a client, on stdio and over HTTP. A
// tool's arguments are the only large part, and Subako's own requests are
// far smaller.
const maxMessage = 16 << 20

// rpcError is a JSON-RPC error answer, with the HTTP status that goes with
// it on the Streamable HTTP transport.
type rpcError struct {
	Code    int
	Message string
	Data    any // marshalled into the error object's data
	status  int
}

func (e *rpcError) Error() string { return e.Message }

// object is the error object on the wire.
func (e *rpcError) object() *mcp.Error {
	o := &mcp.Error{Code: e.Code, Message: e.Message}
	if e.Data != nil {
		o.Data, _ = json.Marshal(e.Data)
	}
	return o
}

// quoteMax bounds a quote, in an error message, of text a client sent (a
// tool or method name, an id, a cursor, a header): a valid tool name is
// quoted whole.
const quoteMax = abi.ToolNameMax

// clientText is s, text a client sent, cut to quoteMax runes and "…" for
// an error message: a message up to maxMessage must not be copied whole
// into the answer and the log (attack pass 40o, row 3).
func clientText(s string) string { return termsafe.Clip(s, quoteMax) }

// invalidParams is a request a server understood but cannot serve (an
// unknown tool, a bad cursor).
func invalidParams(msg string) *rpcError {
	return &rpcError{Code: abi.CodeInvalidParams, Message: msg, status: 200}
}

// malformed is a request that is not well formed (no _meta, params not an
// object), which Streamable HTTP answers with 400 Bad Request.
func malformed(msg string) *rpcError {
	return &rpcError{Code: abi.CodeInvalidParams, Message: msg, status: 400}
}

// parseMessage decodes one line or body. A message that is not JSON, not
// an object, or not JSON-RPC 2.0 is answered with the matching error.
func parseMessage(b []byte) (*mcp.Message, *rpcError) {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "batches are not part of MCP since 2025-06-18: send one message at a time", status: 400}
	}
	var m mcp.Message
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(&m); err != nil {
		return nil, &rpcError{Code: abi.CodeParseError, Message: "parse error: " + err.Error(), status: 400}
	}
	if d.More() {
		return nil, &rpcError{Code: abi.CodeParseError, Message: "parse error: more than one JSON value in a message", status: 400}
	}
	if err := uniqueKeys(b, 0); err != nil {
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "invalid message: " + err.Error(), status: 400}
	}
	switch {
	case m.JSONRPC != mcp.Version:
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: `not a JSON-RPC 2.0 message: "jsonrpc" must be "2.0"`, status: 400}
	case m.Method == "" && (m.Result != nil || m.Error != nil):
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "a response from the client: this server sends no requests", status: 400}
	case m.Method == "":
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: `no "method"`, status: 400}
	}
	if len(m.ID) > 0 && !m.HasID() {
		// A request with "id": null: MCP forbids a null id. It is not a
		// notification, which has no id member at all, so its client waits
		// for an answer (attack pass 44b, row 4: it was dropped as one).
		// The answer has no id member: MCP's JSONRPCErrorResponse allows
		// none, and an id only of a string or an integer, not JSON-RPC's
		// null.
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "a request id must be a string or an integer, not null", status: 400}
	}
	if m.IsRequest() {
		if err := checkID(m.ID); err != nil {
			return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: err.Error(), status: 400}
		}
	}
	return &m, nil
}

// maxIDBytes bounds a request id, its JSON as sent: serve keeps every
// request's id while it is open (the in-flight calls a cancellation finds,
// an open subscription's, which it echoes in each notification), so an id
// must not be the 16 MiB of a message (attack pass 41d: 16 listens with
// ids of 15 MiB held 750 MiB). A UUID is 38 bytes as a JSON string.
const maxIDBytes = 512

// checkID accepts the ids MCP allows: a string or an integer, of at most
// maxIDBytes. It is the one check of every request's id, on stdio and
// over HTTP, before anything keeps it. An id is kept and answered as the
// client wrote it (its raw JSON), so 1e2 is answered 1e2.
func checkID(id json.RawMessage) error {
	if len(id) > maxIDBytes {
		return errors.New("a request id of " + strconv.Itoa(len(id)) + " bytes, over the " + strconv.Itoa(maxIDBytes) +
			" this server keeps while a request is open")
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(id))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return err
	}
	switch v := v.(type) {
	case string:
		return nil
	case json.Number:
		switch k, _ := integerDigits(string(v)); k {
		case isInteger:
			return nil
		case tooManyDigits:
			return errors.New("a request id must be a string or an integer of at most " + strconv.Itoa(maxIDBytes) +
				" digits, not " + clientText(string(v)))
		}
	}
	return errors.New("a request id must be a string or an integer, not " + clientText(string(id)))
}

// integerKind is what integerDigits makes of a JSON number.
type integerKind int

const (
	notInteger integerKind = iota
	isInteger
	tooManyDigits // an integer whose digits, written out, are more than maxIDBytes
)

// expCap bounds the exponent integerDigits reads: past it, with at most
// maxIDBytes digits in the mantissa, the number has too many digits
// (a positive exponent) or a fraction (a negative one) whatever the rest.
const expCap = 1 << 20

// idKey is the identity of a request id, by which serve finds a request in
// flight: a string by its value, an integer by its decimal digits, so a
// notifications/cancelled naming 100 finds the request sent as 1e2 or
// 100.0 (attack pass 45i, row 4: requests were found by the id's text,
// while the id is answered as written). A string that decoding changed
// (a lone surrogate, a byte not UTF-8) and anything else (no request has
// such an id: checkID) is its text.
func idKey(id json.RawMessage) string {
	var v any
	d := json.NewDecoder(bytes.NewReader(id))
	d.UseNumber()
	if d.Decode(&v) == nil {
		switch v := v.(type) {
		case string:
			// Decoding turns every lone surrogate escape and every byte
			// that is not UTF-8 into U+FFFD: such an id is keyed by its
			// text, so that "\ud800" and "\udc00", two ids to a client
			// that keeps lone surrogates, are two requests (attack pass
			// 46b, row 3: a cancel of one cancelled the other). A U+FFFD
			// the id really holds, however written, is its value (46e,
			// row 4: "\ufffd" and "\uFFFD" were two keys).
			if utf8.Valid(id) && !loneSurrogate(id) {
				return "s" + v
			}
		case json.Number:
			if k, digits := integerDigits(string(v)); k == isInteger {
				return "i" + digits
			}
		}
	}
	return "r" + string(id)
}

// loneSurrogate says whether a JSON string's text escapes a surrogate
// that is not half of a pair (\ud800 alone, \udc00 first).
func loneSurrogate(text []byte) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' || i+1 >= len(text) {
			continue
		}
		if text[i+1] != 'u' {
			i++ // an escape of one character: \\ among them
			continue
		}
		r, ok := hex4(text, i+2)
		switch {
		case !ok:
			return false // not JSON: checkID refused it
		case r >= 0xd800 && r < 0xdc00:
			if next, ok := hex4(text, i+8); !ok || text[i+6] != '\\' || text[i+7] != 'u' || next < 0xdc00 || next >= 0xe000 {
				return true
			}
			i += 11 // the pair
		case r >= 0xdc00 && r < 0xe000:
			return true
		default:
			i += 5
		}
	}
	return false
}

// hex4 reads the four hex digits at text[i:].
func hex4(text []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(text) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(text[i:i+4]), 16, 16)
	return rune(v), err == nil
}

// integerDigits says whether n, a valid JSON number, is an integer as JSON
// Schema counts them (MCP's RequestId: "type": ["string","integer"], any
// number whose fractional part is zero: 18446744073709552000, 1.0, 1e2,
// 120e-1), read from its text alone in one pass: no big number is made
// of it, so 1e999999999 costs what its 11 bytes cost. An integer of more
// than maxIDBytes digits (1e999999999) is tooManyDigits: an id is at most
// maxIDBytes as written, and one that means more digits is refused too
// (attack pass 45b, row 3: ids were only what Int64 parses, so JavaScript's
// 2**64, 1.0 and 1e2 were refused). An integer's digits are its value
// in decimal, as idKey keys it: "-100" for -1e2 and -100.0, "0" for -0.
func integerDigits(n string) (integerKind, string) {
	sign := ""
	if strings.HasPrefix(n, "-") {
		sign, n = "-", n[1:]
	}
	mant, exp, _ := strings.Cut(strings.ToLower(n), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	e := 0
	if exp != "" {
		neg := exp[0] == '-'
		exp = strings.TrimLeft(exp, "+-")
		for i := 0; i < len(exp) && e < expCap; i++ {
			e = e*10 + int(exp[i]-'0')
		}
		if neg {
			e = -e
		}
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return isInteger, "0" // zero, however written
	}
	trimmed := strings.TrimRight(digits, "0")
	// The number is trimmed * 10^scale.
	scale := e - len(frac) + (len(digits) - len(trimmed))
	switch {
	case scale < 0:
		return notInteger, ""
	case len(trimmed)+scale > maxIDBytes:
		return tooManyDigits, ""
	}
	return isInteger, sign + trimmed + strings.Repeat("0", scale)
}

// resultLine is the answer to id with result.
func resultLine(id json.RawMessage, result any) []byte {
	if r, ok := result.(*mcp.CallToolResult); ok {
		return callResultLine(id, r)
	}
	return marshalledLine(id, result)
}

// marshalledLine is resultLine by json.Marshal.
func marshalledLine(id json.RawMessage, result any) []byte {
	b, err := json.Marshal(mcp.Response{JSONRPC: mcp.Version, ID: id, Result: result})
	if err != nil {
		return errorLine(id, &rpcError{Code: abi.CodeInternalError, Message: "the result cannot be encoded: " + err.Error()})
	}
	return b
}

// errorLine is the error answer to id; a nil id (the request could not be
// read) leaves it out.
func errorLine(id json.RawMessage, e *rpcError) []byte {
	b, _ := json.Marshal(mcp.Response{JSONRPC: mcp.Version, ID: id, Error: e.object()})
	return b
}

// notificationLine is a notification from the server.
func notificationLine(method string, params any) []byte {
	b, _ := json.Marshal(mcp.Notification{JSONRPC: mcp.Version, Method: method, Params: params})
	return b
}

// objectParams decodes params as an object; absent params are an empty one.
func objectParams(p json.RawMessage) (map[string]json.RawMessage, *rpcError) {
	out := map[string]json.RawMessage{}
	if len(p) == 0 || string(p) == "null" {
		return out, nil
	}
	if err := json.Unmarshal(p, &out); err != nil {
		return nil, malformed("params must be an object")
	}
	return out, nil
}

// uniqueKeys refuses an object with a key twice, in the message and in the
// members serve reads (params, params._meta), and a member of the message
// in another case ("Method"): JSON leaves the meaning of
// {"method":"a","method":"b"} open, and serve and the module must not read
// the same message two ways (internal/jsonkeys). Arguments are the
// module's to judge.
func uniqueKeys(obj []byte, depth int) error {
	if t := bytes.TrimSpace(obj); len(t) == 0 || t[0] != '{' {
		return nil // not an object: nothing of it is read by key
	}
	var known []string
	if depth == 0 {
		known = mcp.MessageKeys // "Method" beside "method" too
	}
	return jsonkeys.Members(obj, known, func(k string, v json.RawMessage) error {
		if (depth == 0 && k == "params") || (depth == 1 && k == "_meta") {
			return uniqueKeys(v, depth+1)
		}
		return nil
	})
}
