package offlineschema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestFailures(t *testing.T) {
	c := NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"type":"object","properties":{"a/b":{"type":"number"},"c":{"anyOf":[{"type":"string"},{"type":"integer"}]}},"required":["d"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("urn:t", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("urn:t")
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"a/b":"x","c":1.5}`))
	var got []string
	for _, f := range Failures(s.Validate(inst)) {
		got = append(got, f.String())
	}
	want := []string{
		"at the root: missing property 'd' (keyword required at #/required)",
		"at /a~1b: got string, want number (keyword type at #/properties/a~1b/type)",
		"at /c: 'anyOf' failed (keyword anyOf at #/properties/c/anyOf)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestHugeNumber(t *testing.T) {
	for n, huge := range map[string]bool{"1": false, "1e1000": false, "1E+1001": true, "-2.5e-99999": true, "1e0001": false, strings.Repeat("9", 1001): true} {
		if _, got := HugeNumber([]any{map[string]any{"x": json.Number(n)}}); got != huge {
			t.Errorf("HugeNumber(%.20s) = %v", n, got)
		}
	}
}
