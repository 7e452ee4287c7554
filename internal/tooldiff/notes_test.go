package tooldiff

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// TestNotesInBranchesNotJudged: a description edited in every property of
// ms365's real tool list (188 tools) drew, beside the 6,432 D201s, 184
// D023 "not proven compatible" warnings: every anyOf whose branches'
// descriptions changed was judged as sets of values, and the judge's
// budget could not prove the sets equal (15 recursive paths a level). Only
// notes changed, so the values are the same: D201 alone. A constraint
// changed in the same anyOf is still judged.
func TestNotesInBranchesNotJudged(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../tooltext/testdata/real/ms365.json")
	if err != nil {
		t.Fatal(err)
	}
	var list struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(tool map[string]any)) []json.RawMessage {
		var out []json.RawMessage
		for _, r := range list.Tools {
			var tool map[string]any
			if err := json.Unmarshal(r, &tool); err != nil {
				t.Fatal(err)
			}
			f(tool)
			b, err := json.Marshal(tool)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	var noted func(v any)
	noted = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == "description" {
					x[k] = s + " (updated)"
					continue
				}
				noted(e)
			}
		case []any:
			for _, e := range x {
				noted(e)
			}
		}
	}
	described := edit(func(tool map[string]any) { noted(tool["inputSchema"]) })
	got := map[string]int{}
	for _, c := range Compare(list.Tools, described) {
		got[c.Rule.ID]++
		if c.Rule.Severity >= rules.Warning {
			t.Errorf("descriptions edited: %s %s %s: %s", c.Rule.ID, c.Tool, c.Pointer, c.Message())
		}
	}
	if got["D201"] == 0 {
		t.Errorf("descriptions edited: %v; want D201s", got)
	}
	// The same edit, and a date's pattern inside the anyOf narrowed.
	const tool, prop = "create-onenote-notebook", "createdDateTime"
	narrowed := edit(func(m map[string]any) {
		noted(m["inputSchema"])
		if m["name"] != tool {
			return
		}
		body := m["inputSchema"].(map[string]any)["properties"].(map[string]any)["body"].(map[string]any)
		branches := body["properties"].(map[string]any)[prop].(map[string]any)["anyOf"].([]any)
		branches[0].(map[string]any)["pattern"] = "^2[0-9]{3}-.*$"
	})
	found := false
	for _, c := range Compare(list.Tools, narrowed) {
		if c.Tool == tool && strings.Contains(c.Pointer, prop) && c.Rule.Severity >= rules.Warning {
			found = true
		}
	}
	if !found {
		t.Errorf("a pattern narrowed inside %s's anyOf beside edited descriptions: no warning or error", prop)
	}
}
