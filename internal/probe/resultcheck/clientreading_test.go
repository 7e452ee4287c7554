package resultcheck

import (
	"encoding/json"
	"strings"
	"testing"
)

// withStructured is a CallToolResult whose structuredContent is sc,
// carried by its text block.
func withStructured(sc string) json.RawMessage {
	text, _ := json.Marshal(sc)
	return json.RawMessage(`{"content":[{"type":"text","text":` + string(text) + `}],"structuredContent":` + sc + `}`)
}

// TestOutputSchemaJudgesTheDoubleAClientReads (attack pass 51e, row 2):
// structuredContent was validated on its exact values (the schema library
// reads big.Rat), so a number a float64 client (Go's encoding/json,
// JavaScript's JSON.parse) reads as another value passed where the value
// the client holds fails, and failed where it passes. Now every number is
// judged as the double a client reads, and the message quotes it as sent.
func TestOutputSchemaJudgesTheDoubleAClientReads(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		schema, sc, says string // says is "" for no problem
	}{
		{`{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0}},"required":["n"]}`, `{"n":1e-400}`,
			"exclusiveMinimum: got 0, want 0 (keyword exclusiveMinimum at #/properties/n/exclusiveMinimum) (the result sent 1e-400, which a client reads as 0)"},
		{`{"type":"object","properties":{"n":{"type":"number","exclusiveMaximum":1}},"required":["n"]}`, `{"n":0.99999999999999999999}`,
			"(the result sent 0.99999999999999999999, which a client reads as 1)"},
		{`{"type":"object","properties":{"n":{"not":{"const":1}}},"required":["n"]}`, `{"n":1.00000000000000000001}`, "'not' failed"},
		{`{"type":"object","properties":{"n":{"type":"array","uniqueItems":true}},"required":["n"]}`, `{"n":[1,1.00000000000000000001]}`, "items at 0 and 1 are equal"},
		{`{"type":"object","properties":{"n":{"type":"number","not":{"enum":[0]}}},"required":["n"]}`, `{"n":-1e-400}`, "which a client reads as -0"},
		// The other way: what the client reads passes.
		{`{"type":"object","properties":{"n":{"type":"integer","maximum":9007199254740992}}}`, `{"n":9007199254740993}`, ""},
		{`{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":1e-400}`, ""},
		{`{"type":"object","properties":{"n":{"const":0.1}}}`, `{"n":0.1000000000000000000001}`, ""},
		// Numbers a double holds as written are judged as they are.
		{`{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0}}}`, `{"n":1e-300}`, ""},
		{`{"type":"object","properties":{"n":{"type":"number","maximum":1}}}`, `{"n":1.5e0}`, "maximum: got 1.5, want 1 (keyword maximum at #/properties/n/maximum)"},
	} {
		got := Check(withStructured(c.sc), json.RawMessage(c.schema))
		switch {
		case c.says == "" && len(got) != 0:
			t.Errorf("%s against %s: %v, want none (a client reads a valid value)", c.sc, c.schema, got)
		case c.says != "" && (len(got) != 1 || got[0].Kind != OutputSchema || !strings.Contains(got[0].Detail, c.says)):
			t.Errorf("%s against %s: %v, want one %s saying %q", c.sc, c.schema, got, OutputSchema, c.says)
		case c.says != "" && strings.HasSuffix(c.says, ")") && !strings.HasSuffix(got[0].Detail, ")"):
			t.Errorf("%s: %q", c.sc, got[0].Detail)
		}
	}
}

// TestShapeJudgesTheDoubleAClientReads (attack pass 51e, row 3): MCP's
// schema judged a number under HugeNumber exactly and one past it as its
// double: a priority of -1e-400 was P030 "minimum: got 0, want 0" (a
// client reads -0, which MCP's schema accepts) while -1e-1001 was P056
// alone. Now both are read as the double, and a failure quotes the number
// as sent beside the double judged.
func TestShapeJudgesTheDoubleAClientReads(t *testing.T) {
	t.Parallel()
	block := func(p string) json.RawMessage {
		return json.RawMessage(`{"content":[{"type":"text","text":"x","annotations":{"priority":` + p + `}}]}`)
	}
	for _, c := range []struct{ priority, kinds, says string }{
		{"-1e-400", "", ""},
		{"1.00000000000000000001", "", ""},
		{"-1e-1001", "unreadable-number", ""},
		{"1.00000000000000000001e1", "not-call-tool-result", "maximum: got 10, want 1 (keyword maximum at #/$defs/Annotations/properties/priority/maximum) (the result sent 1.00000000000000000001e1, which a client reads as 10)"},
		{"-1e-1", "not-call-tool-result", "minimum: got -0.1, want 0 (keyword minimum at #/$defs/Annotations/properties/priority/minimum)"},
		{"1e400", "unreadable-number,not-call-tool-result", "(the result sent 1e400, past a double's range)"},
	} {
		got := Check(block(c.priority), nil)
		if kinds(got) != c.kinds {
			t.Errorf("priority %s: %v, want %q", c.priority, got, c.kinds)
			continue
		}
		if c.says != "" && !strings.HasSuffix(got[len(got)-1].Detail, c.says) {
			t.Errorf("priority %s: %q, want it to end %q", c.priority, got[len(got)-1].Detail, c.says)
		}
	}
}

// TestSameDecimal: the exactness test clientReading's replacement rests
// on, a number kept only where it is exactly the double's shortest form.
func TestSameDecimal(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"1.5e-7", "1.5e-07", true}, {"0.00000015", "1.5e-07", true}, {"150e-9", "1.5e-07", true},
		{"100", "1e+02", true}, {"1.0", "1", true}, {"-0.0e5", "-0", true}, {"0", "-0", false},
		{"1.00000000000000000001", "1", false}, {"0.1000000000000000055511151231257827021181583404541015625", "0.1", false},
		{"12.5", "1.25e+01", true}, {"12.5", "1.25e+00", false}, {"0.0125", "1.25e-02", true}, {"0.0125", "0.125", false},
	} {
		if got := sameDecimal(c.a, c.b); got != c.same {
			t.Errorf("sameDecimal(%s, %s) = %v", c.a, c.b, got)
		}
	}
}
