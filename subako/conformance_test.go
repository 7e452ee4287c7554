package subako

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// A probe is one line a client may send and the one answer it must get, or
// none. Each answer must also be valid against the MCP 2026-07-28 schema:
// as a JSONRPCResponse, and at each member named in schema ("error" for
// the error object, "result", or "" for the whole answer) against the
// definition given.
type probe struct {
	name, line, want string
	schema           map[string]string
}

// Builders for the probes' lines: v and c are the two _meta members every
// request carries; deep(n, inner) nests inner in n arrays.
const (
	v = `"io.modelcontextprotocol/protocolVersion":"2026-07-28"`
	c = `"io.modelcontextprotocol/clientCapabilities":{}`
)

func deep(n int, inner string) string {
	return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
}

var (
	parseErr  = map[string]string{"error": "ParseError"}
	badReq    = map[string]string{"error": "InvalidRequestError"}
	badParams = map[string]string{"error": "InvalidParamsError"}
	noMethod  = map[string]string{"error": "MethodNotFoundError"}
	oldRev    = map[string]string{"": "UnsupportedProtocolVersionError"}
	toolRes   = map[string]string{"": "CallToolResultResponse", "result": "CallToolResult"}
	discRes   = map[string]string{"": "DiscoverResultResponse"}
)

// echoed is the answer of the echo tool whose result is value (as compact
// JSON, and as the text of that JSON).
func echoed(id, value, text string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"result":{"resultType":"complete","content":[{"type":"text","text":"` + text + `"}],"structuredContent":` + value + `,` + serverMeta + `}}`
}

func discovered(id string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":300000,"cacheScope":"public",` + serverMeta + `}}`
}

// The conformance probes: what a client may send besides what Subako does,
// and what the runtime must answer. Every valid JSON request gets an answer
// with its id (whatever its strings and depth), a line that is not JSON
// gets -32700 without one, and notifications get nothing.
var probes = []probe{
	// Not JSON: no id can be trusted, so none is guessed.
	{"cut off", `{"jsonrpc":"2.0","id":1,`, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 24: unexpected end of input, expected a string key"}}`, parseErr},
	{"trailing comma", `{"jsonrpc":"2.0","id":1,"method":"x",}`, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 37: trailing comma before '}'"}}`, parseErr},
	{"two values", `{"jsonrpc":"2.0","id":1,"method":"server/discover"} {}`, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 52: unexpected '{', expected the end of input after the value"}}`, parseErr},
	{"control character", "{\"jsonrpc\":\"2.0\",\"id\":\"a\x01\"}", `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 24: unescaped control character U+0001 in string"}}`, parseErr},
	{"bare word", `hello`, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 0: unexpected 'h', expected a value"}}`, parseErr},
	{"byte order mark", "\xef\xbb\xbf" + request("1", "server/discover", ""), `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 0: unexpected byte 0xef, expected a value"}}`, parseErr},
	{"unclosed deep array", deep(100_000, "")[:150_000], `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: offset 150000: unexpected end of input, expected ',' or ']' after an array element"}}`, parseErr},

	// JSON, but not a request.
	{"array", `[{"jsonrpc":"2.0","id":1,"method":"server/discover"}]`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: a message must be a JSON object"}}`, badReq},
	{"string", `"hello"`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: a message must be a JSON object"}}`, badReq},
	{"deep array", deep(100_000, "1"), `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: a message must be a JSON object"}}`, badReq},
	{"null id", `{"jsonrpc":"2.0","id":null,"method":"server/discover"}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}`, badReq},
	{"true id", `{"jsonrpc":"2.0","id":true,"method":"server/discover"}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}`, badReq},
	{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"server/discover"}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}`, badReq},
	{"deep id", `{"jsonrpc":"2.0","id":` + deep(1000, "1") + `,"method":"server/discover"}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}`, badReq},
	{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"server/discover","params":{"_meta":{` + v + `,` + c + `}}}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}`, badReq},
	{"two ids", `{"jsonrpc":"2.0","id":1,"id":2,"method":"server/discover"}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: the message has two \"id\" members"}}`, badReq},
	{"two ids after two of another", `{"jsonrpc":"000","id":0,"jsonrpc":"","id":"0"}`, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: the message has two \"id\" members"}}`, badReq}, // found by FuzzServe
	{"no jsonrpc", `{"id":1,"method":"server/discover"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: jsonrpc must be \"2.0\""}}`, badReq},
	{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":1,"method":"server/discover"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: jsonrpc must be \"2.0\""}}`, badReq},
	{"jsonrpc number", `{"jsonrpc":2.0,"id":1,"method":"server/discover"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: jsonrpc must be \"2.0\""}}`, badReq},
	{"no method", `{"jsonrpc":"2.0","id":1}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: method must be a string"}}`, badReq},
	{"method number", `{"jsonrpc":"2.0","id":1,"method":7}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: method must be a string"}}`, badReq},
	{"two methods", `{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: the message has two \"method\" members"}}`, badReq},
	{"params array", `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":[1]}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params must be an object"}}`, badParams},

	// Ids, as written: a lone surrogate (JavaScript's "ab😀".slice(0,3))
	// comes back as sent, so the client can match it; invalid UTF-8, which
	// no client can mean, comes back as the U+FFFD it decodes to.
	{"lone surrogate id", request(`"ab\ud83d"`, "server/discover", ""), discovered(`"ab\ud83d"`), discRes},
	{"invalid UTF-8 id", request("\"a\xffb\"", "server/discover", ""), discovered(`"a\ufffdb"`), discRes},
	{"integer id in exponent form", request("1e3", "server/discover", ""), discovered("1e3"), discRes},
	{"integer id with a fraction part", request("2.0", "server/discover", ""), discovered("2.0"), discRes},
	{"id after deep params", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"a":` + deep(600, "") + `},"_meta":{` + v + `,` + c + `}},"id":"late"}`,
		`{"jsonrpc":"2.0","id":"late","result":{"resultType":"complete","content":[{"type":"text","text":"the arguments nest 601 levels deep, past the limit of 512 levels of objects and arrays"}],"isError":true,` + serverMeta + `}}`, toolRes},

	// Strings that are not Unicode text decode to U+FFFD, as in encoding/json.
	{"lone surrogate in arguments", call("1", "echo", `{"s":"ab\ud83d"}`), echoed("1", `{"s":"ab\ufffd"}`, `{\"s\":\"ab\\ufffd\"}`), toolRes},
	{"lone low surrogate in arguments", call("1", "echo", `{"s":"\udc00x"}`), echoed("1", `{"s":"\ufffdx"}`, `{\"s\":\"\\ufffdx\"}`), toolRes},
	{"invalid UTF-8 in arguments", call("1", "echo", "{\"s\":\"\xc3(\"}"), echoed("1", `{"s":"\ufffd("}`, `{\"s\":\"\\ufffd(\"}`), toolRes},
	{"invalid UTF-8 in a key", call("1", "echo", "{\"\xff\":1}"), echoed("1", `{"\ufffd":1}`, `{\"\\ufffd\":1}`), toolRes},
	{"lone surrogate in a tool name", call("1", `ab\ud83d`, "{}"), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool: ab` + "\uFFFD" + `"}}`, badParams},
	{"lone surrogate in a method", request("1", `x\ud800`, ""), `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: x` + "\uFFFD" + `"}}`, noMethod},
	{"lone surrogate in _meta", request("1", "server/discover", `"x":"\ud800"`), discovered("1"), discRes},

	// Depth: the envelope has no limit, the arguments a tool decodes do.
	{"arguments past the limit", call(`"d-1"`, "echo", `{"a":`+deep(600, "1")+`}`),
		`{"jsonrpc":"2.0","id":"d-1","result":{"resultType":"complete","content":[{"type":"text","text":"the arguments nest 601 levels deep, past the limit of 512 levels of objects and arrays"}],"isError":true,` + serverMeta + `}}`, toolRes},
	{"arguments far past the limit", call(`"d-2"`, "echo", `{"a":`+deep(200_000, "")+`}`),
		`{"jsonrpc":"2.0","id":"d-2","result":{"resultType":"complete","content":[{"type":"text","text":"the arguments nest 200001 levels deep, past the limit of 512 levels of objects and arrays"}],"isError":true,` + serverMeta + `}}`, toolRes},
	{"arguments at the limit", call("3", "echo", `{"a":`+deep(511, "")+`}`), echoed("3", `{"a":`+deep(511, "")+`}`, `{\"a\":`+deep(511, "")+`}`), toolRes},
	{"deep member of params", request("4", "tools/list", `"x":`+deep(100_000, "")), "", map[string]string{"": "ListToolsResultResponse"}},
	{"deep member of _meta", `{"jsonrpc":"2.0","id":4,"method":"server/discover","params":{"_meta":{"x":` + deep(100_000, "") + `,` + v + `,` + c + `}}}`, discovered("4"), discRes},
	{"deep unknown member", `{"jsonrpc":"2.0","id":5,"x":` + deep(100_000, "") + `,"method":"server/discover","params":{"_meta":{` + v + `,` + c + `}}}`, discovered("5"), discRes},

	// Notifications and responses: never answered, whatever they hold.
	{"notification with a lone surrogate", `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"\ud800"}}`, "", nil},
	{"notification with invalid UTF-8", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":\"\xff\"}}", "", nil},
	{"deep notification", `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":` + deep(100_000, "") + `}}`, "", nil},
	{"legacy initialized", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "", nil},
	{"cancelled", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`, "", nil},
	{"call without id", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"boom"}}`, "", nil},
	{"bare method", `{"method":"anything"}`, "", nil},
	{"empty object", `{}`, "", nil},
	{"result", `{"jsonrpc":"2.0","id":5,"result":{}}`, "", nil},
	{"error", `{"jsonrpc":"2.0","id":6,"error":{"code":1,"message":"x"}}`, "", nil},

	// Revisions: initialize and any older revision name the one supported.
	{"legacy initialize", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"inspector","version":"0.16.0"}}}`,
		`{"jsonrpc":"2.0","id":0,"error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28, which has no initialize handshake: every request names its revision in params._meta","data":{"supported":["2026-07-28"],"requested":"2025-06-18"}}}`, oldRev},
	{"initialize without params", `{"jsonrpc":"2.0","id":1,"method":"initialize"}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28, which has no initialize handshake: every request names its revision in params._meta","data":{"supported":["2026-07-28"],"requested":""}}}`, oldRev},
	{"initialize of this revision", request("1", "initialize", ""), `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: initialize (this server supports only MCP 2026-07-28, which has no initialize handshake)"}}`, noMethod},
	{"older revision", `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-11-25",` + c + `}}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28","data":{"supported":["2026-07-28"],"requested":"2025-11-25"}}}`, oldRev},
	{"older revision, tools/call", `{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"echo","_meta":{"io.modelcontextprotocol/protocolVersion":"2025-06-18"}}}`,
		`{"jsonrpc":"2.0","id":"c","error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28","data":{"supported":["2026-07-28"],"requested":"2025-06-18"}}}`, oldRev},
	{"older revision, unknown method", `{"jsonrpc":"2.0","id":1,"method":"prompts/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2024-11-05"}}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28","data":{"supported":["2026-07-28"],"requested":"2024-11-05"}}}`, oldRev},
	{"future revision", `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01",` + c + `}}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28","data":{"supported":["2026-07-28"],"requested":"2099-01-01"}}}`, oldRev},

	// Methods this server does not have.
	{"unknown method", request("1", "prompts/list", ""), `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: prompts/list"}}`, noMethod},
	{"ping", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: ping"}}`, noMethod},

	// The _meta every request of 2026-07-28 carries.
	{"no _meta", `{"jsonrpc":"2.0","id":1,"method":"server/discover"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params._meta must be an object with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities"}}`, badParams},
	{"no revision", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{` + c + `}}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params._meta must have io.modelcontextprotocol/protocolVersion, a string"}}`, badParams},
	{"revision a number", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":20260728,` + c + `}}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params._meta must have io.modelcontextprotocol/protocolVersion, a string"}}`, badParams},
	{"no capabilities", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{` + v + `}}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params._meta must have io.modelcontextprotocol/clientCapabilities, an object"}}`, badParams},
	{"two names", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","name":"fail",` + meta + `}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params has two \"name\" members"}}`, badParams},

	// A call that is not a call of a tool.
	{"call without name", request("1", "tools/call", ""), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params.name must be the tool's name, a string"}}`, badParams},
	{"name a number", request("1", "tools/call", `"name":3`), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params.name must be the tool's name, a string"}}`, badParams},
	{"unknown tool", call("1", "nope", "{}"), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool: nope"}}`, badParams},
	{"arguments an array", call("1", "echo", "[1]"), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params.arguments must be an object"}}`, badParams},
	{"arguments a string", call("1", "echo", `"x"`), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params.arguments must be an object"}}`, badParams},
	{"arguments a deep array", call("1", "echo", deep(100_000, "")), `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params.arguments must be an object"}}`, badParams},
}

func TestConformanceProbes(t *testing.T) {
	for _, pr := range probes {
		got := strings.TrimSuffix(serveString(t, testPackage(), pr.line), "\n")
		want := pr.want
		if want == "" && pr.schema != nil {
			want = got // a long answer, checked by its schema alone
			if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":`) {
				t.Errorf("%s: %.300s", pr.name, got)
			}
		}
		if got != want {
			t.Errorf("%s:\ngot  %.600s\nwant %.600s", pr.name, got, want)
			continue
		}
		if want == "" {
			continue
		}
		if strings.Contains(got, "\n") {
			t.Errorf("%s: the answer is more than one line", pr.name)
		}
		if err := mcpschema.Validate("JSONRPCResponse", []byte(got)); err != nil {
			t.Errorf("%s: %v", pr.name, err)
		}
		for member, def := range pr.schema {
			part := []byte(got)
			if member != "" {
				part = memberOf(t, part, member)
			}
			if err := mcpschema.Validate(def, part); err != nil {
				t.Errorf("%s: %s: %v", pr.name, member, err)
			}
		}
	}
}

// memberOf returns the raw value of a top-level member of a message.
func memberOf(t *testing.T, msg []byte, key string) []byte {
	t.Helper()
	s := envelopeScanner(msg)
	var raw []byte
	err := s.Members(func(k string) error {
		v, err := s.Skip()
		if k == key {
			raw = v
		}
		return err
	})
	if err != nil || raw == nil {
		t.Fatalf("no member %q in %.300s: %v", key, msg, err)
	}
	return raw
}
