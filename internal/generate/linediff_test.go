package generate

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// staleLines is a subako_gen.go of package main and n comment lines.
func staleLines(n int, format string) []byte {
	var s strings.Builder
	s.WriteString("package main\n")
	for i := range n {
		fmt.Fprintf(&s, format, i)
	}
	return []byte(s.String())
}

// TestLineDiffMemory (attack pass 39): `subakogo generate -check` shows a
// stale subako_gen.go as a line diff, and the file on disk is a hostile
// package's to choose. Myers' algorithm once kept a copy of its whole V
// array for every edit distance: 3,000 stale lines (55 KB) against 100
// allocated 170 MiB, and a file of 30,000 (530 KB) ran out of memory at
// 6.3 GB (exit 4). The diff must cost a bounded multiple of the texts
// whatever they hold, and still say where they begin to differ.
func TestLineDiffMemory(t *testing.T) {
	fresh := staleLines(100, "func f%d() {}\n")
	for _, c := range []struct {
		name string
		old  []byte
	}{
		{"3,000 stale lines", staleLines(3000, "// stale line %d\n")},
		{"30,000 stale lines", staleLines(30000, "// stale line %d\n")},
		// As many lines as the fresh file, each different: the line counts
		// do not bound the edits, Myers has to reach maxEdits to stop.
		{"100 lines all different", staleLines(100, "func g%d() {}\n")},
		{"5,000 against 5,000, all different", staleLines(5000, "// stale line %d\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			newText := fresh
			if strings.HasPrefix(c.name, "5,000") {
				newText = staleLines(5000, "// fresh line %d\n")
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			d := LineDiff("subako_gen.go", c.old, newText)
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			size := uint64(len(c.old) + len(newText))
			t.Logf("a diff of %d + %d bytes (%d bytes shown) allocated %d bytes", len(c.old), len(newText), len(d), allocated)
			if allocated > 64*size+(8<<20) {
				t.Errorf("LineDiff of %d KB allocated %d MiB: not bounded by the texts", size>>10, allocated>>20)
			}
			if !strings.Contains(d, "@@ -1 +1 @@\n package main\n-") {
				t.Errorf("the diff does not show the first differing line:\n%.500s", d)
			}
		})
	}
}

// TestLineDiffTooLong: past maxEdits changed lines the diff shows the
// first differing lines, with the lines both texts start with before
// them, and says how many lines follow.
func TestLineDiffTooLong(t *testing.T) {
	old := staleLines(3000, "// stale line %d\n")
	got := LineDiff("x", old, []byte("package main\nfunc main() {}\n"))
	want := "--- x (on disk)\n+++ x (generated)\n@@ -1 +1 @@\n package main\n-// stale line 0\n+func main() {}\n" +
		"... and 2999 more lines on disk and 0 generated, which differ in more than 1000 lines: not shown\n"
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
}

// TestLineDiffEnds: the lines both texts start and end with are set aside
// before Myers runs; the hunks still show three lines of context from
// them, and the line numbers count them, including a last line without a
// newline and texts that differ only in their first or last line.
func TestLineDiffEnds(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{"a\nb", "a\nc\nb", "@@ -1 +1 @@\n a\n+c\n b\n"},
		{"a\nb\n", "a\nab\n", "@@ -1 +1 @@\n a\n-b\n+ab\n"},
		{"x\n1\n2\n3\n4\n", "y\n1\n2\n3\n4\n", "@@ -1 +1 @@\n-x\n+y\n 1\n 2\n 3\n"},
		{"1\n2\n3\n4\n5\nx\n", "1\n2\n3\n4\n5\ny\n", "@@ -3 +3 @@\n 3\n 4\n 5\n-x\n+y\n"},
		{"1\n2\n", "1\n2\n3\n", "@@ -1 +1 @@\n 1\n 2\n+3\n"},
		{"", "a\n", "@@ -1 +1 @@\n+a\n"},
		{"a\nb\nc\n", "", "@@ -1 +1 @@\n-a\n-b\n-c\n"},
		{"a\n", "a", "@@ -1 +1 @@\n-a\n+a\n"},
	} {
		got := strings.TrimPrefix(LineDiff("x", []byte(c.old), []byte(c.new)), "--- x (on disk)\n+++ x (generated)\n")
		if got != c.want {
			t.Errorf("%q → %q:\n%s\nwant:\n%s", c.old, c.new, got, c.want)
		}
	}
}

// TestMyersShortest: on every pair of short texts over a small alphabet,
// myers' script turns the first into the second and is as short as the
// longest common subsequence allows; with a limit below that length it
// reports no script.
func TestMyersShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 5))
	for range 3000 {
		a, b := randomLines(rng), randomLines(rng)
		edits := len(a) + len(b) - 2*lcs(a, b)
		ops, ok := myers(a, b, maxEdits)
		if !ok {
			t.Fatalf("%q → %q: no script", a, b)
		}
		var gotA, gotB []string
		n := 0
		for _, op := range ops {
			if op.kind != '+' {
				gotA = append(gotA, op.text)
			}
			if op.kind != '-' {
				gotB = append(gotB, op.text)
			}
			if op.kind != ' ' {
				n++
			}
		}
		if !slices.Equal(gotA, a) || !slices.Equal(gotB, b) || n != edits {
			t.Fatalf("%q → %q: %d edits (want %d): %v", a, b, n, edits, ops)
		}
		if edits > 0 {
			if _, ok := myers(a, b, edits-1); ok {
				t.Fatalf("%q → %q: a script within %d edits, below the shortest (%d)", a, b, edits-1, edits)
			}
		}
	}
}

// randomLines is up to 9 lines of a few kinds, some the start of others,
// so that texts often share part of a line where they begin to differ.
func randomLines(rng *rand.Rand) []string {
	kinds := []string{"x\n", "y\n", "xy\n", "yx\n"}
	ls := make([]string, rng.IntN(10))
	for i := range ls {
		ls[i] = kinds[rng.IntN(len(kinds))]
	}
	return ls
}

// lcs is the length of the longest common subsequence, by dynamic
// programming: what a shortest edit script is measured against.
func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	for i := range a {
		cur := make([]int, len(b)+1)
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}

// TestLineDiffPatches: on random texts whose lines all end in a newline,
// LineDiff's hunks, applied to the old text, give the new one, with as
// few lines removed and added as possible: setting aside the common start
// and end neither loses a change nor misnumbers a hunk.
func TestLineDiffPatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 6))
	for range 3000 {
		a, b := randomLines(rng), randomLines(rng)
		if rng.IntN(2) == 0 { // a long common start and end, as in a stale file
			a = slices.Concat([]string{"p\n", "q\n", "r\n", "s\n"}, a, []string{"t\n", "u\n", "v\n", "w\n"})
			b = slices.Concat([]string{"p\n", "q\n", "r\n", "s\n"}, b, []string{"t\n", "u\n", "v\n", "w\n"})
		}
		old, want := strings.Join(a, ""), strings.Join(b, "")
		if old == want {
			continue
		}
		d := LineDiff("x", []byte(old), []byte(want))
		got, edits, err := patch(a, strings.TrimPrefix(d, "--- x (on disk)\n+++ x (generated)\n"))
		if err != nil || got != want || edits != len(a)+len(b)-2*lcs(a, b) {
			t.Fatalf("%q → %q: patched to %q with %d edits (%v); diff:\n%s", old, want, got, edits, err, d)
		}
	}
}

// patch applies a LineDiff's hunks to the lines of a, checking that the
// lines it keeps and removes are a's.
func patch(a []string, diff string) (string, int, error) {
	var out strings.Builder
	next, edits := 0, 0 // a's next line to copy
	for _, l := range strings.SplitAfter(diff, "\n") {
		if l == "" {
			continue
		}
		var from, to int
		if _, err := fmt.Sscanf(l, "@@ -%d +%d @@\n", &from, &to); err == nil {
			if from-1 < next {
				return "", 0, fmt.Errorf("hunk at line %d overlaps the one before", from)
			}
			for ; next < from-1; next++ {
				out.WriteString(a[next])
			}
			continue
		}
		kind, text := l[0], l[1:]
		if kind == '+' {
			out.WriteString(text)
			edits++
			continue
		}
		if next >= len(a) || a[next] != text {
			return "", 0, fmt.Errorf("line %d is %q, not %q", next+1, a[min(next, len(a)-1)], text)
		}
		if kind == ' ' {
			out.WriteString(text)
		} else {
			edits++
		}
		next++
	}
	for ; next < len(a); next++ {
		out.WriteString(a[next])
	}
	return out.String(), edits, nil
}

// TestLineDiffEscapes: the stale file is the package's, so its lines reach
// the terminal escaped: an escape sequence cannot erase the line before,
// nor a bidi override reorder one; tabs, Go's indentation, stay.
func TestLineDiffEscapes(t *testing.T) {
	old := "package main\n\x1b[1A\x1b[2K// fresh\n\tx := \"\u202e\"\r\n"
	got := LineDiff("x", []byte(old), []byte("package main\n\tx := 1\n"))
	want := "--- x (on disk)\n+++ x (generated)\n@@ -1 +1 @@\n package main\n-\\x1b[1A\\x1b[2K// fresh\n-\tx := \"\\u202e\"\\r\n+\tx := 1\n"
	if got != want {
		t.Errorf("diff:\n%q\nwant:\n%q", got, want)
	}
}
