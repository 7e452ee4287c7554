package tooldiff

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// TestDraft4ExclusiveBounds (attack pass 47b, row 7): in draft 4,
// "exclusiveMaximum" and "exclusiveMinimum" are booleans that make the
// bound beside them exclusive. The boolean added beside "maximum": 10 was
// D023 ("not a number, not proven compatible") where 10 is now refused;
// it is read as 2020-12's "exclusiveMaximum": 10, an error, and the
// validator (which reads "$schema") agrees on the value refused.
func TestDraft4ExclusiveBounds(t *testing.T) {
	t.Parallel()
	const d4 = "http://json-schema.org/draft-04/schema#"
	arg := func(kw string) string {
		return `{"$schema": "` + d4 + `", "type": "object", "properties": {"a": {"type": "number", ` + kw + `}}}`
	}
	for _, c := range []struct {
		name, old, new string
		worst          rules.Severity
		refused        string // a value of a the old schema accepts and the new refuses ("" for none)
	}{
		{"exclusiveMaximum true added", `"maximum": 10`, `"maximum": 10, "exclusiveMaximum": true`, rules.Error, "10"},
		{"exclusiveMinimum true added", `"minimum": 0`, `"minimum": 0, "exclusiveMinimum": true`, rules.Error, "0"},
		{"exclusiveMaximum false to true", `"maximum": 10, "exclusiveMaximum": false`, `"maximum": 10, "exclusiveMaximum": true`, rules.Error, "10"},
		{"exclusiveMaximum true removed", `"maximum": 10, "exclusiveMaximum": true`, `"maximum": 10`, rules.Info, ""},
		{"exclusive maximum raised", `"maximum": 10, "exclusiveMaximum": true`, `"maximum": 11, "exclusiveMaximum": true`, rules.Info, ""},
		{"exclusive maximum lowered", `"maximum": 10, "exclusiveMaximum": true`, `"maximum": 9, "exclusiveMaximum": true`, rules.Error, "9"},
	} {
		old, new := arg(c.old), arg(c.new)
		cs := Compare(parse(t, `[{"name":"t","inputSchema":`+old+`}]`), parse(t, `[{"name":"t","inputSchema":`+new+`}]`))
		worst := rules.Info
		for _, ch := range cs {
			worst = max(worst, ch.Rule.Severity)
			if ch.Rule == rules.DiffUnproven {
				t.Errorf("%s: not proven:\n%s", c.name, messages(cs))
			}
		}
		if worst != c.worst || len(cs) == 0 {
			t.Errorf("%s: the worst finding is %v, want %v:\n%s", c.name, worst, c.worst, messages(cs))
		}
		var broke []string
		for _, v := range []string{"-1", "0", "0.5", "9", "9.5", "10", "10.5", "11"} {
			inst := json.RawMessage(`{"a": ` + v + `}`)
			if validate(t, json.RawMessage(old), inst) == nil && validate(t, json.RawMessage(new), inst) != nil {
				broke = append(broke, v)
			}
		}
		if c.refused != "" && !slices.Contains(broke, c.refused) || c.refused == "" && len(broke) > 0 {
			t.Errorf("%s: the validator refuses %q under the new schema alone, want %q", c.name, broke, c.refused)
		}
	}
}

// TestRootTypeObjectDropped (attack pass 47b, row 8): MCP's
// Tool.inputSchema has "type": "object" at its top, and a client that
// validates refuses a tool without it. Dropping it was D104 info in diff
// (lint's T010 finds it in check and pack); it is D014, an error.
func TestRootTypeObjectDropped(t *testing.T) {
	t.Parallel()
	for _, n := range []string{
		`{"properties": {"a": {"type": "string"}}}`,
		`{"type": ["object", "null"], "properties": {"a": {"type": "string"}}}`,
	} {
		cs := Compare(parse(t, `[{"name":"t","inputSchema":{"type": "object", "properties": {"a": {"type": "string"}}}}]`), parse(t, `[{"name":"t","inputSchema":`+n+`}]`))
		var ids []string
		for _, ch := range cs {
			ids = append(ids, ch.Rule.ID)
		}
		if !slices.Contains(ids, rules.DiffInputSchemaMissing.ID) {
			t.Errorf("%s: want D014:\n%s", n, messages(cs))
		}
	}
}

// TestDialectChangeUnproven (attack pass 48d, row 4): a bound kept as it
// was written while "$schema" changes means otherwise or nothing (draft
// 4's {"maximum": 10, "exclusiveMaximum": true} is no 2020-12 schema), and
// the diff, reading "$schema" as an annotation, reported nothing. A
// changed dialect is D023.
func TestDialectChangeUnproven(t *testing.T) {
	t.Parallel()
	const d4 = `"$schema": "http://json-schema.org/draft-04/schema#", `
	for _, c := range []struct{ old, new string }{
		{`{` + d4 + `"type":"object","properties":{"a":{"type":"number","maximum":10,"exclusiveMaximum":true}}}`,
			`{"type":"object","properties":{"a":{"type":"number","maximum":10,"exclusiveMaximum":true}}}`},
		{`{"type":"object","properties":{"a":{"type":"number","exclusiveMaximum":10}}}`,
			`{` + d4 + `"type":"object","properties":{"a":{"type":"number","exclusiveMaximum":10}}}`},
	} {
		cs := Compare(parse(t, `[{"name":"t","inputSchema":`+c.old+`}]`), parse(t, `[{"name":"t","inputSchema":`+c.new+`}]`))
		if !slices.ContainsFunc(cs, func(ch Change) bool { return ch.Rule == rules.DiffUnproven && ch.Pointer == "/inputSchema/$schema" }) {
			t.Errorf("%s -> %s: want D023 at /inputSchema/$schema:\n%s", c.old, c.new, messages(cs))
		}
	}
}
