package subako

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/mcpschema"
)

func validate(t *testing.T, def, instance string) {
	t.Helper()
	if err := mcpschema.Validate(def, []byte(instance)); err != nil {
		t.Errorf("%.500s\n%v", instance, err)
	}
}

// resultOf extracts the result member of an answer line.
func resultOf(t *testing.T, line string) string {
	t.Helper()
	s := strings.TrimSuffix(line, "\n")
	i := strings.Index(s, `,"result":`)
	if i < 0 {
		t.Fatalf("no result in %.300s", s)
	}
	return s[i+len(`,"result":`) : len(s)-1]
}

func TestAnswersMatchMCPSchema(t *testing.T) {
	p := testPackage()
	p.Tools = append(p.Tools, Tool{
		Name:        "chart",
		InputSchema: []byte(`{"type":"object"}`),
		Call: func([]byte) Result {
			return NewAnswer(0).WithImageFile("/volume/tmp/My Chart #1/ü%.png").WithImage("image/gif", []byte("GIF89a")).Result([]byte(`{"ok":true}`))
		},
	}, Tool{
		Name:        "list",
		InputSchema: []byte(`{"type":"object"}`),
		Call:        func([]byte) Result { return ValueResult([]byte(`[1,"two",null]`)) },
	})

	discover := request(`"discover-1"`, "server/discover", "")
	validate(t, "DiscoverRequest", discover)
	validate(t, "DiscoverResultResponse", serveString(t, p, discover))
	validate(t, "DiscoverResult", resultOf(t, serveString(t, p, discover)))

	list := request("2", "tools/list", "")
	validate(t, "ListToolsRequest", list)
	validate(t, "ListToolsResultResponse", serveString(t, p, list))

	for _, args := range []struct{ tool, args string }{
		{"echo", `{"a":[1,2]}`}, {"echo", ""}, {"fail", "{}"}, {"boom", "{}"}, {"text", "{}"},
		{"big", "{}"}, {"picture", `{"n":10}`}, {"picture", `{"n":900000}`}, {"chart", "{}"}, {"list", "{}"},
	} {
		line := call(`"call-1"`, args.tool, args.args)
		validate(t, "CallToolRequest", line)
		out := serveString(t, p, line)
		validate(t, "CallToolResultResponse", out)
		validate(t, "CallToolResult", resultOf(t, out))
	}
}

// A paged list is valid on every page, nextCursor included.
func TestPagedListMatchesMCPSchema(t *testing.T) {
	p := &Package{Name: "many"}
	for range 70 {
		p.Tools = append(p.Tools, Tool{Name: "t" + string(rune('a'+len(p.Tools)%26)) + strings.Repeat("x", len(p.Tools)), InputSchema: []byte(`{"type":"object"}`), Call: func([]byte) Result { return TextResult("") }})
	}
	first := serveString(t, p, request("1", "tools/list", ""))
	if !strings.Contains(first, `"nextCursor":"64"`) {
		t.Fatalf("no second page: %.200s", first)
	}
	validate(t, "ListToolsResultResponse", first)
	second := request("2", "tools/list", `"cursor":"64"`)
	validate(t, "ListToolsRequest", second)
	validate(t, "ListToolsResultResponse", serveString(t, p, second))
}

func TestErrorsMatchMCPSchema(t *testing.T) {
	for _, tc := range []struct{ line, def string }{
		{`{"jsonrpc":"2.0","id":1,`, "ParseError"},
		{`[1]`, "InvalidRequestError"},
		{`{"jsonrpc":"2.0","id":true,"method":"x"}`, "InvalidRequestError"},
		{`{"jsonrpc":"1.0","id":"a","method":"x"}`, "InvalidRequestError"},
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, "MethodNotFoundError"},
		{request("1", "tools/list", `"cursor":"nope"`), "InvalidParamsError"},
		{call("1", "nope", "{}"), "InvalidParamsError"},
		{`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`, "InvalidParamsError"},
	} {
		out := strings.TrimSuffix(serveString(t, testPackage(), tc.line), "\n")
		validate(t, "JSONRPCErrorResponse", out)
		i := strings.Index(out, `"error":`)
		validate(t, tc.def, out[i+len(`"error":`):len(out)-1])
	}
	out := serveString(t, testPackage(), `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}`)
	validate(t, "UnsupportedProtocolVersionError", out)
	validate(t, "JSONRPCErrorResponse", out)
}

// The harness must be able to fail: these break the schema.
func TestSchemaHarnessRejects(t *testing.T) {
	for _, tc := range []struct{ def, instance string }{
		{"DiscoverResult", `{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}`},
		{"JSONRPCErrorResponse", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`},
		{"CallToolResult", `{"resultType":"complete","content":[{"type":"resource_link","name":"a.png"}]}`},
		{"ListToolsResult", `{"resultType":"complete","tools":[{"name":"a","inputSchema":{"type":"array"}}],"ttlMs":0,"cacheScope":"public"}`},
	} {
		if mcpschema.Validate(tc.def, []byte(tc.instance)) == nil {
			t.Errorf("%s accepted %s", tc.def, tc.instance)
		}
	}
}
