package tooldiff

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/rules"
)

// TestVerdictsAgainstInstances checks the comparison's "compatible"
// against real instances, made by another generator (argsgen) and judged
// by the JSON Schema validator: whenever a table case, either way, draws
// no error or warning on an inputSchema, every instance the old schema
// accepts must be accepted by the new one; on an outputSchema, every
// instance the new one allows must be allowed by the old one.
func TestVerdictsAgainstInstances(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, c := range allCases() {
		for dir, pair := range [][2]string{{c.old, c.new}, {c.new, c.old}} {
			old, new := toolT(t, pair[0]), toolT(t, pair[1])
			if old == nil || new == nil {
				continue
			}
			cs := Compare(parse(t, pair[0]), parse(t, pair[1]))
			for _, which := range []string{"inputSchema", "outputSchema"} {
				from, to := old[which], new[which]
				if which == "outputSchema" {
					from, to = to, from
				}
				if from == nil || to == nil || flagged(cs, "/"+which) {
					continue
				}
				for _, inst := range instances(t, from, 3) {
					checked++
					if err := validate(t, to, inst); err != nil {
						t.Errorf("%s (%s): no break reported on %s, but %s is valid against %s and not against %s: %v\n%s",
							c.name, [2]string{"old -> new", "new -> old"}[dir], which, inst, from, to, err, messages(cs))
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d instances checked", checked)
	}
}

// toolT is tool "t" of a list, its schemas as JSON; nil when absent.
func toolT(t *testing.T, list string) map[string]json.RawMessage {
	t.Helper()
	for _, raw := range parse(t, list) {
		var tool map[string]json.RawMessage
		if json.Unmarshal(raw, &tool) == nil && string(tool["name"]) == `"t"` {
			return tool
		}
	}
	return nil
}

// flagged reports whether a change at or under ptr is an error or a
// warning.
func flagged(cs []Change, ptr string) bool {
	for _, c := range cs {
		if c.Rule.Severity >= rules.Warning && (c.Pointer == ptr || strings.HasPrefix(c.Pointer, ptr+"/")) {
			return true
		}
	}
	return false
}

// instances are values a schema accepts, as argsgen makes them: its
// valid cases, its edges and random ones.
func instances(t *testing.T, schema json.RawMessage, seeds uint64) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	for seed := range seeds {
		cases, _ := argsgen.Cases(schema, argsgen.Options{MaxCases: 24, Cover: 16, Random: 16, Seed: seed})
		for _, c := range cases {
			if c.Valid {
				out = append(out, c.Args)
			}
		}
	}
	return out
}

func validate(t *testing.T, schema, inst json.RawMessage) error {
	t.Helper()
	c := offlineschema.NewCompiler()
	c.AssertFormat()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("urn:test", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("urn:test")
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(v)
}

// schemaEdits change a schema in the ways real versions do, each wrapping
// or extending it with a keyword the pair is then judged by.
var schemaEdits = []func(s map[string]any) map[string]any{
	func(s map[string]any) map[string]any { return map[string]any{"allOf": []any{s}} },
	func(s map[string]any) map[string]any {
		return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
	},
	func(s map[string]any) map[string]any { return map[string]any{"oneOf": []any{s, s}} },
	func(s map[string]any) map[string]any {
		return with2(s, "not", map[string]any{"required": []any{"p"}})
	},
	func(s map[string]any) map[string]any {
		return with2(s, "anyOf", []any{map[string]any{"required": []any{"p"}}, map[string]any{"maxProperties": json.Number("0")}})
	},
	func(s map[string]any) map[string]any {
		return with2(s, "if", map[string]any{"required": []any{"p"}}, "then", map[string]any{"minProperties": json.Number("2")})
	},
	func(s map[string]any) map[string]any {
		return with2(s, "dependentSchemas", map[string]any{"p": map[string]any{"properties": map[string]any{"p": map[string]any{"type": "string"}}}})
	},
	func(s map[string]any) map[string]any {
		return with2(s, "propertyNames", map[string]any{"pattern": "^[a-z]+$"})
	},
	func(s map[string]any) map[string]any {
		return with2(s, "patternProperties", map[string]any{"^p$": map[string]any{"type": "array"}})
	},
	func(s map[string]any) map[string]any {
		return with2(s, "dependentRequired", map[string]any{"p": []any{"q"}})
	},
}

func with2(s map[string]any, kv ...any) map[string]any {
	c := map[string]any{}
	for k, v := range s {
		c[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		c[kv[i].(string)] = kv[i+1]
	}
	return c
}

// TestEditedSchemasAgainstInstances: every inputSchema of the table,
// edited each of schemaEdits' ways, both directions: a "compatible"
// verdict must hold for argsgen's instances too.
func TestEditedSchemasAgainstInstances(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	checked, breaks, unproven := 0, 0, 0
	for _, c := range allCases() {
		tool := toolT(t, c.old)
		if tool == nil || tool["inputSchema"] == nil || seen[string(tool["inputSchema"])] {
			continue
		}
		seen[string(tool["inputSchema"])] = true
		schema, ok := decode(tool["inputSchema"]).(map[string]any)
		if !ok {
			continue
		}
		for i, edit := range schemaEdits {
			edited, _ := json.Marshal(edit(schema))
			for _, pair := range [][2]json.RawMessage{{tool["inputSchema"], edited}, {edited, tool["inputSchema"]}} {
				list := func(s json.RawMessage) []json.RawMessage {
					return []json.RawMessage{json.RawMessage(`{"name": "t", "inputSchema": ` + string(s) + `}`)}
				}
				cs := Compare(list(pair[0]), list(pair[1]))
				if flagged(cs, "/inputSchema") {
					breaks++
					for _, c := range cs {
						unproven += map[bool]int{true: 1}[c.Rule == rules.DiffUnproven]
					}
					continue
				}
				for _, inst := range instances(t, pair[0], 1) {
					checked++
					if err := validate(t, pair[1], inst); err != nil {
						t.Errorf("%s, edit %d: no break reported, but %s is valid against %s and not against %s: %v\n%s", c.name, i, inst, pair[0], pair[1], err, messages(cs))
					}
				}
			}
		}
	}
	t.Logf("%d instances checked, %d pairs flagged, %d findings not proven (D023)", checked, breaks, unproven)
	if checked < 500 || breaks < 50 {
		t.Errorf("%d instances checked, %d pairs flagged: too few to mean anything", checked, breaks)
	}
}
