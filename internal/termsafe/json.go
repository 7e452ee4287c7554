package termsafe

import (
	"strings"
	"unicode/utf8"
)

// JSON escapes a JSON document for a terminal with JSON's own escapes:
// every rune Text would escape, inside a string, becomes \uXXXX (a
// surrogate pair above U+FFFF), so the document stays valid and decodes to
// the same text, yet shows no control, bidi or invisible character raw. A
// byte that is not UTF-8 becomes \ufffd, as a JSON decoder reads it.
// Outside strings, valid JSON holds only white space: space, tab and
// newline are kept, and a carriage return becomes a space (the same value,
// still valid JSON: attack pass 49b, row 1, a module's answer line whose
// CR between tokens sent the cursor back, what followed hiding the text
// block before it); data that is not JSON is escaped as Text escapes it.
func JSON(doc []byte) []byte {
	text := string(doc)
	if unsafeAt(text, false) < 0 && strings.IndexFunc(text, IsVariationSelector) < 0 {
		return doc // (a selector may follow an escape, which unsafeAt does not read)
	}
	var out []byte
	inString, backslash := false, false
	escEnd := -1 // where the last escape sequence ended
	for i := 0; i < len(doc); {
		r, size := utf8.DecodeRune(doc[i:])
		switch {
		case !inString:
			if r == '"' {
				inString = true
			}
			if r == '\r' {
				out = append(out, ' ')
				i += size
				continue
			}
			if mustEscape(r, size, false) {
				return []byte(Text(text)) // not JSON
			}
		case backslash:
			backslash = false
			escEnd = i + size
			if r == 'u' {
				escEnd += 4
			}
		case r == '\\':
			backslash = true
		case r == '"':
			inString = false
		case i == escEnd && IsVariationSelector(r), // after an escape, whose last digit is no rune it follows (attack pass 48e, row 5)
			mustEscapeAt(text, i, noRune, r, size, true): // a variation selector read with its neighbours
			if r > 0xffff {
				hi, lo := surrogates(r)
				out = appendU(appendU(out, hi), lo)
			} else {
				out = appendU(out, r)
			}
			i += size
			continue
		}
		out = append(out, doc[i:i+size]...)
		i += size
	}
	return out
}

func appendU(out []byte, r rune) []byte {
	out = append(out, '\\', 'u')
	for shift := 12; shift >= 0; shift -= 4 {
		out = append(out, hex[r>>uint(shift)&0xf])
	}
	return out
}

func surrogates(r rune) (hi, lo rune) {
	r -= 0x10000
	return 0xd800 + r>>10&0x3ff, 0xdc00 + r&0x3ff
}
