// Module text in messages: escaped so that a terminal shows every
// character, and cut around what is shown.

package tooltext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape writes s so that every character a terminal would hide, act on or
// reorder shows as an escape: controls (\x1b, \n, \u0085), format and
// other invisible characters (\u200b, \u202e, \U000e0041), private-use and
// unassigned code points, and bytes that are not UTF-8 (\xff). A backslash
// is doubled, so an escape in the output always stands for one character.
func Escape(s string) string {
	if escapeFree(s) {
		return s
	}
	var b strings.Builder
	rtl := rightToLeft(s)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x` + hex2(int(s[i])))
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x` + hex2(int(r)))
		case classify(s, i, r, rtl) != plain || !unicode.IsPrint(r) && !unicode.Is(unicode.Cf, r) && !isVariationSelector(r):
			b.WriteString(escapeRune(r))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// escapeFree: printable ASCII without a backslash, the common case.
func escapeFree(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b >= 0x7f || b == '\\' {
			return false
		}
	}
	return true
}

func escapeRune(r rune) string {
	h := strconv.FormatInt(int64(r), 16)
	if r > 0xffff {
		return `\U` + strings.Repeat("0", 8-len(h)) + h
	}
	return `\u` + strings.Repeat("0", 4-len(h)) + h
}

func hex2(b int) string {
	h := strconv.FormatInt(int64(b), 16)
	if len(h) < 2 {
		h = "0" + h
	}
	return h
}

// quote escapes s in double quotes, cut to its first quoteMax characters.
func quote(s string) string {
	return `"` + Escape(cut(s, quoteMax)) + `"`
}

const (
	quoteMax   = 120 // characters of a quoted piece of text
	contextMax = 40  // characters shown on each side of a match
)

// cut keeps the first n code points of s, marking a cut with "...".
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	j := 0
	for k := 0; k < n; k++ {
		_, size := utf8.DecodeRuneInString(s[j:])
		j += size
	}
	return s[:j] + "..."
}

// context quotes s[start:end] with up to contextMax characters on each
// side, escaped, "..." marking the cuts.
func context(s string, start, end int) string {
	from := start
	for k := 0; k < contextMax && from > 0; k++ {
		_, n := utf8.DecodeLastRuneInString(s[:from])
		from -= n
	}
	to := end
	for k := 0; k < contextMax && to < len(s); k++ {
		_, n := utf8.DecodeRuneInString(s[to:])
		to += n
	}
	var b strings.Builder
	b.WriteByte('"')
	if from > 0 {
		b.WriteString("...")
	}
	b.WriteString(Escape(s[from:start]))
	b.WriteString(Escape(cut(s[start:end], quoteMax)))
	b.WriteString(Escape(s[end:to]))
	if to < len(s) {
		b.WriteString("...")
	}
	b.WriteByte('"')
	return b.String()
}
