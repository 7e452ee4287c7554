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
				for _, inst := range instances(t, from) {
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
func instances(t *testing.T, schema json.RawMessage) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	for seed := range uint64(3) {
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
