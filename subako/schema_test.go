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

func TestAnswersMatchMCPSchema(t *testing.T) {
	volume(t, "/volume/tmp/My Chart #1/ü%.png")
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
	validate(t, "DiscoverResult", string(memberOf(t, []byte(serveString(t, p, discover)), "result")))

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
		validate(t, "CallToolResult", string(memberOf(t, []byte(out), "result")))
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
