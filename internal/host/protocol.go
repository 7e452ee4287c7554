package host

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// ClientName and ClientVersion are what the host says it is in _meta:
// what Subako says (the ABI's own request), never a name of the linter's,
// so that a module cannot answer the linter one thing and Subako another
// by them (attack pass 36c: a module that compared clientInfo's name with
// "subako-go" showed the linter a clean tool list and Subako a poisoned
// one). docs/host.md says what else a module could still tell by.
const (
	ClientName    = "subako"
	ClientVersion = "0.2.3"
)

// subakoMeta is the _meta Subako writes in every request, member for
// member in its order: the revision, clientInfo, the capabilities.
var subakoMeta = func() []byte {
	b := []byte("{")
	b = appendMember(b, abi.MetaProtocolVersion, abi.ProtocolVersion)
	b = append(b, ',')
	b = appendString(b, abi.MetaClientInfo)
	b = append(b, `:{`...)
	b = appendMember(b, "name", ClientName)
	b = append(b, ',')
	b = appendMember(b, "version", ClientVersion)
	b = append(b, "},"...)
	b = appendString(b, abi.MetaClientCapabilities)
	return append(b, `:{}}`...)
}()

// param is one member of a request's params: a string, or raw JSON
// (compacted as it is sent).
type param struct {
	key string
	str string
	raw json.RawMessage
}

// request builds one JSON-RPC request line byte for byte as Subako writes
// it (the ABI's tools/call): "jsonrpc", "id", "method", then "params" with
// its members in the order given and _meta last; no initialize. id is a
// JSON string or number, written exactly as given.
func request(id json.RawMessage, method string, params ...param) []byte {
	b := append([]byte(`{"jsonrpc":"2.0","id":`), id...)
	b = append(b, ',')
	b = appendMember(b, "method", method)
	b = append(b, `,"params":{`...)
	for _, p := range params {
		b = appendString(b, p.key)
		b = append(b, ':')
		if p.raw == nil {
			b = appendString(b, p.str)
			b = append(b, ',')
			continue
		}
		var c bytes.Buffer
		if json.Compact(&c, p.raw) != nil {
			c.Reset()
			c.WriteString("null") // not JSON: no caller sends it
		}
		b = append(append(b, c.Bytes()...), ',')
	}
	b = append(b, `"_meta":`...)
	b = append(b, subakoMeta...)
	return append(b, "}}"...)
}

// ToolCall is a tools/call request line for tool with args (an object).
func ToolCall(id json.RawMessage, tool string, args json.RawMessage) []byte {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	return request(id, abi.MethodToolsCall, param{key: "name", str: tool}, param{key: "arguments", raw: args})
}

// appendMember appends "key":"value".
func appendMember(b []byte, key, value string) []byte {
	b = appendString(b, key)
	b = append(b, ':')
	return appendString(b, value)
}

// appendString appends s as a JSON string the way Subako's writer
// (serde_json) does, where Go's encoder differs: '<', '>', '&', U+2028
// and U+2029 are never escaped, so a module cannot tell the linter by the
// escapes of a cursor it chose.
func appendString(b []byte, s string) []byte { return jsonwire.AppendStringAsSerde(b, s) }

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

// textProblem says why a line is not Unicode text, or "": a byte that is
// not UTF-8 (RFC 8259 8.1: JSON exchanged between systems must be UTF-8),
// or a \u escape of a surrogate without its other half. encoding/json
// reads both as U+FFFD, so what the linter checked would not be what the
// module sent, and a strict reader (serde_json, as the manifest and
// subako_http requests are read here: jsonwire.RequireValidText) refuses
// the line. One pass over the bytes. A backslash outside a string is no
// escape, but such a line is not JSON either.
func textProblem(line []byte) string {
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '\\':
			if i+1 < len(line) && line[i+1] == 'u' {
				if r, ok := hexRune(line, i+2); ok && 0xD800 <= r && r <= 0xDFFF {
					if lo, ok := hexRune(line, i+8); ok && r <= 0xDBFF && line[i+6] == '\\' && line[i+7] == 'u' && 0xDC00 <= lo && lo <= 0xDFFF {
						i += 12
						continue
					}
					return "a lone surrogate " + string(line[i:i+6]) + " at byte " + strconv.Itoa(i)
				}
			}
			i++
			if i < len(line) && line[i] < utf8.RuneSelf {
				i++ // the escaped character, never the start of another escape
			}
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(line[i:])
			if r == utf8.RuneError && size == 1 {
				return "not UTF-8 at byte " + strconv.Itoa(i)
			}
			i += size
		}
	}
	return ""
}

// hexRune decodes the four hex digits at line[i:].
func hexRune(line []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(line) {
		return 0, false
	}
	var r rune
	for _, c := range line[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// lineProblem says why a line that is no message is none, when the reason
// is one a reader would not see from the line itself: text that is not
// Unicode (textProblem), or members written twice (envelopeProblem).
func lineProblem(line []byte) string {
	if why := textProblem(line); why != "" {
		return why
	}
	return envelopeProblem(line)
}

// ParseMessage decodes a line; ok is false when it is not a JSON-RPC 2.0
// message (not Unicode text, not JSON, not an object, no "jsonrpc":"2.0",
// a member written twice or in another case, or an error member that is
// not an error object).
func ParseMessage(line []byte) (Message, bool) {
	var m Message
	if textProblem(line) != "" {
		return m, false
	}
	err := jsonkeys.Members(line, mcp.MessageKeys, m.SetMember)
	if err != nil || m.JSONRPC != mcp.Version {
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
