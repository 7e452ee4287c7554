package resultcheck

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// kinds is each problem's kind, in order.
func kinds(ps []Problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, string(p.Kind))
	}
	return strings.Join(out, ",")
}

// TestHugeNumberKeepsEveryCheck (attack pass 51b, row 3): a member
// "x":1e1001 beside a result, or under its _meta, made Check return only
// not-checked, before the CallToolResult's shape, resultType, the
// outputSchema and the text block, and checkResult drops not-checked, so a
// result that is no CallToolResult passed lint. Now the number is a
// problem of its own (P056) and the other checks are made as without it.
func TestHugeNumberKeepsEveryCheck(t *testing.T) {
	t.Parallel()
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"additionalProperties":false}`)
	for _, tc := range []struct {
		result string // without its closing brace
		kinds  string // the problems' kinds without the number
	}{
		{`{"content":"not an array"`, "not-call-tool-result"},
		{`{"content":[{"type":"text","text":"{\"n\":\"not a number\"}"}],"structuredContent":{"n":"not a number"}`, "output-schema"},
		{`{"content":[{"type":"text","text":"other text"}],"structuredContent":{"n":1}`, "text-content"},
		{`{"content":[],"resultType":"incomplete"`, "not-call-tool-result"},
		{`{"content":[{"type":"text","text":"{\"n\":1}"}],"structuredContent":{"n":1}`, ""},
	} {
		without := Check(json.RawMessage(tc.result+"}"), schema)
		if got := kinds(without); got != tc.kinds {
			t.Errorf("%s}: %s, want %s: %v", tc.result, got, tc.kinds, without)
		}
		for _, tail := range []string{`,"x":1e1001}`, `,"_meta":{"x":1e1001}}`, `,"x":-1e400}`, `,"x":1e-1001}`, `,"x":` + strings.Repeat("7", 1001) + `}`} {
			got := Check(json.RawMessage(tc.result+tail), schema)
			want := string(UnreadableNumber)
			if tc.kinds != "" {
				want += "," + tc.kinds
			}
			if kinds(got) != want {
				t.Errorf("%s: %s, want %s: %v", tc.result+tail, kinds(got), want, got)
			}
			if r := got[0].Kind.Rule(); r == nil || r.ID != "P056" {
				t.Errorf("%s: the number's rule is %v, want P056", tc.result+tail, r)
			}
		}
	}
}

// TestNumberProblemSays: the finding names the number and why: past a
// double's range, Subako's client cannot read the result; past
// HugeNumber only, subakogo does not read it exactly. A number a double
// holds is none.
func TestNumberProblemSays(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ number, says string }{
		{"1e1001", "1e1001, past a double's range"},
		{"-1e309", "-1e309, past a double's range"},
		{"1e-1001", "1e-1001, of more than 1,000 characters or with an exponent past 1,000, which subakogo does not read exactly (a double reads it as 0)"},
		{"1" + strings.Repeat("0", 2000), "(2001 bytes), past a double's range"},
		{"0." + strings.Repeat("5", 1200), "(1202 bytes), of more than 1,000 characters"},
		{"1.7e308", ""},
		{"1e-300", ""},
		{"12345678901234567890123", ""},
	} {
		got := Check(json.RawMessage(`{"content":[],"x":[{"y":`+tc.number+`}]}`), nil)
		detail := ""
		if len(got) > 0 {
			detail = got[0].Detail
		}
		if tc.says == "" && len(got) != 0 || tc.says != "" && (len(got) != 1 || got[0].Kind != UnreadableNumber || !strings.Contains(detail, tc.says)) {
			t.Errorf("%.50s: %v, want one %s saying %q", tc.number, got, UnreadableNumber, tc.says)
		}
	}
}

// TestHugeNumberReadAsADouble: MCP's schema judges a number past
// HugeNumber as the double a client reads for it, without reading it
// exactly: a priority of 1e1001 is past 1 (a broken block), one of
// 1e-1001 is 0 (fine); a structuredContent holding one is not validated
// against the outputSchema (not-checked), the number being reported.
func TestHugeNumberReadAsADouble(t *testing.T) {
	t.Parallel()
	block := func(p string) string {
		return fmt.Sprintf(`{"content":[{"type":"text","text":"hi","annotations":{"priority":%s}}]}`, p)
	}
	if got := kinds(Check(json.RawMessage(block("1e1001")), nil)); got != "unreadable-number,not-call-tool-result" {
		t.Errorf("priority 1e1001: %s", got)
	}
	if got := kinds(Check(json.RawMessage(block("1e-1001")), nil)); got != "unreadable-number" {
		t.Errorf("priority 1e-1001: %s", got)
	}
	got := Check(json.RawMessage(`{"content":[{"type":"text","text":"{\"n\":1e1001}"}],"structuredContent":{"n":1e1001}}`), json.RawMessage(`{"type":"object"}`))
	if kinds(got) != "unreadable-number,not-checked" {
		t.Errorf("structuredContent holding 1e1001: %v", got)
	}
}
