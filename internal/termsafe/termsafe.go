// Package termsafe is the one home of the escaping that text a module
// wrote (tool names and descriptions, function and section names, its
// stdout and stderr, its error messages) goes through before it reaches a
// terminal. Printed raw, such text could move the cursor, retitle the
// window or clear the screen (ESC and the C0/C1 controls), reorder what a
// reviewer sees (bidi overrides and isolates), or hide words altogether
// (zero-width and tag characters). Every rune a terminal would not show as
// itself is written visibly instead, in Go's escape notation: `\x1b`,
// `\u202e`, `\U000e0041`, `\xff` for a byte that is not UTF-8.
//
// Text without such runes passes unchanged, and escaping is idempotent:
// escaped text is printable ASCII where it changed, so escaping it again
// changes nothing. A backslash is not escaped by Text and Line: text the
// module wrote as `\u202e` reads the same as the escape, which shows no
// less. Quote, for a message that quotes a module's text as evidence,
// doubles it, so that every escape stands for one character.
//
// JSON and SARIF reports keep the text intact and go through JSON, which
// writes what would be escaped as JSON's \u escapes.
package termsafe

import (
	"unicode"
	"unicode/utf8"
)

// What is escaped: controls (C0, DEL, C1), format characters (Cf: bidi
// controls, zero-width characters, tag characters, the soft hyphen...),
// the line and paragraph separators, private-use, surrogate and unassigned
// code points, bytes that are not UTF-8, and the graphic code points that
// draw nothing (DrawsNothing), and variation selectors that select
// nothing (VariationHidden). Everything a terminal draws as a glyph
// (letters, marks, digits, punctuation, symbols and the space separators)
// is not: that is unicode.IsGraphic. Newline and tab are kept by Text and
// escaped by Line.

// Text escapes s for a terminal, keeping its newlines and tabs: a block of
// text, such as a module's stderr.
func Text(s string) string { return escape(s, false) }

// Line escapes s for one line of a terminal: newlines and tabs are escaped
// too (`\n`, `\t`), so that a message cannot forge the next line of a
// report or a log.
func Line(s string) string { return escape(s, true) }

func escape(s string, line bool) string {
	i := unsafeAt(s, line)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	return string(appendEscaped(append(b, s[:i]...), s, i, len(s), noRune, line))
}

// Quote escapes s for one line, as Line does, for a message that quotes a
// module's text as evidence (a tool-text finding): a backslash is doubled
// too (`\\`), so that each escape in the result stands for exactly one
// character of s and `\u200b` cannot be the six characters the module
// wrote. hidden, when not nil, decides instead of Line which runes beyond
// ASCII to escape, knowing their place in s (r is the rune at s[i:]): a
// caller that judges text in context (a zero-width joiner inside an emoji
// is kept, a lone variation selector or a no-break space is escaped) shows
// what it judged. ASCII controls, newline, tab and bytes that are not
// UTF-8 are escaped whatever hidden says.
func Quote(s string, hidden func(s string, i int, r rune) bool) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\' {
		i++ // printable ASCII but the backslash: the common case
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		var esc bool
		switch {
		case r == '\\':
			b = append(b, `\\`...)
			i += size
			continue
		case r < 0x80 || r == utf8.RuneError && size <= 1 || hidden == nil:
			esc = mustEscapeAt(s, i, noRune, r, size, true)
		default:
			esc = hidden(s, i, r)
		}
		if esc {
			b = appendRune(b, s, i, r, size)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// unsafeAt is the byte offset of the first rune of s to escape, or -1.
func unsafeAt(s string, line bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f { // printable ASCII: the common case
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if mustEscapeAt(s, i, noRune, r, size, line) {
			return i
		}
		i += size
	}
	return -1
}

// noRune stands for no rune before a text's start.
const noRune rune = -1

// mustEscapeAt says whether r, the rune at s[i:] (size bytes), is to be
// escaped; prev is the rune before s[0] (noRune for none), for a stream
// written in pieces.
func mustEscapeAt(s string, i int, prev, r rune, size int, line bool) bool {
	if IsVariationSelector(r) {
		if i > 0 {
			prev, _ = utf8.DecodeLastRuneInString(s[:i])
		}
		if prev == utf8.RuneError || prev != noRune && mustEscape(prev, utf8.RuneLen(prev), line) {
			prev = noRune // after an escape it selects nothing, and escaping twice is escaping once
		}
		next := noRune
		if i+size < len(s) {
			next, _ = utf8.DecodeRuneInString(s[i+size:])
		}
		return variationHidden(prev, r, next)
	}
	return mustEscape(r, size, line)
}

func mustEscape(r rune, size int, line bool) bool {
	switch {
	case r == utf8.RuneError && size <= 1:
		return true // a byte that is not UTF-8
	case r == '\n' || r == '\t':
		return line
	}
	return !unicode.IsGraphic(r) || DrawsNothing(r)
}

// DrawsNothing: r is graphic (unicode.IsGraphic) yet draws nothing, a
// default-ignorable letter or mark that is no format character: the
// Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the Khmer inherent
// vowels (U+17B4, U+17B5), the combining grapheme joiner (U+034F) and
// the Mongolian free variation selectors (U+180B-U+180D, U+180F). A tool
// name or text written with them reads as another in a report, as with
// the zero-width characters (attack pass 47a: U+3164 passed unescaped).
// The tool-text checks read them as hidden characters from here too.
func DrawsNothing(r rune) bool {
	switch r {
	case 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x3164, 0xffa0, 0x180b, 0x180c, 0x180d, 0x180f:
		return true
	}
	return false
}

// IsVariationSelector: r selects a variant of the character before it
// (U+FE00-U+FE0F, U+E0100-U+E01EF). A category Mn mark, unicode.IsGraphic
// says it is drawn; it draws nothing of its own.
func IsVariationSelector(r rune) bool {
	return (r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xe0100 && r <= 0xe01ef)
}

// VariationHidden: r, a variation selector at s[i:], selects nothing and
// so hides what it stands for. One after a character that has variants
// (an emoji or symbol's presentation, a keycap's digit, an ideographic
// variant) is how text is written; a run of them, one after nothing, or
// one after a character no variation sequence starts with (a letter of
// the Latin, Greek or Cyrillic alphabets, a space, ASCII punctuation)
// smuggles bytes: one after every letter of a sentence hides four bits a
// letter, a run of them after one emoji a whole message. Line, Text and
// the tool-text checks escape and flag such selectors alike.
func VariationHidden(s string, i int, r rune) bool {
	return mustEscapeAt(s, i, noRune, r, utf8.RuneLen(r), true)
}

// variationHidden is VariationHidden for the variation selector r between
// prev and next (noRune for none). The variation sequences Unicode
// defines start with a symbol or punctuation beyond ASCII (an emoji's or
// a symbol's presentation, U+FE0E and U+FE0F), a mathematical symbol (its
// variants, U+FE00-U+FE0D), a keycap's digit, "#" or "*" (U+FE0F), the
// slashed zero (U+0030 U+FE00), or an ideograph (its variants,
// and the ideographic variation selectors U+E0100-U+E01EF): after
// anything else (a letter of any script, a mark, a space) a selector
// selects nothing (attack pass 48d, row 3: one after each digit, kana or
// Arabic letter hid four bits a character).
func variationHidden(prev, r, next rune) bool {
	switch {
	case prev == noRune || IsVariationSelector(prev) || IsVariationSelector(next):
		return true
	case unicode.Is(unicode.Han, prev):
		return false
	case r >= 0xe0100:
		return true
	case prev < 0x80:
		keycap := r == 0xfe0f && (prev >= '0' && prev <= '9' || prev == '#' || prev == '*')
		slashedZero := r == 0xfe00 && prev == '0'
		return !keycap && !slashedZero
	case r >= 0xfe0e: // the text and emoji presentations
		return !unicode.IsSymbol(prev) && !unicode.IsPunct(prev)
	}
	return !unicode.Is(unicode.Sm, prev) // U+FE00-U+FE0D: the mathematical variants
}

const hex = "0123456789abcdef"

// appendEscaped appends s[from:end] to b, escaping what must be (what
// follows end is read as a variation selector's next rune); prev is the
// rune before s[0] (noRune for none).
func appendEscaped(b []byte, s string, from, end int, prev rune, line bool) []byte {
	for i := from; i < end; {
		r, size := utf8.DecodeRuneInString(s[i:])
		if mustEscapeAt(s, i, prev, r, size, line) {
			b = appendRune(b, s, i, r, size)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// appendRune appends the escape of r, the rune at s[i:] (size bytes).
func appendRune(b []byte, s string, i int, r rune, size int) []byte {
	switch {
	case r == utf8.RuneError && size <= 1:
		b = appendHex(b, `\x`, uint32(s[i]), 2)
	case r == '\n':
		b = append(b, `\n`...)
	case r == '\t':
		b = append(b, `\t`...)
	case r == '\r':
		b = append(b, `\r`...)
	case r < 0x80:
		b = appendHex(b, `\x`, uint32(r), 2)
	case r <= 0xffff:
		b = appendHex(b, `\u`, uint32(r), 4)
	default:
		b = appendHex(b, `\U`, uint32(r), 8)
	}
	return b
}

func appendHex(b []byte, prefix string, v uint32, digits int) []byte {
	b = append(b, prefix...)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b = append(b, hex[v>>uint(shift)&0xf])
	}
	return b
}

// Clip cuts s to its first n runes and marks the cut with "…"; s with at
// most n runes is returned unchanged. It is for text a client or a module
// sent that a message or a log line quotes: however long the text, the
// quote is bounded (attack pass 40o, row 3: a 15 MiB tool name was
// quoted whole into an error, its answer and a 30 MiB log line). Only the
// first n runes are read. Clip does not escape: Line or Quote the result.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s // n bytes hold at most n runes
	}
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + "…"
}
