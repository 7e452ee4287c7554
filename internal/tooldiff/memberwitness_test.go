package tooldiff

import (
	"encoding/json"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// A tightening under patternProperties, propertyNames,
// unevaluatedProperties or unevaluatedItems is a break with a witness
// (D013), as under properties; it was D023 "not proven", a warning, exit
// 0 (attack pass 50b, row 3). The same keywords widened, or tightened
// where no value reaches them, stay without an error: each witness is
// validated against both whole schemas.
func TestMemberKeywordTighteningHasWitness(t *testing.T) {
	mk := func(s string) json.RawMessage {
		return json.RawMessage(`{"name":"t","description":"Adds.","inputSchema":{"type":"object","properties":{"s":` + s + `}}}`)
	}
	breaks := [][2]string{
		{`{"type":"object","patternProperties":{"^x":{"type":"string","maxLength":5}}}`, `{"type":"object","patternProperties":{"^x":{"type":"string","maxLength":1}}}`},
		{`{"type":"object","patternProperties":{"^x":{"type":"string"}}}`, `{"type":"object","patternProperties":{"^x":{"type":"string","enum":["a"]}}}`},
		{`{"type":"object","patternProperties":{"^x":{"type":"array","maxItems":5}}}`, `{"type":"object","patternProperties":{"^x":{"type":"array","maxItems":0}}}`},
		{`{"type":"object","patternProperties":{"^x":{"type":"object","properties":{"a":{"type":"string"}}}}}`, `{"type":"object","patternProperties":{"^x":{"type":"object","properties":{"a":{"type":"string","maxLength":0}}}}}`},
		{`{"type":"object","propertyNames":{"maxLength":5}}`, `{"type":"object","propertyNames":{"maxLength":2}}`},
		{`{"type":"object","unevaluatedProperties":{"type":"string","maxLength":5}}`, `{"type":"object","unevaluatedProperties":{"type":"string","maxLength":1}}`},
		{`{"type":"array","unevaluatedItems":{"type":"string","maxLength":5}}`, `{"type":"array","unevaluatedItems":{"type":"string","maxLength":1}}`},
		// The name must be one only the changed pattern judges: "x" is
		// listed, "^xa" is another pattern's.
		{`{"type":"object","properties":{"x":{}},"patternProperties":{"^x":{"type":"string","maxLength":5},"^xa":{}}}`, `{"type":"object","properties":{"x":{}},"patternProperties":{"^x":{"type":"string","maxLength":1},"^xa":{}}}`},
		{`{"type":"object","properties":{"x_unlisted":{}},"unevaluatedProperties":{"type":"string","pattern":"^a"}}`, `{"type":"object","properties":{"x_unlisted":{}},"unevaluatedProperties":{"type":"string","pattern":"^a$"}}`},
		{`{"type":"array","prefixItems":[{"type":"integer"}],"unevaluatedItems":{"type":"integer","maximum":9}}`, `{"type":"array","prefixItems":[{"type":"integer"}],"unevaluatedItems":{"type":"integer","maximum":2}}`},
		// Three patterns deep: {"p":{"q":{"r":"aaaaa"}}}.
		{`{"type":"object","patternProperties":{"^p":{"type":"object","patternProperties":{"^q":{"type":"object","patternProperties":{"^r":{"type":"string","maxLength":5}}}}}}}`, `{"type":"object","patternProperties":{"^p":{"type":"object","patternProperties":{"^q":{"type":"object","patternProperties":{"^r":{"type":"string","maxLength":4}}}}}}}`},
	}
	quiet := [][2]string{
		// Widened.
		{`{"type":"object","patternProperties":{"^x":{"type":"string","maxLength":1}}}`, `{"type":"object","patternProperties":{"^x":{"type":"string","maxLength":5}}}`},
		{`{"type":"object","patternProperties":{"^x":{"type":"string","enum":["a"]}}}`, `{"type":"object","patternProperties":{"^x":{"type":"string"}}}`},
		{`{"type":"object","propertyNames":{"maxLength":2}}`, `{"type":"object","propertyNames":{"maxLength":5}}`},
		{`{"type":"object","unevaluatedProperties":{"type":"string","maxLength":1}}`, `{"type":"object","unevaluatedProperties":{"type":"string","maxLength":5}}`},
		{`{"type":"array","unevaluatedItems":{"type":"string","maxLength":1}}`, `{"type":"array","unevaluatedItems":{"type":"string","maxLength":5}}`},
		// Tightened where no value reaches: no name starts with "y", every
		// member is additionalProperties', every item is items'.
		{`{"type":"object","propertyNames":{"enum":["x"]},"patternProperties":{"^y":{"type":"string","maxLength":5}}}`, `{"type":"object","propertyNames":{"enum":["x"]},"patternProperties":{"^y":{"type":"string","maxLength":1}}}`},
		{`{"type":"object","additionalProperties":false,"unevaluatedProperties":{"type":"string","maxLength":5}}`, `{"type":"object","additionalProperties":false,"unevaluatedProperties":{"type":"string","maxLength":1}}`},
		{`{"type":"array","items":{"type":"string"},"unevaluatedItems":{"type":"string","maxLength":5}}`, `{"type":"array","items":{"type":"string"},"unevaluatedItems":{"type":"string","maxLength":1}}`},
		// A pattern's members all listed, and refused alike.
		{`{"type":"object","properties":{"x":{"type":"integer"}},"patternProperties":{"^x$":{"type":"string","maxLength":5}}}`, `{"type":"object","properties":{"x":{"type":"integer"}},"patternProperties":{"^x$":{"type":"string","maxLength":1}}}`},
	}
	for _, p := range breaks {
		cs := Compare([]json.RawMessage{mk(p[0])}, []json.RawMessage{mk(p[1])})
		found := false
		for _, c := range cs {
			found = found || c.Rule == rules.DiffValueRefused
		}
		if !found {
			t.Errorf("%s -> %s: want D013 with a witness, got %v", p[0], p[1], ids(cs))
		}
	}
	for _, p := range quiet {
		for _, c := range Compare([]json.RawMessage{mk(p[0])}, []json.RawMessage{mk(p[1])}) {
			if c.Rule.Severity >= rules.Error {
				t.Errorf("%s -> %s: want no error, got %s: %s", p[0], p[1], c.Rule.ID, c.Message())
			}
		}
	}
}
