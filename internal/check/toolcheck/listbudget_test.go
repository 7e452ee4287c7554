package toolcheck

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
)

// compiledValues is the JSON values of the schemas a check compiled.
func compiledValues(t *testing.T, c *toolsCheck) int {
	t.Helper()
	n := 0
	for raw := range c.compiled {
		var doc any
		if err := json.Unmarshal([]byte(raw), &doc); err != nil {
			t.Fatal(err)
		}
		n += offlineschema.Values(doc)
	}
	return n
}

// TestListSchemasCompiledWithinBudget: T019 bounds one schema's compile,
// and the list's compiles are bounded too. Over 256 KiB (T013) nothing is
// compiled, as over 64 KiB (T012) for one schema: attack pass 51e's 34
// tools of an anyOf of 9,990 {} (1 MiB) had every schema compiled, 12 s
// of Check's CPU. Under it, the list compiles at most
// offlineschema.MaxListSchemaValues, and the schemas past it are T019:
// eleven tools of 10,000 values each (220 KB, each under every cap) had
// 110,000 compiled with no finding. Counted by the values compiled.
func TestListSchemasCompiledWithinBudget(t *testing.T) {
	t.Parallel()
	padded := func(n int) []string { // each 10,000 values, 20 KB, and one inputSchema of 7
		var tools []string
		for i := range n {
			tools = append(tools, `{"name":"t`+strconv.Itoa(i)+`","description":"Count the things you have.","inputSchema":`+cleanSchema+`,"outputSchema":`+
				strings.Replace(paddedOutput(offlineschema.MaxSchemaValues-11), `"n"`, `"n`+strconv.Itoa(i)+`"`, 2)+`}`)
		}
		return tools
	}
	anyOfs := func(n int) []string { // attack pass 51e's shape: 9,994 values, 30 KB
		var tools []string
		for i := range n {
			tools = append(tools, bulkSchemaTool(strconv.Itoa(i), offlineschema.MaxSchemaValues-10))
		}
		return tools
	}
	for _, c := range []struct {
		name     string
		tools    []string
		want     []string // rule IDs
		compiled int      // distinct schemas compiled
		msg      string
	}{
		{"nine tools of 10,000 values, under the budget", padded(9), nil, 10, ""},
		{"eleven tools of 10,000 values, past the budget", padded(11), []string{"T019"}, 10,
			`the tool list's schemas hold 110,007 JSON values in all (a schema listed twice counted once), past the 100,000 subakogo compiles for one list: 2 schemas (tool "t9"'s outputSchema and tool "t10"'s outputSchema) were not compiled`},
		{"34 tools of an anyOf of 9,990 {}, 1 MiB", anyOfs(34), []string{"T013"}, 0, "the tools together are 1,0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := check(toolList(t, c.tools...))
			fs := got.out.Findings()
			var ids []string
			for _, f := range fs {
				if !slices.Contains(ids, f.Rule.ID) {
					ids = append(ids, f.Rule.ID)
				}
				if f.Rule == rules.SchemaValues && f.Severity() != rules.Error {
					t.Errorf("T019 is %s, want an error", f.Severity())
				}
			}
			if !slices.Equal(ids, c.want) {
				t.Fatalf("findings %v, want %v\n%s", ids, c.want, messages(fs))
			}
			if c.msg != "" && !strings.Contains(fs[0].Message, c.msg) {
				t.Errorf("%q does not contain %q", fs[0].Message, c.msg)
			}
			if n := len(got.compiled); n != c.compiled {
				t.Errorf("%d schemas compiled, want %d", n, c.compiled)
			}
			if n := compiledValues(t, got); n > offlineschema.MaxListSchemaValues {
				t.Errorf("the schemas compiled hold %d JSON values in all, past the list's %d", n, offlineschema.MaxListSchemaValues)
			}
		})
	}
}
