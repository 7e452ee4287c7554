package tooldiff

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// enumList is a tool whose argument has an enum of n values, less the
// ones at the indexes left out.
func enumList(n int, leftOut ...int) []json.RawMessage {
	var b strings.Builder
	b.WriteString(`[{"name": "t", "inputSchema": {"type": "object", "properties": {"e": {"enum": [`)
	skip := map[int]bool{}
	for _, i := range leftOut {
		skip[i] = true
	}
	first := true
	for i := range n {
		if skip[i] {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(`"v` + strconv.Itoa(i) + `"`)
	}
	b.WriteString(`]}}}}]`)
	l, err := ParseList([]byte(b.String()))
	if err != nil {
		panic(err)
	}
	return l
}

// TestLargeEnum: an enum of 40,000 values that lost one is compared (it
// took 10 s when the comparison was quadratic; the benchmark measures).
func TestLargeEnum(t *testing.T) {
	t.Parallel()
	cs := Compare(enumList(40_000), enumList(40_000, 123))
	if len(cs) != 1 || cs[0].Rule.ID != "D005" || !strings.Contains(cs[0].What, `"v123"`) {
		t.Errorf("%s", messages(cs))
	}
}

// BenchmarkEnum compares two tools whose enums of 1.6M values (what the
// 16 MiB cap on a tool list allows) differ by one value.
func BenchmarkEnum(b *testing.B) {
	for _, n := range []int{40_000, 1_600_000} {
		old, new := enumList(n), enumList(n, n/2)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if cs := Compare(old, new); len(cs) != 1 {
					b.Fatal(messages(cs))
				}
			}
		})
	}
}

// wideList is n tools named prefix+i, each of whose inputSchema has
// members properties, a required list of them all and an anyOf of as many
// branches.
func wideList(prefix string, n, members int) []json.RawMessage {
	var props, req, branches []string
	for i := range members {
		props = append(props, `"m`+strconv.Itoa(i)+`": {"type": "string"}`)
		req = append(req, `"m`+strconv.Itoa(i)+`"`)
		branches = append(branches, `{"const": `+strconv.Itoa(i)+`}`)
	}
	schema := `{"type": "object", "properties": {` + strings.Join(props, ",") + `}, "required": [` + strings.Join(req, ",") +
		`], "propertyNames": {"anyOf": [` + strings.Join(branches, ",") + `]}}`
	var tools []string
	for i := range n {
		tools = append(tools, `{"name": "`+prefix+strconv.Itoa(i)+`", "inputSchema": `+schema+`}`)
	}
	l, err := ParseList([]byte("[" + strings.Join(tools, ",") + "]"))
	if err != nil {
		panic(err)
	}
	return l
}

// BenchmarkWide: every tool renamed (each removed tool's likely new name
// looked up), and one tool whose object has thousands of members and
// branches, against itself with one branch fewer: linear, not quadratic.
func BenchmarkWide(b *testing.B) {
	b.Run("renamed", func(b *testing.B) {
		old, new := wideList("a", 2000, 8), wideList("b", 2000, 8)
		for b.Loop() {
			if cs := Compare(old, new); len(cs) != 4000 {
				b.Fatal(len(cs))
			}
		}
	})
	b.Run("members", func(b *testing.B) {
		old, new := wideList("t", 1, 20000), wideList("t", 1, 19999)
		for b.Loop() {
			Compare(old, new)
		}
	})
}
