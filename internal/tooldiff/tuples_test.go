package tooldiff

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// tupleArg is an inputSchema under the draft named by schemaURI ("" for
// none) with one argument a, an array of the keywords kw.
func tupleArg(schemaURI, kw string) string {
	s := ""
	if schemaURI != "" {
		s = `"$schema": "` + schemaURI + `", `
	}
	return `{` + s + `"type": "object", "properties": {"a": {"type": "array", ` + kw + `}}}`
}

const (
	draft07 = "http://json-schema.org/draft-07/schema#"
	draft19 = "https://json-schema.org/draft/2019-09/schema"
	draft20 = "https://json-schema.org/draft/2020-12/schema"
)

// TestTupleAdditionalItemsJudgedByDraft: before 2020-12 (draft 7, which
// zod-to-json-schema writes by default, and 2019-09), an array items is a
// tuple and additionalItems constrains the items past it; a change of it
// is judged as sets of values, like 2020-12's prefixItems and items: a
// tightening of an argument is an error with the value now refused, a
// loosening info, and what cannot be judged D023. Beside an items that is
// one schema, and in 2020-12, additionalItems constrains nothing: D301.
//
// attack pass 44c, row 1: every change of additionalItems, even
// additionalItems:false added beside a draft-07 tuple (which refuses
// ["a","b"]), drew only D301 "additionalItems changed (it constrains no
// value)", info, exit 0.
func TestTupleAdditionalItemsJudgedByDraft(t *testing.T) {
	t.Parallel()
	const tup = `"items": [{"type": "string"}]`
	for _, c := range []struct {
		name, draft, old, new string
		want                  string // the rule that must be drawn
		refused               string // an argument a the old schema accepts and the new refuses ("" for none)
	}{
		{"draft-07 additionalItems false added", draft07, tup, tup + `, "additionalItems": false`, "D013", `["a", "b"]`},
		{"draft-07 additionalItems true to false", draft07, tup + `, "additionalItems": true`, tup + `, "additionalItems": false`, "D013", `["a", "b"]`},
		{"draft-07 additionalItems type changed", draft07, tup + `, "additionalItems": {"type": "string"}`, tup + `, "additionalItems": {"type": "integer"}`, "D013", `["a", "b"]`},
		{"draft-07 additionalItems loosened", draft07, tup + `, "additionalItems": false`, tup + `, "additionalItems": {"type": "string"}`, "D113", ""},
		{"draft-07 additionalItems removed", draft07, tup + `, "additionalItems": {"type": "integer"}`, tup, "D113", ""},
		{"draft-07 tuple position retyped", draft07, tup, `"items": [{"type": "integer"}]`, "D013", `["a"]`},
		{"draft-07 tuple position loosened", draft07, tup + `, "additionalItems": false`, `"items": [{"type": ["string", "integer"]}], "additionalItems": false`, "D113", ""},
		{"2019-09 additionalItems false added", draft19, tup, tup + `, "additionalItems": false`, "D013", `["a", "b"]`},
		{"2019-09 additionalItems type changed", draft19, tup + `, "additionalItems": {"type": "string"}`, tup + `, "additionalItems": {"type": "integer"}`, "D013", `["a", "b"]`},
		// Beside one schema for every item, additionalItems is ignored
		// by every draft.
		{"draft-07 single items, additionalItems false added", draft07, `"items": {"type": "string"}`, `"items": {"type": "string"}, "additionalItems": false`, "D301", ""},
		// 2020-12 has no additionalItems: prefixItems and items are the
		// tuple, and additionalItems beside them changes nothing.
		{"2020-12 additionalItems false added", draft20, `"prefixItems": [{"type": "string"}]`, `"prefixItems": [{"type": "string"}], "additionalItems": false`, "D301", ""},
		{"no $schema, additionalItems false added", "", `"prefixItems": [{"type": "string"}]`, `"prefixItems": [{"type": "string"}], "additionalItems": false`, "D301", ""},
		{"2020-12 prefixItems tightened beside additionalItems", draft20, `"prefixItems": [{"type": "string"}], "additionalItems": false`, `"prefixItems": [{"type": "string"}], "items": false, "additionalItems": false`, "D004", `["a", "b"]`},
		// Under draft 7, prefixItems is no keyword: a tuple written as
		// draft 7 does is read as one, whatever prefixItems says.
		{"draft-07 prefixItems beside an array items", draft07, tup + `, "prefixItems": [{"type": "string"}]`, tup + `, "prefixItems": [{"type": "string"}], "additionalItems": false`, "D013", `["a", "b"]`},
		// An array items is not 2020-12: with no $schema to say which
		// draft, what additionalItems means is not judged.
		{"no $schema, array items, additionalItems false added", "", tup, tup + `, "additionalItems": false`, "D023", ""},
	} {
		old, new := tupleArg(c.draft, c.old), tupleArg(c.draft, c.new)
		cs := Compare(parse(t, `[{"name":"t","inputSchema":`+old+`}]`), parse(t, `[{"name":"t","inputSchema":`+new+`}]`))
		var ids []string
		worst := rules.Info
		for _, ch := range cs {
			ids = append(ids, ch.Rule.ID)
			worst = max(worst, ch.Rule.Severity)
		}
		if !slices.Contains(ids, c.want) {
			t.Errorf("%s: want %s, got:\n%s", c.name, c.want, messages(cs))
		}
		wantWorst := map[string]rules.Severity{"D013": rules.Error, "D004": rules.Error, "D023": rules.Warning, "D113": rules.Info, "D301": rules.Info}[c.want]
		if worst != wantWorst {
			t.Errorf("%s: the worst finding is %v, want %v:\n%s", c.name, worst, wantWorst, messages(cs))
		}
		if c.want == "D023" {
			continue // the validator refuses the schema: nothing to compare
		}

		// The second opinion: the JSON Schema validator, reading $schema,
		// on a few arguments. A break must have an argument the old schema
		// accepts and the new refuses; a compatible verdict must have none.
		args := []string{`[]`, `["a"]`, `[1]`, `["a", "b"]`, `["a", 1]`, `["ab", "b", "c"]`}
		var broke []string
		for _, a := range args {
			inst := json.RawMessage(`{"a": ` + a + `}`)
			if validate(t, json.RawMessage(old), inst) == nil && validate(t, json.RawMessage(new), inst) != nil {
				broke = append(broke, a)
			}
		}
		switch {
		case c.refused != "" && !slices.Contains(broke, c.refused):
			t.Errorf("%s: the validator accepts %s under both schemas (or refuses it under the old); refused: %q", c.name, c.refused, broke)
		case c.refused == "" && len(broke) > 0 && c.want != "D023":
			t.Errorf("%s: the validator finds %q accepted by the old schema and refused by the new, graded %s", c.name, broke, c.want)
		}
	}
}

// TestTupleRefTargetChangeSeen: a $ref in a draft-07 tuple (in items or
// additionalItems), the same JSON on both sides, whose definitions target
// changed, is followed like one in prefixItems. Found while fixing attack
// pass 44c, row 1: both drew nothing at all.
func TestTupleRefTargetChangeSeen(t *testing.T) {
	t.Parallel()
	schema := func(x, kw string) string {
		return `{"$schema": "` + draft07 + `", "definitions": {"x": {"type": "` + x + `"}}, "type": "object", "properties": {"a": {"type": "array", ` + kw + `}}}`
	}
	for _, kw := range []string{
		`"items": [{"$ref": "#/definitions/x"}]`,
		`"items": [{"type": "string"}], "additionalItems": {"$ref": "#/definitions/x"}`,
	} {
		cs := Compare(parse(t, `[{"name":"t","inputSchema":`+schema("string", kw)+`}]`), parse(t, `[{"name":"t","inputSchema":`+schema("integer", kw)+`}]`))
		found := false
		for _, c := range cs {
			found = found || c.Rule.ID == "D013"
		}
		if !found {
			t.Errorf("%s: the target string -> integer drew no D013:\n%s", kw, messages(cs))
		}
	}
}
