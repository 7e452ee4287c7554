// Package textutil is the one home of the small string helpers that the
// host side (the checks, the probes, the reports, the generator, the
// command) uses to write messages, so that counts, cuts and lists read the
// same in every finding.
//
// The runtime (subako/ and abi/) keeps its own few helpers: it compiles
// into every module and imports only the standard library and abi/...
package textutil

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Plural writes a count with its noun: "1 tool", "2 tools", "0 tools".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Truncate cuts s to its first n characters (Unicode code points, never
// inside one) and marks the cut with "...".
func Truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}

// OneLine collapses the whitespace in s, line breaks included, to single
// spaces and cuts the result to n characters (Truncate): a message from a
// module or a library fits one line of a report.
func OneLine(s string, n int) string {
	return Truncate(strings.Join(strings.Fields(s), " "), n)
}

// Commas writes n with thousands separators: 65,536.
func Commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// JoinAnd joins "a", "b" and "c" as "a, b and c".
func JoinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
