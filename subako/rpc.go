package subako

import (
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// rpcError is a JSON-RPC error answer.
type rpcError struct {
	code    int
	message string
	data    []byte // raw JSON, or nil
}

func parseError(err error) *rpcError {
	return &rpcError{code: abi.CodeParseError, message: "Parse error: " + err.Error()}
}

func invalidRequest(why string) *rpcError {
	return &rpcError{code: abi.CodeInvalidRequest, message: "Invalid Request: " + why}
}

func invalidParams(why string) *rpcError {
	return &rpcError{code: abi.CodeInvalidParams, message: "Invalid params: " + why}
}

// message is a request's envelope.
type message struct {
	id     []byte // the id as written (invalid UTF-8 replaced), or nil for a notification
	method string
	params []byte // raw JSON object, or nil when absent
}

// envelopeScanner scans a message, or a part of one, without a depth limit:
// the envelope is only walked, never decoded by recursion, so however deep
// a value nests, the id, method and params around it are still found. (The
// arguments a tool decodes are held to jsonwire.MaxDepth in callTool.)
func envelopeScanner(raw []byte) *jsonwire.Scanner {
	s := jsonwire.NewScanner(raw)
	s.SetMaxDepth(0)
	return s
}

// parseMessage reads a JSON-RPC envelope. A nil id with a nil error means
// nothing is to be answered: ABI 1 ignores every message without an id, and
// a message that carries a result or an error is a response, which JSON-RPC
// never answers. When the error is not nil, m.id is the id to answer with
// (nil when the id could not be read).
func parseMessage(line []byte) (m message, e *rpcError) {
	s := envelopeScanner(line)
	if s.PeekKind() != jsonwire.ObjectBegin {
		_, err := s.Skip()
		if err == nil {
			err = s.Expect(jsonwire.End)
		}
		if err != nil {
			return m, parseError(err)
		}
		return m, invalidRequest("a message must be a JSON object")
	}
	var version, id, method, params []byte
	isResponse, twoIDs := false, false
	dup := "" // the first other member given twice
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
		switch {
		case slot == nil:
		case *slot != nil && key == "id":
			twoIDs = true
		case *slot != nil && dup == "":
			dup = key
		}
		if slot != nil {
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
	case twoIDs:
		return m, invalidRequest(`the message has two "id" members`)
	case id == nil || method == nil && isResponse:
		return m, nil
	case !isID(id):
		return m, invalidRequest("id must be a string or an integer")
	}
	m.id = echoID(id)
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

// isID reports whether raw JSON is a valid request id: a string, or a
// number whose value is an integer, as MCP narrows JSON-RPC's ids. An
// integer is echoed as written (1.0 and 1e3 too, which JSON Schema's
// "integer" accepts), however large.
func isID(raw []byte) bool {
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		return c == '"'
	}
	return isInteger(raw)
}

// isInteger reports whether a valid JSON number's value is an integer:
// whether its exponent, less the digits after the point, plus the zeros
// that end its digits, leaves no fraction. (jsonwire.ParseInt could tell,
// but it costs the module 7 KB.)
func isInteger(num []byte) bool {
	i := 0
	if num[0] == '-' {
		i++
	}
	fraction, zeros, nonzero := 0, 0, false // digits after the point; zeros ending the digits
	point := false
	for ; i < len(num) && num[i] != 'e' && num[i] != 'E'; i++ {
		switch num[i] {
		case '.':
			point = true
			continue
		case '0':
			zeros++
		default:
			zeros, nonzero = 0, true
		}
		if point {
			fraction++
		}
	}
	if !nonzero {
		return true // zero
	}
	exp, neg := 0, false
	if i < len(num) {
		i++ // 'e'
		if num[i] == '+' || num[i] == '-' {
			neg = num[i] == '-'
			i++
		}
		for ; i < len(num); i++ {
			if exp < 1<<30 {
				exp = exp*10 + int(num[i]-'0')
			}
		}
	}
	if neg {
		exp = -exp
	}
	return exp-fraction+zeros >= 0
}

// echoID is the id to answer with: as written, escapes and all, except
// that invalid UTF-8 becomes \ufffd, so that the answer is UTF-8 and
// decodes to the same string the request did.
func echoID(raw []byte) []byte {
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			id, _ := jsonwire.AppendCompact(nil, raw) // cannot fail: raw was scanned
			return id
		}
		i += size
	}
	return raw
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
	argumentsDepth                int    // how deeply arguments nest
	// legacyVersion is the protocolVersion member of params, with which
	// initialize names a revision before 2026-07-28.
	legacyVersion []byte
}

func parseParams(raw []byte) (p params, e *rpcError) {
	if raw == nil {
		return p, nil
	}
	s := envelopeScanner(raw)
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
			p.argumentsDepth = s.SkippedDepth()
		case "protocolVersion":
			slot = &p.legacyVersion
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
	metaVersion      = abi.MetaProtocolVersion
	metaCapabilities = abi.MetaClientCapabilities
)

// metaMembers finds the revision and capabilities in a request's _meta.
func metaMembers(meta []byte) (version, caps []byte) {
	if meta == nil || meta[0] != '{' {
		return nil, nil
	}
	s := envelopeScanner(meta)
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
	return version, caps
}

// checkRevision answers a request for a revision other than
// abi.ProtocolVersion with UnsupportedProtocolVersionError, which names the
// one this server supports: a request whose _meta names another, and
// initialize, the handshake of the revisions before it (unless its _meta
// names this one; then it is a method this revision does not have). The
// versioning page asks a server that speaks only modern revisions to name
// them in its answer to initialize, the only text a legacy client can show.
func checkRevision(method string, p params) *rpcError {
	version, _ := metaMembers(p.meta)
	requested, named := stringValue(version)
	msg := "Unsupported protocol version: this server supports only MCP " + abi.ProtocolVersion
	switch {
	case named && requested == abi.ProtocolVersion:
		return nil
	case !named && method == "initialize":
		requested, _ = stringValue(p.legacyVersion)
		msg += ", which has no initialize handshake: every request names its revision in params._meta"
	case !named:
		return nil // checkMeta says what is missing
	}
	data := append([]byte(`{"supported":["`+abi.ProtocolVersion+`"],"requested":`), quote(requested)...)
	return &rpcError{code: abi.CodeUnsupportedProtocolVersion, message: msg, data: append(data, '}')}
}

// checkMeta checks that a request's _meta has what MCP requires of every
// request; a missing member is invalid params.
func checkMeta(meta []byte) *rpcError {
	if meta == nil || meta[0] != '{' {
		return invalidParams("params._meta must be an object with " + metaVersion + " and " + metaCapabilities)
	}
	version, caps := metaMembers(meta)
	if _, ok := stringValue(version); !ok {
		return invalidParams("params._meta must have " + metaVersion + ", a string")
	}
	if caps == nil || caps[0] != '{' {
		return invalidParams("params._meta must have " + metaCapabilities + ", an object")
	}
	return nil
}
