package seeds

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// schemas are inputSchemas of the shapes the generator writes.
var schemas = map[string]string{
	"label": `{"type":"object","properties":{"label":{"type":"string","maxLength":8}},"required":["label"]}`,
	"order": `{"type":"object","additionalProperties":false,"required":["id","kind"],"properties":{
		"id":{"type":"integer","minimum":1,"maximum":9999},
		"kind":{"type":"string","enum":["small","large"]},
		"price":{"type":"number","exclusiveMinimum":0,"multipleOf":0.01},
		"note":{"type":["string","null"],"minLength":2,"maxLength":40},
		"at":{"type":"string","format":"date-time"},
		"tags":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":3},
		"rush":{"type":"boolean","default":false},
		"to":{"$ref":"#/$defs/Address"}},
		"$defs":{"Address":{"type":"object","required":["city"],"properties":{"city":{"type":"string"},"next":{"$ref":"#/$defs/Address"}}}}}`,
	"empty": `{"type":"object"}`,
}

// The first seeds are valid by the schema library the probes judge with,
// and every seed after the valid ones is refused by it: each is broken in
// one place.
func TestSeedsAgainstValidator(t *testing.T) {
	for name, schema := range schemas {
		c := offlineschema.NewCompiler()
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(name+".json", doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile(name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		seeds := For([]byte(schema))
		if len(seeds) == 0 || len(seeds) > Max {
			t.Fatalf("%s: %d seeds", name, len(seeds))
		}
		valid, invalid := 0, 0
		for _, s := range seeds {
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
			if err != nil {
				t.Fatalf("%s: seed %s is not JSON: %v", name, s, err)
			}
			if sch.Validate(v) == nil {
				if invalid > 0 {
					t.Errorf("%s: valid seed %s after invalid ones", name, s)
				}
				valid++
			} else {
				invalid++
			}
		}
		t.Logf("%s: %d valid, %d invalid", name, valid, invalid)
		if name != "empty" && (valid < 3 || invalid < 2) {
			t.Errorf("%s: %d valid and %d invalid seeds:\n%s", name, valid, invalid, bytes.Join(seeds, []byte("\n")))
		}
	}
}

// The valid seeds reach each bound: the empty label and the longest one,
// both ends of id's range, each enum value.
func TestSeedsReachEdges(t *testing.T) {
	all := string(bytes.Join(append(For([]byte(schemas["label"])), For([]byte(schemas["order"]))...), []byte("\n")))
	for _, want := range []string{`{"label":""}`, `"label":"éééééééé"`, `"id":1,`, `"id":9999,`, `"kind":"small"`, `"kind":"large"`, `"id":10000`, `"kind":"not one of the enum"`, `"notAMember":1`} {
		if !strings.Contains(all, want) {
			t.Errorf("no seed holds %s in\n%s", want, all)
		}
	}
}

// An array's items get their edges too, at every depth: a []string is
// sent as [""] (the empty name a handler's goroutine returned early on,
// leaving its WaitGroup waiting), and an array of objects with an item
// whose member is at its edge, down to that member's own items.
func TestSeedsItemEdges(t *testing.T) {
	schema := `{"type":"object","required":["names","pts"],"properties":{
		"names":{"type":"array","items":{"type":"string"}},
		"pts":{"type":"array","items":{"$ref":"#/$defs/P"},"minItems":2}},
		"$defs":{"P":{"type":"object","required":["x","tags"],"properties":{
			"x":{"type":"integer","minimum":0,"maximum":9},
			"tags":{"type":"array","items":{"type":"string","maxLength":3}}}}}}`
	all := string(bytes.Join(For([]byte(schema)), []byte("\n")))
	for _, want := range []string{`"names":[""]`, `"names":["Zoë `, `"pts":[{"tags":[],"x":9},{"tags":[],"x":0}]`, `"pts":[{"tags":["ééé"],"x":0},`, `"pts":[{"tags":[""],"x":0},`} {
		if !strings.Contains(all, want) {
			t.Errorf("no seed holds %s in\n%s", want, all)
		}
	}
}

// Not a schema, or hostile ones, give {} or bounded seeds, never a panic.
func TestSeedsHostile(t *testing.T) {
	for _, s := range []string{``, `[]`, `null`, `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"$ref":"#/$defs/A"}}}`,
		`{"type":"object","properties":{"a":{"type":"string","minLength":1e300}}}`,
		`{"type":"object","properties":{"a":{"type":"array","minItems":100000000}}}`,
		`{"type":"object","properties":{"a":{"$ref":"http://x/y/z"}}}`} {
		seeds := For([]byte(s))
		n := 0
		for _, b := range seeds {
			n += len(b)
			if !json.Valid(b) {
				t.Errorf("%s: seed %q is not JSON", s, b)
			}
		}
		if len(seeds) == 0 || n > Max*(maxLen+64) {
			t.Errorf("%s: %d seeds, %d bytes", s, len(seeds), n)
		}
	}
}
