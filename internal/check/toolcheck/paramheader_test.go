package toolcheck

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// headerTool is a tool whose inputSchema has props (members of
// "properties", as JSON text).
func headerTool(props string) json.RawMessage {
	return json.RawMessage(`{"name": "execute_sql", "description": "Runs a SQL query.", "inputSchema": {"type": "object", "properties": {` +
		props + `}, "additionalProperties": false}}`)
}

// TestInvalidParamHeaderIsError (attack pass 47b, row 2): an x-mcp-header
// MCP 2026-07-28 forbids (server/tools, "x-mcp-header": empty, not an
// HTTP token, on a number or an object property, not unique
// case-insensitively), which every client on the Streamable HTTP
// transport MUST drop from tools/list, is T017, an error naming the tool
// and the annotation's pointer. lint said nothing, and serve --http served
// the tool, then refused every call with the argument (-32020) for a
// header no client can send.
func TestInvalidParamHeaderIsError(t *testing.T) {
	for name, c := range map[string]struct{ props, ptr string }{
		"not a token":  {`"region": {"type": "string", "description": "The region.", "x-mcp-header": "Bad Region"}`, "/properties/region/x-mcp-header"},
		"empty":        {`"region": {"type": "string", "description": "The region.", "x-mcp-header": ""}`, "/properties/region/x-mcp-header"},
		"CRLF":         {`"region": {"type": "string", "description": "The region.", "x-mcp-header": "R\r\nX-Evil: 1"}`, "/properties/region/x-mcp-header"},
		"not a string": {`"region": {"type": "string", "description": "The region.", "x-mcp-header": 7}`, "/properties/region/x-mcp-header"},
		"on a number":  {`"n": {"type": "number", "description": "A number.", "x-mcp-header": "N"}`, "/properties/n/x-mcp-header"},
		"on an object": {`"o": {"type": "object", "description": "An object.", "x-mcp-header": "O", "properties": {}, "additionalProperties": false}`, "/properties/o/x-mcp-header"},
		"untyped":      {`"region": {"description": "The region.", "x-mcp-header": "Region"}`, "/properties/region/x-mcp-header"},
		"not unique": {`"region": {"type": "string", "description": "The region.", "x-mcp-header": "Region"},
			"zone": {"type": "string", "description": "The zone.", "x-mcp-header": "region"}`, "/properties/zone/x-mcp-header"},
		"nested": {`"opts": {"type": "object", "description": "Options.", "additionalProperties": false,
			"properties": {"limit": {"type": "number", "description": "Most rows.", "x-mcp-header": "Limit"}}}`, "/properties/opts/properties/limit/x-mcp-header"},
	} {
		t.Run(name, func(t *testing.T) {
			var said []string
			found := false
			for _, f := range Check([]json.RawMessage{headerTool(c.props)}) {
				said = append(said, f.Rule.ID+" "+f.Message)
				if f.Rule == rules.ParamHeaderInvalid {
					found = f.Rule.Severity == rules.Error && strings.Contains(f.Message, `tool "execute_sql"`) && strings.Contains(f.Message, "inputSchema "+c.ptr+" ")
				}
			}
			if !found {
				t.Errorf("no T017 error naming the tool and %s: %q", c.ptr, said)
			}
		})
	}
}

// TestValidParamHeaderClean: the spec's own example and other valid
// annotations (a token with every tchar punctuation, integer and boolean
// properties, a nullable string, a nested property, different names)
// draw no finding at all.
func TestValidParamHeaderClean(t *testing.T) {
	for name, props := range map[string]string{
		"spec example": `"region": {"type": "string", "description": "The region to execute the query in", "x-mcp-header": "Region"},
			"query": {"type": "string", "description": "The SQL query to execute"}`,
		"tchar":    `"region": {"type": "string", "description": "The region.", "x-mcp-header": "a!#$%&'*+-.^_` + "`" + `|~9"}`,
		"integer":  `"limit": {"type": "integer", "description": "Most rows.", "x-mcp-header": "Limit"}`,
		"boolean":  `"dry": {"type": "boolean", "description": "Dry run.", "x-mcp-header": "Dry-Run"}`,
		"nullable": `"region": {"type": ["string", "null"], "description": "The region.", "x-mcp-header": "Region"}`,
		"nested": `"opts": {"type": "object", "description": "Options.", "additionalProperties": false,
			"properties": {"tenant": {"type": "string", "description": "The tenant.", "x-mcp-header": "Tenant"}}},
			"region": {"type": "string", "description": "The region.", "x-mcp-header": "Region"}`,
		"sort key": `"sort_key": {"type": "string", "description": "The column to sort by.", "x-mcp-header": "Sort-Key"}`,
	} {
		t.Run(name, func(t *testing.T) {
			if fs := Check([]json.RawMessage{headerTool(props)}); len(fs) > 0 {
				t.Errorf("findings for a valid x-mcp-header: %v", fs)
			}
		})
	}
}

// TestSecretParamHeaderWarned (attack pass 47b, row 6): MCP says servers
// SHOULD NOT mark API keys, passwords or tokens with x-mcp-header (header
// values are visible to intermediaries): an argument named for a secret,
// or a header named for one, mirrored into a header is T018, a warning.
func TestSecretParamHeaderWarned(t *testing.T) {
	for name, props := range map[string]string{
		"api_key":        `"api_key": {"type": "string", "description": "Your API key.", "x-mcp-header": "Api-Key"}`,
		"password":       `"password": {"type": "string", "description": "The password.", "x-mcp-header": "Pass"}`,
		"header's name":  `"value": {"type": "string", "description": "The value.", "x-mcp-header": "Auth-Token"}`,
		"nested private": `"opts": {"type": "object", "description": "Options.", "additionalProperties": false, "properties": {"privateKey": {"type": "string", "description": "A key.", "x-mcp-header": "K"}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			var said []string
			n := 0
			for _, f := range Check([]json.RawMessage{headerTool(props)}) {
				said = append(said, f.Rule.ID+" "+f.Message)
				if f.Rule == rules.ParamHeaderSecret && f.Rule.Severity == rules.Warning {
					n++
				}
			}
			if n != 1 || len(said) != 1 {
				t.Errorf("want one T018 warning and nothing else: %q", said)
			}
		})
	}
}
