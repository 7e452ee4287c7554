// Module text in messages: escaped so that a terminal shows every
// character, and cut around what is shown.

package tooltext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/termsafe"
)

// Escape writes s for a message as termsafe.Quote does (a backslash
// doubled, so an escape in the output always stands for one character),
// escaping what this package judges hidden in its context: format and
// other invisible characters (\u200b, \u202e, \U000e0041) but a zero-width
// joiner inside an emoji or a flag's tag sequence, C1 controls (\u0085),
// private-use and unassigned code points, and the spaces other than U+0020.
func Escape(s string) string {
	rtl := -1 // whether s is right-to-left text, found when first needed
	return termsafe.Quote(s, func(s string, i int, r rune) bool {
		if rtl < 0 {
			rtl = 0
			if rightToLeft(s) {
				rtl = 1
			}
		}
		return classify(s, i, r, rtl == 1) != plain ||
			!unicode.IsPrint(r) && !unicode.Is(unicode.Cf, r) && !termsafe.IsVariationSelector(r)
	})
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
