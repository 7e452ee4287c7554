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
	"unicode"
	"unicode/utf8"
)

// Plural writes a count with its noun: "1 tool", "2 tools", "0 tools".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Truncate cuts s to at most its first n characters and marks the cut
// with "...". The cut falls between graphemes (what a reader sees as one
// character): never inside a UTF-8 sequence, nor between a letter and its
// combining marks, an emoji and its modifier or joined emoji, or the two
// halves of a flag, so it backs up to the start of the grapheme that n
// would split. The bytes kept are s's own, invalid ones included, so that
// an escaper shows them as they were.
func Truncate(s string, n int) string {
	cut, whole := graphemeCut(s, n)
	if whole {
		return s
	}
	return s[:cut] + "..."
}

// graphemeCut is the byte offset of the last grapheme boundary at or
// before the n-th character of s, and whether s has at most n characters.
func graphemeCut(s string, n int) (int, bool) {
	cut, k := 0, 0
	var g graphemes
	for i := 0; i < len(s); k++ {
		r, size := decodeRune(s[i:])
		if g.breakBefore(r) {
			cut = i
		}
		if k == n {
			return cut, false
		}
		i += size
	}
	return len(s), true
}

// GraphemeStart is the last grapheme boundary of s at or before byte i:
// where a cut that must not split what a reader sees as one character
// goes, backing up. GraphemeEnd is the first at or after i. 0 and len(s)
// are boundaries.
func GraphemeStart(s string, i int) int {
	b, _ := graphemeAround(s, i)
	return b
}

// GraphemeEnd: see GraphemeStart.
func GraphemeEnd(s string, i int) int {
	_, b := graphemeAround(s, i)
	return b
}

func graphemeAround(s string, at int) (before, after int) {
	at = min(max(at, 0), len(s))
	var g graphemes
	for i := 0; i < len(s); {
		r, size := decodeRune(s[i:])
		if g.breakBefore(r) {
			if i == at {
				return i, i
			}
			if i > at {
				return before, i
			}
			before = i
		}
		i += size
	}
	if at == len(s) {
		before = len(s)
	}
	return before, len(s)
}

// graphemes finds the grapheme boundaries of a text read rune by rune.
type graphemes struct {
	started bool
	prev    rune
	ri      int // regional indicators ending at prev
}

// breakBefore reports whether a grapheme starts at r, the next rune.
func (g *graphemes) breakBefore(r rune) bool {
	b := !g.started || graphemeBreak(g.prev, r, g.ri)
	g.started = true
	if isRegionalIndicator(r) {
		g.ri++
	} else {
		g.ri = 0
	}
	g.prev = r
	return b
}

// decodeRune is utf8.DecodeRuneInString, with notUTF8 for a byte that is
// not UTF-8.
func decodeRune(s string) (rune, int) {
	r, size := utf8.DecodeRuneInString(s)
	if size == 1 && r == utf8.RuneError {
		return notUTF8, 1
	}
	return r, size
}

// notUTF8 stands for a byte that is not UTF-8, a grapheme of its own.
const notUTF8 = -2

// graphemeBreak reports whether a grapheme ends between prev and next,
// after the rules of Unicode's extended grapheme clusters (UAX #29) that
// matter to a cut: CR LF, controls, Hangul syllable sequences, extending
// and spacing marks, zero-width joiner sequences and regional-indicator
// pairs (ri counts the regional indicators that end at prev). Prepended
// concatenation marks, rare, are not joined.
func graphemeBreak(prev, next rune, ri int) bool {
	switch {
	case prev == '\r' && next == '\n':
		return false
	case prev == notUTF8 || next == notUTF8 || isControl(prev) || isControl(next):
		return true
	case hangulJoins(prev, next):
		return false
	case isExtend(next) || next == zwj || unicode.In(next, unicode.Mc):
		return false
	case prev == zwj: // an emoji ZWJ sequence: the joiner binds what follows
		return false
	case isRegionalIndicator(prev) && isRegionalIndicator(next):
		return ri%2 == 0
	}
	return true
}

const zwj = '\u200d'

// isControl is the grapheme Control class: controls, line and paragraph
// separators, and format characters other than the joiners.
func isControl(r rune) bool {
	return r >= 0 && (unicode.In(r, unicode.Cc, unicode.Zl, unicode.Zp) ||
		unicode.Is(unicode.Cf, r) && r != zwj && r != '\u200c' && !isTag(r))
}

// isExtend is the grapheme Extend class, near enough: nonspacing and
// enclosing marks, the zero-width non-joiner, emoji modifiers and tag
// characters (which spell emoji subdivision flags).
func isExtend(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me) || r == '\u200c' || r >= 0x1f3fb && r <= 0x1f3ff || isTag(r) ||
		r == 0xff9e || r == 0xff9f
}

func isTag(r rune) bool { return r >= 0xe0020 && r <= 0xe007f }

func isRegionalIndicator(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }

// hangulJoins reports whether two Hangul jamo or syllables belong to one
// syllable block: L with L, V, LV or LVT; LV or V with V or T; LVT or T
// with T.
func hangulJoins(prev, next rune) bool {
	p, n := hangulKind(prev), hangulKind(next)
	switch p {
	case 'L':
		return n == 'L' || n == 'V' || n == 'v' || n == 't'
	case 'v', 'V':
		return n == 'V' || n == 'T'
	case 't', 'T':
		return n == 'T'
	}
	return false
}

// hangulKind is L, V or T for a leading, vowel or trailing jamo, v for a
// precomposed LV syllable, t for an LVT one, 0 otherwise.
func hangulKind(r rune) byte {
	switch {
	case r >= 0x1100 && r <= 0x115f || r >= 0xa960 && r <= 0xa97c:
		return 'L'
	case r >= 0x1160 && r <= 0x11a7 || r >= 0xd7b0 && r <= 0xd7c6:
		return 'V'
	case r >= 0x11a8 && r <= 0x11ff || r >= 0xd7cb && r <= 0xd7fb:
		return 'T'
	case r >= 0xac00 && r <= 0xd7a3:
		if (r-0xac00)%28 == 0 {
			return 'v'
		}
		return 't'
	}
	return 0
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
