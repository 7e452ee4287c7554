package argsgen

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// reachValues runs Cases with Reach and returns each member's values over
// the valid cases, each case checked by checkCases' outside validator.
func reachValues(t *testing.T, schema string) map[string]map[string]bool {
	t.Helper()
	cases, notes := Cases([]byte(schema), Options{Cover: 48, Reach: true, Seed: 7})
	if len(notes) > 0 {
		t.Fatalf("notes: %v", notes)
	}
	checkCases(t, schema, cases)
	seen := map[string]map[string]bool{}
	for _, c := range cases {
		if !c.Valid {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(c.Args, &m); err != nil {
			t.Fatal(err)
		}
		for k, v := range m {
			if seen[k] == nil {
				seen[k] = map[string]bool{}
			}
			seen[k][string(v)] = true
		}
	}
	return seen
}

// TestReachEnum: every value of a long enum is sent, where the plain cover
// stops at maxEdgesPerMember.
func TestReachEnum(t *testing.T) {
	t.Parallel()
	var vals []string
	for i := range 40 {
		vals = append(vals, fmt.Sprintf("%q", fmt.Sprintf("v%02d", i)))
	}
	schema := `{"type":"object","properties":{"mode":{"enum":[` + strings.Join(vals, ",") + `]},"flag":{"type":"boolean"}},"required":["mode"]}`
	seen := reachValues(t, schema)
	for _, v := range vals {
		if !seen["mode"][v] {
			t.Errorf("enum value %s never sent", v)
		}
	}
	plain, _ := Cases([]byte(schema), Options{Cover: 48})
	n := 0
	for _, c := range plain {
		if strings.Contains(string(c.Args), `"v39"`) {
			n++
		}
	}
	if n != 0 {
		t.Errorf("the plain cover sent the 40th value: the test no longer shows the difference")
	}
}

// TestReachNumbers: a bounded integer gets values inside its range, not
// only its bounds, each a multiple of multipleOf.
func TestReachNumbers(t *testing.T) {
	t.Parallel()
	seen := reachValues(t, `{"type":"object","properties":{"n":{"type":"integer","minimum":0,"maximum":800,"multipleOf":2},"x":{"type":"number"}},"required":["n","x"]}`)
	inside := 0
	for v := range seen["n"] {
		var n int
		if err := json.Unmarshal([]byte(v), &n); err != nil {
			t.Fatal(err)
		}
		if n > 0 && n < 800 && n != 1 {
			inside++
		}
	}
	if inside < 8 {
		t.Errorf("only %d values inside the range: %v", inside, seen["n"])
	}
	for _, want := range []string{"400", "100", "256", "1024", "-128", "0.5"} {
		if !seen["n"][want] && !seen["x"][want] {
			t.Errorf("%s never sent: n %v x %v", want, seen["n"], seen["x"])
		}
	}
}

// TestReachPattern: a member under a pattern or a format gets many valid
// values, each checked against the pattern here too.
func TestReachPattern(t *testing.T) {
	t.Parallel()
	seen := reachValues(t, `{"type":"object","properties":{
		"code":{"type":"string","pattern":"^(AB|CD)-[0-9]{2,4}[a-z]?$"},
		"day":{"type":"string","format":"date"},
		"at":{"type":"string","format":"date-time"}},"required":["code","day","at"]}`)
	re := regexp.MustCompile(`^(AB|CD)-[0-9]{2,4}[a-z]?$`)
	if len(seen["code"]) < 10 {
		t.Errorf("only %d codes: %v", len(seen["code"]), seen["code"])
	}
	prefixes := map[string]bool{}
	for v := range seen["code"] {
		var s string
		_ = json.Unmarshal([]byte(v), &s)
		if !re.MatchString(s) {
			t.Errorf("%q does not match", s)
		}
		prefixes[s[:2]] = true
	}
	if len(prefixes) != 2 {
		t.Errorf("one alternative only: %v", seen["code"])
	}
	if !seen["day"][`"2024-02-29"`] || len(seen["day"]) < 8 {
		t.Errorf("days %v", seen["day"])
	}
	if !seen["at"][`"2024-02-29T23:59:59Z"`] {
		t.Errorf("date-times %v", seen["at"])
	}
}

// TestReachArrays: arrays get lengths between their bounds and, unless
// uniqueItems, repeated items; nested objects get edges four levels down.
func TestReachArrays(t *testing.T) {
	t.Parallel()
	seen := reachValues(t, `{"type":"object","properties":{
		"list":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":9},
		"set":{"type":"array","items":{"type":"string"},"maxItems":5,"uniqueItems":true},
		"a":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"object","properties":{"d":{"type":"integer","maximum":9}},"required":["d"]}},"required":["c"]}},"required":["b"]}},
		"required":["list","set","a"]}`)
	lengths, dup := map[int]bool{}, false
	for v := range seen["list"] {
		var l []int
		_ = json.Unmarshal([]byte(v), &l)
		lengths[len(l)] = true
		for i := 1; i < len(l); i++ {
			if l[i] == l[0] {
				dup = true
			}
		}
	}
	for _, n := range []int{1, 2, 3, 5, 8, 9} {
		if !lengths[n] {
			t.Errorf("no list of %d items: %v", n, seen["list"])
		}
	}
	if !dup {
		t.Errorf("no duplicate items: %v", seen["list"])
	}
	for v := range seen["set"] {
		var l []string
		_ = json.Unmarshal([]byte(v), &l)
		for i := range l {
			for j := range i {
				if l[i] == l[j] {
					t.Errorf("a duplicate under uniqueItems: %s", v)
				}
			}
		}
	}
	if !seen["a"][`{"b":{"c":{"d":9}}}`] {
		t.Errorf("the nested member's maximum was never sent: %v", seen["a"])
	}
}

// TestReachDict: the module's values are sent where the member's schema
// takes them, and only there: 613 to an integer from 0 to 1000, not 5000
// nor 1.5; "admin:" (also before the base value) to a plain string, not to
// a member whose pattern refuses it; a plain string gets the lengths of
// the module's numbers.
func TestReachDict(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"level":{"type":"integer","minimum":0,"maximum":1000},
		"note":{"type":"string","maxLength":32},
		"id":{"type":"string","pattern":"^[0-9]+$"}},"required":["level","note","id"]}`
	d := &Dict{Numbers: []json.Number{"5000", "1.5", "613", "13"}, Strings: []string{"admin:", "12345", "far too long for the note member, past 32"}}
	cases, notes := Cases([]byte(schema), Options{Cover: 48, Reach: true, Dict: d})
	if len(notes) > 0 {
		t.Fatal(notes)
	}
	checkCases(t, schema, cases)
	seen := map[string]bool{}
	for _, c := range cases {
		var m map[string]json.RawMessage
		_ = json.Unmarshal(c.Args, &m)
		for k, v := range m {
			seen[k+"="+string(v)] = true
		}
	}
	for _, want := range []string{`level=613`, `note="admin:"`, `note="admin:example"`, `id="12345"`, `note="exampleexampl"`} {
		if !seen[want] {
			t.Errorf("never %s", want)
		}
	}
	for _, never := range []string{`level=5000`, `level=1.5`, `id="admin:"`} {
		if seen[never] {
			t.Errorf("sent %s", never)
		}
	}
}
