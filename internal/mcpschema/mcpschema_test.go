package mcpschema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every example message of the revision is valid against the definition its
// folder names, and each definition refuses a broken instance: the validator
// can fail.
func TestExamples(t *testing.T) {
	dirs, err := filepath.Glob("../../../shared/spec/mcp-2026-07-28/examples/*")
	if err != nil || len(dirs) == 0 {
		t.Skip("the shared MCP examples are not here (../shared/spec/mcp-2026-07-28/examples)")
	}
	n := 0
	for _, dir := range dirs {
		def := filepath.Base(dir)
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := Validate(def, b); err != nil {
				t.Errorf("%s: %v", f, err)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
}

func TestRefuses(t *testing.T) {
	for _, tc := range []struct{ def, instance, want string }{
		{"JSONRPCErrorResponse", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, "JSONRPCErrorResponse"},
		{"CallToolResult", `{"resultType":"complete","content":[{"type":"resource_link","name":"a.png"}]}`, "CallToolResult"},
		{"ParseError", `{"code":-32601,"message":"x"}`, "ParseError"},
		{"CallToolResult", `{"content":`, "not JSON"},
		{"NoSuchDefinition", `{}`, `definition "NoSuchDefinition"`},
	} {
		err := Validate(tc.def, []byte(tc.instance))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate(%s, %s) = %v, want an error naming %q", tc.def, tc.instance, err, tc.want)
		}
	}
}
