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

// TestCheckWork (attack pass 43f, rows 6 and 7): a whole validation is
// bounded by the subschemas a value may evaluate times the values, not
// per value alone: 1,000 items against an anyOf of 500 pass Check but
// not CheckWork.
func TestCheckWork(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"type":"array","items":{"anyOf":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"string"}`)
	}
	b.WriteString(`]}}`)
	c := estimate(t, b.String())
	items := make([]any, 1000)
	for i := range items {
		items[i] = "x"
	}
	if err := c.Check(Depth(items)); err != nil {
		t.Fatalf("Check: %v, want none (the cost per value is %d)", err, c.Place)
	}
	if n := Values(items); n != 1001 {
		t.Errorf("Values = %d, want 1001", n)
	}
	if _, err := c.CheckWork(items); err == nil || !strings.Contains(err.Error(), "1001 values") {
		t.Errorf("CheckWork on 1,000 items: %v, want the values named", err)
	}
	if w, err := c.CheckWork(items[:10]); err != nil || w != 1+10*501 {
		t.Errorf("CheckWork on 10 items: %d, %v; want 5011 (the array, and each item's anyOf of 500), no error", w, err)
	}
}
