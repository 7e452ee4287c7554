package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

func TestGreet(t *testing.T) {
	g, err := greet(GreetInput{Name: "Ada"})
	if err != nil || g.Message != "Hello, Ada!" {
		t.Errorf("greet(Ada) = %+v, %v", g, err)
	}
	_, err = greet(GreetInput{})
	var te *subako.ToolError
	if !errors.As(err, &te) || te.Message != "name must not be empty" {
		t.Errorf("greet(\"\") error = %#v, want the ToolError \"name must not be empty\"", err)
	}
}

func TestServe(t *testing.T) {
	const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	in := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"},` + meta + "}}\n" +
		`{"jsonrpc":"2.0","id":"2","method":"tools/call","params":{"name":"greet","arguments":{"name":""},` + meta + "}}\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{` + meta + "}}\n"
	var out bytes.Buffer
	if err := subako.ServeIO(&subakoPackage, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	const server = `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","version":"0.0.0","description":"Says hello."}}`
	want := []string{
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],"structuredContent":{"message":"Hello, Ada!"},` + server + `}}`,
		`{"jsonrpc":"2.0","id":"2","result":{"resultType":"complete","content":[{"type":"text","text":"name must not be empty"}],"isError":true,` + server + `}}`,
		`{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","tools":[{"name":"greet","description":"Greet someone by name.","inputSchema":` +
			string(subakoPackage.Tools[0].InputSchema) + `,"outputSchema":` + string(subakoPackage.Tools[0].OutputSchema) + `,"annotations":{"title":"Greet","readOnlyHint":true,"openWorldHint":false},"_meta":{"ai.subako/generator":"subako-go"}}],"ttlMs":300000,"cacheScope":"public",` + server + `}}`,
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("got %d lines:\n%s", len(got), out.String())
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\ngot  %s\nwant %s", i, got[i], want[i])
		}
	}
}

// greet takes any argument bytes without a panic or a JSON-RPC error,
// seeded with subakogo lint's probe cases (go test -fuzz FuzzGreet).
func FuzzGreet(f *testing.F) { subakotest.FuzzTool(f, &subakoPackage, "greet") }
