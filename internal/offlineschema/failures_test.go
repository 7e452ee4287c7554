package offlineschema

import (
	"encoding/json"
	"errors"
	"fmt"
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

// TestMessage: the message of each leaf is the library's own text after
// its "at '<pointer>': " prefix, also when the pointer holds ": " (where
// cutting the text at the first ": " went wrong).
func TestMessage(t *testing.T) {
	t.Parallel()
	c := NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"type":"object","properties":{"a: b":{"type":"number"},"c":{"$ref":"#/$defs/s"}},"$defs":{"s":{"type":"string"}}}`))
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
	inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"a: b":"x","c":1}`))
	var ve *jsonschema.ValidationError
	if !errors.As(s.Validate(inst), &ve) {
		t.Fatal("no validation error")
	}
	got := map[string]string{}
	for _, l := range Leaves(ve) {
		got[pointer(l.InstanceLocation)] = Message(l)
		if text := l.Error(); !strings.HasSuffix(text, ": "+Message(l)) {
			t.Errorf("the library's text %q does not end with the message %q", text, Message(l))
		}
	}
	want := map[string]string{"/a: b": "got string, want number", "/c": "got number, want string"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("leaves = %v, want %v", got, want)
	}
	for _, f := range Failures(ve) {
		if f.Message != want[f.Pointer] {
			t.Errorf("Failures: %s", f)
		}
	}
}
