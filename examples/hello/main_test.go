package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/subako"
)

func TestGreet(t *testing.T) {
	g, err := greet(greetInput{Name: "Ada"})
	if err != nil || g.Message != "Hello, Ada!" {
		t.Errorf("greet(Ada) = %+v, %v", g, err)
	}
	_, err = greet(greetInput{})
	var te *subako.ToolError
	if !errors.As(err, &te) || te.Message != "name must not be empty" {
		t.Errorf("greet(\"\") error = %#v, want the ToolError \"name must not be empty\"", err)
	}
}

func TestDecodeGreetInput(t *testing.T) {
	for _, c := range []struct {
		args, name, err string
	}{
		{args: `{"name":"Ada"}`, name: "Ada"},
		{args: ` { "name" : "Zoë \u2603" } `, name: "Zoë ☃"},
		{args: `{"name":""}`, name: ""},
		{args: `{}`, err: "name is required"},
		{args: `{"name":42}`, err: "name: "},
		{args: `{"name":"Ada","age":3}`, err: `unknown argument "age"`},
		{args: `[]`, err: "the arguments must be an object"},
		{args: `{"name":"Ada"`, err: "the arguments are not valid JSON"},
	} {
		in, err := decodeGreetInput([]byte(c.args))
		switch {
		case c.err == "" && (err != nil || in.Name != c.name):
			t.Errorf("%s: got %q, %v; want %q", c.args, in.Name, err, c.name)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("%s: error %v, want one starting %q", c.args, err, c.err)
		}
	}
}

func TestEncodeGreeting(t *testing.T) {
	got := string(encodeGreeting(greeting{Message: "Hello, \"Ada\"!"}))
	if want := `{"message":"Hello, \"Ada\"!"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// The package answers through the runtime exactly as the ABI page shows.
func TestServe(t *testing.T) {
	const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	in := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"},` + meta + "}}\n" +
		`{"jsonrpc":"2.0","id":"2","method":"tools/call","params":{"name":"greet","arguments":{"name":""},` + meta + "}}\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{` + meta + "}}\n"
	var out bytes.Buffer
	if err := subako.ServeIO(pkg, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	const server = `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","version":"0.0.0","description":"Says hello."}}`
	want := []string{
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],"structuredContent":{"message":"Hello, Ada!"},` + server + `}}`,
		`{"jsonrpc":"2.0","id":"2","result":{"resultType":"complete","content":[{"type":"text","text":"name must not be empty"}],"isError":true,` + server + `}}`,
		`{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","tools":[{"name":"greet","description":"Greet someone by name.","inputSchema":` +
			string(pkg.Tools[0].InputSchema) + `,"outputSchema":` + string(pkg.Tools[0].OutputSchema) + `}],"ttlMs":300000,"cacheScope":"public",` + server + `}}`,
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
