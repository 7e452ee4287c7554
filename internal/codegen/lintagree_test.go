package codegen_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/toolcheck"
)

// goldenPackages are the generator's golden packages, each written into
// the test module by load.
var goldenPackages = []struct {
	name string
	load func(*testing.T)
}{
	{"everything", func(t *testing.T) { everythingPackage(t) }},
	{"extra", func(t *testing.T) { extraPackage(t) }},
}

// The generator and the tool-list rules agree: the tools a generated
// package lists draw no finding from lint, whose author could act on
// nothing there. The hazards of their Go types (maps, any, recursive
// types, results that are not objects) are the analyzer's to report,
// on the Go source (A020), and the tools say so in their _meta.
func TestLintAgreesWithGenerator(t *testing.T) {
	for _, pk := range goldenPackages {
		pk.load(t)
		n := startNative(t, pk.name)
		fmt.Fprintf(n.in, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`+"\n")
		line, err := n.out.ReadBytes('\n')
		if err != nil {
			t.Fatal(err)
		}
		var answer struct {
			Result struct {
				Tools []json.RawMessage `json:"tools"`
			} `json:"result"`
		}
		if err := json.Unmarshal(line, &answer); err != nil || len(answer.Result.Tools) == 0 {
			t.Fatalf("%s: tools/list: %v\n%s", pk.name, err, line)
		}
		for _, f := range toolcheck.Check(answer.Result.Tools) {
			t.Errorf("%s: %s %s: %s", pk.name, f.Rule.ID, f.Rule.Slug, f.Message)
		}
		// Without the marker, the same tools draw the portability rules.
		var bare []json.RawMessage
		for _, raw := range answer.Result.Tools {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			delete(m, "_meta")
			b, _ := json.Marshal(m)
			bare = append(bare, b)
		}
		if len(toolcheck.Check(bare)) == 0 {
			t.Errorf("%s: the tools without their generator marker draw no finding either: the test shows nothing", pk.name)
		}
	}
}
