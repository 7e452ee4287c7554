package argsgen

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/offlineschema/schematest"
)

// hostile are schemas built to make a generator run long, recurse without
// end or build huge values. Each must end with a note (or bounded cases).
func hostile() map[string]string {
	m := map[string]string{}
	// A chain of 20,000 nested required objects.
	var b strings.Builder
	for range 5000 {
		b.WriteString(`{"type":"object","required":["a"],"properties":{"a":`)
	}
	b.WriteString(`{"type":"string"}`)
	for range 5000 {
		b.WriteString(`}}`)
	}
	m["deep nesting"] = b.String()
	// Each definition requires two of the next: the smallest value has 2^40
	// leaves.
	defs := []string{}
	for i := range 40 {
		defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"l":{"$ref":"#/$defs/d%d"},"r":{"$ref":"#/$defs/d%d"}},"required":["l","r"]}`, i, i+1, i+1))
	}
	defs = append(defs, `"d40":{"type":"string"}`)
	m["exponential"] = `{"type":"object","$defs":{` + strings.Join(defs, ",") + `},"properties":{"x":{"$ref":"#/$defs/d0"}},"required":["x"]}`
	// The same, with optional members only: full mode must stop too.
	m["exponential optional"] = strings.ReplaceAll(m["exponential"], `"required":["l","r"]`, `"minProperties":0`)
	// anyOf ten levels deep, 30 branches a level, none of which can work.
	m["anyOf tree"] = strings.Replace(strings.Replace(schematest.AnyOfTree(10, 30), `"l0":{"type":"integer"}`, `"l0":{"type":"integer","minimum":5,"maximum":4}`, 1),
		`"$ref":"#/$defs/l10"}`, `"type":"object","properties":{"x":{"$ref":"#/$defs/l10"}},"required":["x"]}`, 1)
	m["huge minItems"] = `{"type":"object","properties":{"x":{"type":"array","minItems":1000000000000}},"required":["x"]}`
	m["huge minLength"] = `{"type":"object","properties":{"x":{"type":"string","minLength":1000000000}},"required":["x"]}`
	m["huge minProperties"] = `{"type":"object","minProperties":1000000}`
	m["long strings"] = `{"type":"object","properties":{"x":{"type":"array","minItems":900,"items":{"type":"string","minLength":900}}},"required":["x"]}`
	req := []string{}
	props := []string{}
	for i := range 3000 {
		req = append(req, fmt.Sprintf(`"p%d"`, i))
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	m["many members"] = `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]}`
	m["self ref"] = `{"$ref":"#"}`
	m["big pattern"] = `{"type":"object","properties":{"x":{"type":"string","pattern":"^(a{1000}){1000}$"}},"required":["x"]}`
	m["json nesting"] = strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	m["too large"] = `{"type":"object","description":"` + strings.Repeat("x", 2<<20) + `"}`
	return m
}

func TestHostile(t *testing.T) {
	t.Parallel()
	for name, schema := range hostile() {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			opt := Options{MaxCases: 20}
			cases, notes := Cases(json.RawMessage(schema), opt)
			t.Logf("%d cases, notes %q, %v", len(cases), notes, time.Since(start))
			for _, c := range cases {
				if len(c.Args) > opt.withDefaults().MaxBytes {
					t.Errorf("%s: %d bytes", c.Name, len(c.Args))
				}
			}
			if len(cases) == 0 && len(notes) == 0 {
				t.Error("no cases and no note")
			}
			if name == "anyOf tree" && (len(notes) != 1 || !strings.Contains(notes[0], "more than 100000 subschemas")) {
				t.Errorf("notes %q, want the validation cost named", notes)
			}
			if len(cases) > 0 && len(schema) < 1<<20 {
				checkCases(t, schema, cases)
			}
		})
	}
}

func TestHugeNumber(t *testing.T) {
	t.Parallel()
	cases, notes := Cases(json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","maximum":1e999999}},"required":["n"]}`), Options{})
	if len(cases) > 0 || len(notes) != 1 || !strings.Contains(notes[0], "too large") {
		t.Errorf("cases %v, notes %q", cases, notes)
	}
}
