package resultcheck

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestRealSchemaAnswerValidated (attack pass 43j, row 2): Brave's
// brave_place_search outputSchema (76 KB, some 1,030 subschemas) left any
// answer of more than ~485 JSON values unvalidated, because the bound
// counted every subschema of the schema for every value: a valid answer of
// 100 results was not checked, and a broken one of that size passed
// unchecked. The bound is now the work of each value's own path
// (offlineschema.Cost.Work): the valid answer validates, the broken one
// is P033.
func TestRealSchemaAnswerValidated(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../tooltext/testdata/real/brave-search-mcp-server.json")
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Tools []struct {
			Name         string
			OutputSchema json.RawMessage
		}
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	var schema json.RawMessage
	for _, tool := range list.Tools {
		if tool.Name == "brave_place_search" {
			schema = tool.OutputSchema
		}
	}
	if schema == nil {
		t.Fatal("no brave_place_search in the real list")
	}
	answer := func(zoom string) string {
		var items []string
		for i := range 100 {
			z := "12"
			if i == 99 {
				z = zoom
			}
			items = append(items, fmt.Sprintf(`{"title":"Cafe %d","url":"","is_source_local":true,"is_source_both":false,"type":"location_result","provider_url":"https://example.com/p/%d","zoom_level":%s}`, i, i, z))
		}
		structured := `{"type":"locations","results":[` + strings.Join(items, ",") + `]}`
		text, _ := json.Marshal(structured)
		return `{"content":[{"type":"text","text":` + string(text) + `}],"structuredContent":` + structured + `}`
	}
	if got := Check(json.RawMessage(answer("12")), schema); len(got) != 0 {
		t.Errorf("a valid answer of 100 results: %v; want no problem", got)
	}
	got := Check(json.RawMessage(answer(`"near"`)), schema)
	if len(got) != 1 || got[0].Kind != OutputSchema || !strings.Contains(got[0].Detail, "/results/99/zoom_level") {
		t.Errorf("an answer of 100 results, the last one's zoom_level a string: %v; want one %s problem at /results/99/zoom_level", got, OutputSchema)
	}
}
