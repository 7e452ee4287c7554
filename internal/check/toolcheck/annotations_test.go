package toolcheck

import "testing"

func TestToolAnnotations(t *testing.T) {
	t.Parallel()
	with := func(a string) string {
		return `{"name":"t","description":"x","inputSchema":` + cleanSchema + `,"annotations":` + a + `}`
	}
	runToolsCases(t, []toolsCase{
		{"all hints", []string{with(`{"title":"T","readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false}`)}, nil, nil},
		{"empty", []string{with(`{}`)}, nil, nil},
		{"other members are MCP's to allow", []string{with(`{"x-vendor":1}`)}, nil, nil},
		{"null", []string{with(`null`)}, []string{"tool-annotations"}, []string{`tool "t": annotations is null, not an object of hints`}},
		{"array", []string{with(`["readOnly"]`)}, []string{"tool-annotations"}, []string{`annotations is an array`}},
		{"string hint", []string{with(`{"readOnlyHint":"yes"}`)}, []string{"tool-annotations"}, []string{`annotations.readOnlyHint is a string, not true or false`}},
		{"number title and null hint", []string{with(`{"title":1,"openWorldHint":null}`)}, []string{"tool-annotations", "tool-annotations"},
			[]string{`annotations.title is a number, not a string`, `annotations.openWorldHint is null, not true or false`}},
		{"contradiction", []string{with(`{"readOnlyHint":true,"destructiveHint":true}`)}, []string{"tool-annotations"}, []string{`readOnlyHint and destructiveHint are both true`}},
		{"misspelled", []string{with(`{"readOnly":true,"open_world_hint":false}`)}, []string{"tool-annotations", "tool-annotations"},
			[]string{`annotations.open_world_hint is not an MCP hint, so clients ignore it: did you mean "openWorldHint"?`, `annotations.readOnly is not an MCP hint`}},
	})
}
