package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// countingWriter counts what is written to it and keeps nothing.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)

// TestCallPrintBounded came from attack pass 36: call pretty-printed a
// result's structuredContent with json.Indent, two spaces per level on
// every line, so what it printed (and held) grew as the nesting depth
// times the number of items, not as what the module wrote: an 802 KB
// answer (an array of 400,000 zeros inside 1,000 levels of arrays,
// attack/gen.py's deep_wide_1000) made `subakogo call` print 804 MB, with
// 7.1 GB of peak RSS and 38 s of CPU; 5,000 levels (still under 1 MiB of
// stdout and encoding/json's 10,000) would print 4 GB and need about 35
// GB. What call shows of a result must stay within a small multiple of
// the result itself.
func TestCallPrintBounded(t *testing.T) {
	const depth, items = 1000, 20000
	value := strings.Repeat("[", depth) + strings.TrimSuffix(strings.Repeat("0,", items), ",") + strings.Repeat("]", depth)
	result := json.RawMessage(`{"content":[{"type":"text","text":"x"}],"structuredContent":{"v":` + value + `},"resultType":"complete"}`)
	var out countingWriter
	showResult(&out, result, t.TempDir(), false)
	t.Logf("a result of %d bytes printed %d bytes", len(result), out.n)
	if out.n > 8*int64(len(result))+64<<10 {
		t.Errorf("a result of %d bytes (%d items %d levels deep) printed %d bytes: %.0f times the result", len(result), items, depth, out.n, float64(out.n)/float64(len(result)))
	}
}

// TestCallPrintCompactNote: a value too deep to indent within the bound
// is printed whole and compact, after one line saying why.
func TestCallPrintCompactNote(t *testing.T) {
	value := strings.Repeat("[", 300) + strings.TrimSuffix(strings.Repeat("0, ", 2000), ", ") + strings.Repeat("]", 300)
	var out bytes.Buffer
	if !showValue(&out, json.RawMessage(value)) {
		t.Fatal("a valid value was not shown")
	}
	note, rest, _ := strings.Cut(out.String(), "\n")
	if !strings.HasPrefix(note, "(structuredContent shown compact: indented, its ") {
		t.Errorf("the first line is %q, not the note", note)
	}
	if want := strings.ReplaceAll(value, " ", "") + "\n"; rest != want {
		t.Errorf("after the note: %.80q..., want the compact value", rest)
	}
}

// TestIndentedSize: the count is exactly what json.Indent writes, for the
// shapes it treats apart (empty containers, strings holding brackets,
// commas, colons and escaped quotes, whitespace between tokens).
func TestIndentedSize(t *testing.T) {
	for _, src := range []string{
		`0`, `"x"`, `[]`, `{}`, `[ ]`, `{ }`, `[[]]`, `[{}, []]`, `{"a":[]}`,
		`{"a": 1, "b": [1, 2, {"c": null}], "d": {}}`,
		`{"s": "[{,:}] \" \\ \u00e9 "}`,
		" \n[\t1 ,\r\n 2 ]",
		`[[[[[[1,2],[3]]]]]]`,
		`{"deep":{"deeper":{"deepest":["a","b",{"k":true}]}}}`,
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), "", "  "); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got := indentedSize([]byte(src), 1<<20); got != want.Len() {
			t.Errorf("indentedSize(%q) = %d, json.Indent wrote %d bytes:\n%s", src, got, want.Len(), want.Bytes())
		}
	}
}
