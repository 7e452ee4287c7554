package offlineschema

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/subako-ai/subako-go/internal/offlineschema/schematest"
)

func estimate(t *testing.T, schema string) Cost {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	return Estimate(doc)
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		schema string
		depth  int
		ok     bool
	}{
		{"plain", `{"type":"object","properties":{"a":{"type":"string"},"b":{"items":{"type":"integer"}}}}`, 3, true},
		{"tree", `{"$defs":{"N":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/N"}}}}},"$ref":"#/$defs/N"}`, 60, true},
		{"anyOf 3x3", schematest.AnyOfTree(3, 3), 1, true},
		{"anyOf 30^10", schematest.AnyOfTree(10, 30), 1, false},
		{"json value shallow", `{"$defs":{"V":{"anyOf":[{"type":"string"},{"type":"array","items":{"$ref":"#/$defs/V"}},{"type":"object","additionalProperties":{"$ref":"#/$defs/V"}}]}},"$ref":"#/$defs/V"}`, 8, true},
		{"branching recursion deep", `{"$defs":{"V":{"anyOf":[{"properties":{"a":{"$ref":"#/$defs/V"}}},{"properties":{"a":{"$ref":"#/$defs/V"}}},{"properties":{"a":{"$ref":"#/$defs/V"}}}]}},"$ref":"#/$defs/V"}`, 30, false},
		{"unresolvable", `{"$ref":"https://example.com/x.json"}`, 1, false},
		{"anchor", `{"$defs":{"a":{"$anchor":"A","type":"string"}},"$ref":"#A"}`, 1, true},
	} {
		c := estimate(t, tc.schema)
		err := c.Check(tc.depth)
		if (err == nil) != tc.ok {
			t.Errorf("%s: cost %+v, Check(%d) = %v, want ok %v", tc.name, c, tc.depth, err, tc.ok)
		}
	}
}
