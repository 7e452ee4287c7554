package tooldiff

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// listProblemRules are the rules TestListProblems draws (lists that
// cannot be compared with themselves without a finding).
var listProblemRules = []string{"D014", "D015", "D114"}

// TestListProblems: a tool without an object inputSchema is an error in
// the new list and a finding in the old one; entries that are not
// objects, have no name or repeat a name are errors, never skipped.
func TestListProblems(t *testing.T) {
	t.Parallel()
	ok := `{"name": "t", "inputSchema": {"type": "object"}}`
	for _, c := range []struct {
		name, old, new string
		want           []string
		says           string
	}{
		{"inputSchema missing", `[` + ok + `]`, `[{"name": "t"}]`, []string{"D014"}, "no inputSchema"},
		{"inputSchema null", `[` + ok + `]`, `[{"name": "t", "inputSchema": null}]`, []string{"D014"}, `"inputSchema": null`},
		{"inputSchema not an object", `[` + ok + `]`, `[{"name": "t", "inputSchema": "object"}]`, []string{"D014"}, "not an object"},
		{"missing in both", `[{"name": "t"}]`, `[{"name": "t"}]`, []string{"D014"}, "no inputSchema"},
		{"missing in the old one", `[{"name": "t", "inputSchema": null}]`, `[` + ok + `]`, []string{"D114"}, "the old version had"},
		{"not an object", `[` + ok + `]`, `[` + ok + `, 7]`, []string{"D015"}, "the new list's tools[1] is not an object"},
		{"no name", `[` + ok + `]`, `[` + ok + `, {"title": "x"}]`, []string{"D015"}, "the new list's tools[1] has no name"},
		{"duplicate", `[` + ok + `, ` + ok + `]`, `[` + ok + `]`, []string{"D015"}, "the old list's tools[1] has the name of tools[0]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var old, new []json.RawMessage
			if json.Unmarshal([]byte(c.old), &old) != nil || json.Unmarshal([]byte(c.new), &new) != nil {
				t.Fatal("bad case")
			}
			cs := Compare(old, new)
			if !slices.Equal(ids(cs), c.want) || !strings.Contains(messages(cs), c.says) {
				t.Errorf("%v, want %v saying %q:\n%s", ids(cs), c.want, c.says, messages(cs))
			}
		})
	}
}
