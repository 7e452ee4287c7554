package generate

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/subako-ai/subako-go/internal/termsafe"
)

// maxEdits bounds the line diff: past this many lines removed and added it
// shows where the files begin to differ and how many lines follow, not
// every line. Myers' trace to a diff of d edits holds about d²/2 ints, so
// this keeps it under 4 MiB and its time under (lines)·maxEdits, whatever
// a package committed as its generated file.
const maxEdits = 1000

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// LineDiff shows how two texts differ, as a unified diff with three lines
// of context. The lines both texts start and end with are set aside first;
// Myers' algorithm then diffs the rest, which is quick when the texts are
// close, as a stale generated file and a fresh one are. Past maxEdits
// changed lines it shows the first and says how many lines follow. What
// it shows is escaped for a terminal (package termsafe).
func LineDiff(name string, old, new []byte) string {
	var s strings.Builder
	name = termsafe.Line(name)
	fmt.Fprintf(&s, "--- %s (on disk)\n+++ %s (generated)\n", name, name)
	pre, suf := commonLines(old, new)
	base := bytes.Count(old[:pre], []byte("\n"))
	before := lastLines(old[:pre], diffContext)
	oldMid, newMid := old[pre:len(old)-suf], new[pre:len(new)-suf]
	n, m := lineCount(oldMid), lineCount(newMid)
	var mid []diffOp
	ok := n-m <= maxEdits && m-n <= maxEdits // at least |n-m| edits, known before splitting a line
	if ok {
		mid, ok = myers(lines(oldMid), lines(newMid), maxEdits)
	}
	if !ok {
		writeTooLong(&s, before, base, lines(firstLines(oldMid, 1)), lines(firstLines(newMid, 1)), n, m)
		return s.String()
	}
	ops := make([]diffOp, 0, len(before)+len(mid)+diffContext)
	for i, l := range before {
		at := base - len(before) + i
		ops = append(ops, diffOp{' ', l, at, at})
	}
	for _, op := range mid {
		ops = append(ops, diffOp{op.kind, op.text, base + op.a, base + op.b})
	}
	for i, l := range lines(firstLines(old[len(old)-suf:], diffContext)) {
		ops = append(ops, diffOp{' ', l, base + n + i, base + m + i})
	}
	writeHunks(&s, ops)
	return s.String()
}

// writeHunks writes the changes in ops as hunks, each from diffContext
// lines before a change to diffContext after the last change that is
// within 2·diffContext lines of the next.
func writeHunks(s *strings.Builder, ops []diffOp) {
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-diffContext, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*diffContext {
				break
			}
		}
		end = min(end+diffContext+1, len(ops))
		fmt.Fprintf(s, "@@ -%d +%d @@\n", ops[start].a+1, ops[start].b+1)
		for _, op := range ops[start:end] {
			writeLine(s, op.kind, op.text)
		}
		i = end
	}
}

// writeTooLong writes the first differing lines of texts that differ in
// more than maxEdits lines, and how many lines follow them.
func writeTooLong(s *strings.Builder, before []string, base int, oldFirst, newFirst []string, n, m int) {
	fmt.Fprintf(s, "@@ -%d +%d @@\n", base-len(before)+1, base-len(before)+1)
	for _, l := range before {
		writeLine(s, ' ', l)
	}
	for _, l := range oldFirst {
		writeLine(s, '-', l)
	}
	for _, l := range newFirst {
		writeLine(s, '+', l)
	}
	fmt.Fprintf(s, "... and %d more lines on disk and %d generated, which differ in more than %d lines: not shown\n",
		max(n-1, 0), max(m-1, 0), maxEdits)
}

// writeLine writes one line of the diff, escaped for a terminal: the file
// on disk is the package's, and a control or bidi character in it must not
// rewrite or hide what a reviewer of the diff sees (tabs are kept).
func writeLine(s *strings.Builder, kind rune, text string) {
	s.WriteRune(kind)
	s.WriteString(termsafe.Text(strings.TrimSuffix(text, "\n")))
	s.WriteByte('\n')
}

// commonLines returns the lengths in bytes of the whole lines a and b
// start with and, after those, end with.
func commonLines(a, b []byte) (prefix, suffix int) {
	for prefix < len(a) && prefix < len(b) && a[prefix] == b[prefix] {
		prefix++
	}
	prefix = lineStart(a, prefix)
	for suffix < len(a)-prefix && suffix < len(b)-prefix && a[len(a)-1-suffix] == b[len(b)-1-suffix] {
		suffix++
	}
	// The common end must begin a line in both texts: the byte before it
	// is a newline, or it meets the common start.
	atStart := func(t []byte) bool { i := len(t) - suffix; return i == prefix || t[i-1] == '\n' }
	if suffix > 0 && (!atStart(a) || !atStart(b)) {
		if i := bytes.IndexByte(a[len(a)-suffix:], '\n'); i < 0 {
			suffix = 0
		} else {
			suffix -= i + 1
		}
	}
	return prefix, suffix
}

// lineStart is the start of the line holding t[i] (i itself when t[i-1]
// ends a line).
func lineStart(t []byte, i int) int {
	return bytes.LastIndexByte(t[:i], '\n') + 1
}

// lineCount is how many lines lines(t) returns, without splitting t.
func lineCount(t []byte) int {
	n := bytes.Count(t, []byte("\n"))
	if len(t) > 0 && t[len(t)-1] != '\n' {
		n++
	}
	return n
}

// firstLines is t's first n lines.
func firstLines(t []byte, n int) []byte {
	end := 0
	for ; n > 0 && end < len(t); n-- {
		i := bytes.IndexByte(t[end:], '\n')
		if i < 0 {
			return t
		}
		end += i + 1
	}
	return t[:end]
}

// lastLines is t's last n lines; t ends with a newline or is empty.
func lastLines(t []byte, n int) []string {
	start := len(t)
	for ; n > 0 && start > 0; n-- {
		start = lineStart(t, start-1)
	}
	return lines(t[start:])
}

type diffOp struct {
	kind rune // ' ', '-' or '+'
	text string
	a, b int // line numbers (0-based) in old and new
}

// myers computes a shortest edit script between line lists, or reports
// that every script is longer than limit edits. Round d keeps, for each
// diagonal k in -d..d of d's parity, the furthest x reached with d edits
// (its V band): the trace to backtrack costs O(d²), never a copy of V
// sized by the texts per round.
func myers(a, b []string, limit int) ([]diffOp, bool) {
	n, m := len(a), len(b)
	var rounds [][]int
	for d := 0; d <= min(n+m, limit); d++ {
		v := make([]int, d+1)
		prev := func(k int) int { return rounds[d-1][(k+d-1)/2] }
		for k := -d; k <= d; k += 2 {
			var x int
			switch {
			case d == 0:
			case k == -d || (k != d && prev(k-1) < prev(k+1)):
				x = prev(k + 1)
			default:
				x = prev(k-1) + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[(k+d)/2] = x
			if x >= n && y >= m {
				return backtrack(append(rounds, v), a, b), true
			}
		}
		rounds = append(rounds, v)
	}
	return nil, false
}

func backtrack(rounds [][]int, a, b []string) []diffOp {
	var ops []diffOp
	x, y := len(a), len(b)
	for d := len(rounds) - 1; d > 0; d-- {
		prev := func(k int) int { return rounds[d-1][(k+d-1)/2] }
		k := x - y
		var prevK int
		if k == -d || (k != d && prev(k-1) < prev(k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := prev(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			ops = append(ops, diffOp{' ', a[x], x, y})
		}
		if x == prevX {
			y--
			ops = append(ops, diffOp{'+', b[y], x, y})
		} else {
			x--
			ops = append(ops, diffOp{'-', a[x], x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		ops = append(ops, diffOp{' ', a[x], x, y})
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}

// lines splits text after each newline, without an empty last line.
func lines(b []byte) []string {
	ls := strings.SplitAfter(string(b), "\n")
	if len(ls) > 0 && ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}
