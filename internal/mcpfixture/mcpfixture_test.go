package mcpfixture

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestServeAnswersRequestsOnly: Serve answers server/discover itself,
// hands on each other line that decodes as a request with an id, its
// params decoded, and passes over blank lines, notifications, lines that
// are not JSON and params of the wrong shape; a last line without a
// newline counts; Reply's line is complete.
func TestServeAnswersRequestsOnly(t *testing.T) {
	name := t.TempDir() + "/in"
	lines := "{\"id\":1,\"method\":\"a\",\"params\":{\"name\":\"x\"}}\n\n  \n" +
		"{\"method\":\"note\"}\n{\"id\":3,\"method\":\"server/discover\"}\nnot json\n{\"id\":2,\"method\":\"b\",\"params\":{\"name\":5}}\n" +
		"{\"id\":\"c\",\"method\":\"c\"}"
	if err := os.WriteFile(name, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	stdin, stdout := os.Stdin, os.Stdout
	os.Stdin, os.Stdout = in, out
	defer func() { os.Stdin, os.Stdout = stdin, stdout }()
	var got []string
	Serve("m", "", func(req Request[struct{ Name string }]) {
		got = append(got, string(req.ID)+" "+req.Method+" "+req.Params.Name)
		Reply(req.ID, map[string]any{"content": []any{Text("t")}})
	})
	os.Stdin, os.Stdout = stdin, stdout
	if want := []string{"1 a x", `"c" c `}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answered %q, want %q", got, want)
	}
	b, _ := os.ReadFile(out.Name())
	want := `{"id":1,"jsonrpc":"2.0","result":{"content":[{"text":"t","type":"text"}],"resultType":"complete"}}` + "\n" +
		`{"id":3,"jsonrpc":"2.0","result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"m","version":"1.0.0"}},"cacheScope":"public",` +
		`"capabilities":{"tools":{}},"resultType":"complete","supportedVersions":["2026-07-28"],"ttlMs":0}}` + "\n" +
		`{"id":"c","jsonrpc":"2.0","result":{"content":[{"text":"t","type":"text"}],"resultType":"complete"}}` + "\n"
	if string(b) != want {
		t.Errorf("wrote %s, want %s", b, want)
	}
}

// TestDiscoverInstructions: instructions are there only when not empty.
func TestDiscoverInstructions(t *testing.T) {
	with, _ := json.Marshal(Discover("m", "Do."))
	without, _ := json.Marshal(Discover("m", ""))
	if !strings.Contains(string(with), `"instructions":"Do."`) || strings.Contains(string(without), "instructions") ||
		!strings.Contains(string(without), `"io.modelcontextprotocol/serverInfo":{"name":"m","version":"1.0.0"}`) {
		t.Errorf("with: %s\nwithout: %s", with, without)
	}
}
