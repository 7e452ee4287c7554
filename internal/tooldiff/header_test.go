package tooldiff

import (
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// said lists the changes from old to new as "ID pointer: what".
func said(t *testing.T, old, new string) []string {
	t.Helper()
	var out []string
	for _, ch := range Compare(parse(t, old), parse(t, new)) {
		out = append(out, ch.Rule.ID+" "+ch.Pointer+": "+ch.What)
	}
	return out
}

// headerSchema is an inputSchema with region (a string), n (a number) and
// q (a string), each with the extra members given.
func headerSchema(region, n, q string) string {
	return in(`{"type": "object", "properties": {"region": {"type": "string"` + region + `}, "n": {"type": "number"` + n + `}, "q": {"type": "string"` + q + `}}}`)
}

// TestInvalidParamHeaderRemovesTool (attack pass 47b, row 1): MCP
// 2026-07-28 (server/tools, "x-mcp-header"): clients on the Streamable
// HTTP transport MUST exclude from tools/list a tool whose x-mcp-header
// value is empty, not an HTTP token, on a number property or not unique
// case-insensitively. A new version that adds such a value removes the
// tool for every such client: D001, at the annotation's pointer, saying
// why. It was D301 "constrains no value", info, exit 0. The reverse (the
// old version's invalid value fixed) adds the tool for them: D101.
func TestInvalidParamHeaderRemovesTool(t *testing.T) {
	old := headerSchema("", "", "")
	for _, c := range []struct{ name, new, ptr, why string }{
		{"not a token", headerSchema(`, "x-mcp-header": "Bad Region"`, "", ""), "/inputSchema/properties/region/x-mcp-header", "a space"},
		{"empty", headerSchema(`, "x-mcp-header": ""`, "", ""), "/inputSchema/properties/region/x-mcp-header", "empty"},
		{"on a number", headerSchema("", `, "x-mcp-header": "N"`, ""), "/inputSchema/properties/n/x-mcp-header", `type is "number"`},
		{"not unique", headerSchema(`, "x-mcp-header": "Region"`, "", `, "x-mcp-header": "region"`), "/inputSchema/properties/region/x-mcp-header", "case-insensitive"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := said(t, old, c.new)
			want := "D001 " + c.ptr + ": tool removed for clients on the Streamable HTTP transport"
			if len(got) != 1 || !strings.HasPrefix(got[0], want) || !strings.Contains(got[0], c.why) {
				t.Errorf("want only %q... saying %q, got %q", want, c.why, got)
			}
			if back := said(t, c.new, old); len(back) != 1 || !strings.HasPrefix(back[0], "D101 ") || !strings.Contains(back[0], "tool added for clients on the Streamable HTTP transport") {
				t.Errorf("fixed: want only D101, got %q", back)
			}
		})
	}
	// not unique: region sorts before q, so q's annotation is the duplicate.
	if got := said(t, old, headerSchema(`, "x-mcp-header": "Region"`, "", `, "x-mcp-header": "region"`)); len(got) != 1 || !strings.Contains(got[0], `argument "q"`) {
		t.Errorf("the duplicate is not named: %q", got)
	}
}

// TestParamHeaderChanges: between valid versions, an annotation added on
// an argument the old version took, or naming another header, is D024
// (a warning: the call now needs the header); an annotation on a new
// argument is the argument's change alone (D102); one removed, or changed
// only in case, is D301; an unchanged one is nothing, and an x-mcp-header
// outside the chain of properties stays D301 as any extension keyword.
func TestParamHeaderChanges(t *testing.T) {
	plain := headerSchema("", "", "")
	for _, c := range []struct {
		name, old, new string
		want           []string // rule IDs, in order
		says           string
	}{
		{"added", plain, headerSchema(`, "x-mcp-header": "Region"`, "", ""), []string{"D024"}, `must now send its value in the Mcp-Param-Region header too`},
		{"renamed", headerSchema(`, "x-mcp-header": "Region"`, "", ""), headerSchema(`, "x-mcp-header": "Zone"`, "", ""), []string{"D024"}, `in the Mcp-Param-Zone header instead of Mcp-Param-Region`},
		{"case only", headerSchema(`, "x-mcp-header": "Region"`, "", ""), headerSchema(`, "x-mcp-header": "REGION"`, "", ""), []string{"D301"}, "case-insensitive"},
		{"removed", headerSchema(`, "x-mcp-header": "Region"`, "", ""), plain, []string{"D301"}, `no longer mirrored into the Mcp-Param-Region header`},
		{"unchanged", headerSchema(`, "x-mcp-header": "Region"`, "", ""), headerSchema(`, "x-mcp-header": "Region"`, "", ""), nil, ""},
		{"on a new argument", in(`{"type": "object", "properties": {}}`), in(`{"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}}`), []string{"D102"}, ""},
		{"nested", in(`{"type": "object", "properties": {"o": {"type": "object", "properties": {"t": {"type": "integer"}}}}}`),
			in(`{"type": "object", "properties": {"o": {"type": "object", "properties": {"t": {"type": "integer", "x-mcp-header": "Tenant"}}}}}`), []string{"D024"}, `argument "o.t"`},
		{"not reachable", in(`{"type": "object", "properties": {"o": {"anyOf": [{"type": "string"}]}}}`),
			in(`{"type": "object", "properties": {"o": {"anyOf": [{"type": "string", "x-mcp-header": "O"}]}}}`), []string{"D301"}, "x-mcp-header changed (it constrains no value)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := said(t, c.old, c.new)
			var ids []string
			for _, g := range got {
				ids = append(ids, g[:4])
			}
			if !slices.Equal(ids, c.want) || c.says != "" && !strings.Contains(strings.Join(got, "\n"), c.says) {
				t.Errorf("want %v saying %q, got %q", c.want, c.says, got)
			}
		})
	}
	if rules.DiffHeaderAdded.Severity != rules.Warning {
		t.Errorf("D024 is %v, want a warning", rules.DiffHeaderAdded.Severity)
	}
}

// TestSecretParamHeaderWarned (attack pass 47b, row 6): a new version
// that mirrors an argument named for a secret into a header (MCP: servers
// SHOULD NOT) is D025, a warning, beside D024 for the new header; it was
// D301 "constrains no value", info. An argument added with the header is
// D025 too; one already mirrored is lint's to report, not a change.
func TestSecretParamHeaderWarned(t *testing.T) {
	key := func(extra string) string {
		return in(`{"type": "object", "properties": {"api_key": {"type": "string", "description": "Your API key."` + extra + `}}}`)
	}
	for _, c := range []struct {
		name, old, new string
		want           []string
	}{
		{"added", key(""), key(`, "x-mcp-header": "Api-Key"`), []string{"D024", "D025"}},
		{"new argument", in(`{"type": "object", "properties": {}}`), key(`, "x-mcp-header": "Api-Key"`), []string{"D025", "D102"}},
		{"already mirrored", key(`, "x-mcp-header": "Api-Key"`), key(`, "x-mcp-header": "Api-Key"`), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ids []string
			got := said(t, c.old, c.new)
			for _, g := range got {
				ids = append(ids, g[:4])
			}
			slices.Sort(ids)
			if !slices.Equal(ids, c.want) {
				t.Errorf("want %v, got %q", c.want, got)
			}
		})
	}
}
