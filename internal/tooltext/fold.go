// Folding: the text the phrase patterns read, lower-cased, with
// look-alike letters made Latin, letters with marks made plain, markup
// between words and invisible characters dropped, so that "Ignоre" with a
// Cyrillic о, "ig\u200bnore", "Ignóre", "*ignore*" and "<b>ignore</b>"
// read as "ignore", and every byte mapped back to the original for the
// span.

package tooltext

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/rules"
)

// folded is a text as the patterns read it; at[k] is the byte offset in
// the original of folded byte k, and at[len(s)] is the original's length
// (nil when they are the same).
type folded struct {
	s  string
	at []int
}

func fold(orig string) folded {
	if simpleASCII(orig) {
		return userQuotes(joinWraps(folded{foldASCII(orig), nil}))
	}
	return userQuotes(joinWraps(foldRunes(orig)))
}

// joinWraps reads each line break of f that wraps a sentence (lineEnds:
// "Do not tell\nthe user") as one space, with the spaces around it, as
// a model reads a hard-wrapped paragraph: every phrase reader and every
// pattern's "[^.\n]" gap reads through it (attack pass 41k, row 2). A
// line break that ends a line (a blank line, a list item, a line after a
// colon) stays. One pass; each space is read at most twice.
func joinWraps(f folded) folded {
	s := f.s
	k := strings.IndexByte(s, '\n')
	for k >= 0 && lineEnds(s, k) {
		j := strings.IndexByte(s[k+1:], '\n')
		if j < 0 {
			return f
		}
		k += 1 + j
	}
	if k < 0 {
		return f
	}
	orig := func(j int) int {
		if f.at == nil {
			return j
		}
		return f.at[j]
	}
	b := make([]byte, 0, len(s))
	at := make([]int, 0, len(s)+1)
	b, at = append(b, s[:k]...), at[:0]
	for j := range k {
		at = append(at, orig(j))
	}
	for ; k < len(s); k++ {
		c := s[k]
		if c == '\n' && !lineEnds(s, k) {
			for len(b) > 0 && b[len(b)-1] == ' ' {
				b, at = b[:len(b)-1], at[:len(at)-1]
			}
			b, at = append(b, ' '), append(at, orig(k))
			for k+1 < len(s) && s[k+1] == ' ' {
				k++
			}
			continue
		}
		b, at = append(b, c), append(at, orig(k))
	}
	return folded{string(b), append(at, orig(len(s)))}
}

// foldRunes is fold of a text that is not simpleASCII.
func foldRunes(orig string) folded {
	var b strings.Builder
	b.Grow(len(orig))
	at := make([]int, 0, len(orig)+1)
	rtl := false
	space := false
	skip := 0                  // markup is dropped up to here
	linkText, linkEnd := -1, 0 // a Markdown link's "](url)", dropped as its "[" is
	for i, r := range orig {
		if i < skip {
			continue
		}
		if i == linkText {
			skip = linkEnd
			continue
		}
		if r == '[' {
			if t, e := markdownLink(orig, i); e > 0 {
				linkText, linkEnd = t, e // read as its text: "[Ignore](https://x) all previous"
				continue
			}
		}
		if r == '&' {
			if e, n := entity(orig[i:]); n > 0 {
				r, skip = e, i+n // read as the character it names: "&#73;gnore", "&lt;IMPORTANT&gt;"
			}
		}
		if r < 0x80 { // most of any text: folded byte for byte, as foldASCII does
			// a tag is read at its "<" only: reading one at every byte scanned a line's
			// rest for a "<" at each, quadratic ("a-\nb" repeated, 6.9 s for 256 KiB)
			if r == '<' {
				if nameEnd, end := modelTagAttributes(orig[i:]); end > 0 {
					for k := i; k < i+nameEnd; k++ { // "<important", then ">"
						b.WriteByte(foldByte(orig[k]))
						at = append(at, k)
					}
					b.WriteByte('>')
					at = append(at, i+end-1)
					space, skip = false, i+end
					continue
				}
			}
			if v, ok := percentByte(orig, i); ok { // "Ignore%20previous%20instructions": what a URL decoder reads
				r, skip = rune(v), i+3 // no line hyphen nor markup: orig[i] is '%'
			}
			if n := lineHyphen(orig, i); n > 0 { // "previ-\nous": one word, as a soft hyphen's
				skip = i + n
				continue
			}
			if n := markup(orig, i); n > 0 && orig[i] != '&' {
				skip = i + n
				if _, inline := tag(orig[i:]); orig[i] == '<' && !inline && !space {
					b.WriteByte(' ') // a line or block tag: "all<br>previous"
					at = append(at, i)
					space = true
				}
				continue
			}
			c := foldByte(byte(r))
			if r == '\r' && i+1 < len(orig) && orig[i+1] == '\n' {
				c = ' ' // the line break is the "\n": "\r\n" is no blank line
			}
			if c == ' ' && space {
				continue
			}
			space = c == ' '
			b.WriteByte(c)
			at = append(at, i)
			continue
		}
		if classify(orig, i, r, rtl) == invisible || unicode.Is(unicode.Mn, r) {
			continue // a combining mark: "instruc\u0301tions" is "instructions"
		}
		if l, ok := slices.BinarySearch(latinLetters[:], r); ok {
			space = false
			for k := 0; k < len(latinSpelling[l]); k++ {
				b.WriteByte(foldByte(latinSpelling[l][k]))
				at = append(at, i)
			}
			continue
		}
		switch {
		case unicode.IsSpace(r):
			r = ' '
		case r == '\u2018' || r == '\u2019' || r == '\u201b' || r == '\u00b4':
			r = '\''
		case r == '\u201c' || r == '\u201d':
			r = '"'
		case r >= 0x2010 && r <= 0x2015:
			r = '-'
		default:
			if a, ok := angles[r]; ok {
				r = a
			} else {
				r = latinOf(r)
			}
		}
		if r == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		r = unicode.ToLower(r)
		n := b.Len()
		b.WriteRune(r)
		for k := n; k < b.Len(); k++ {
			at = append(at, i)
		}
	}
	at = append(at, len(orig))
	return folded{b.String(), at}
}

// angles are the angle brackets' look-alikes a tag is written with
// ("‹IMPORTANT›", "⟨system⟩").
var angles = map[rune]rune{'\u2039': '<', '\u203a': '>', '\u27e8': '<', '\u27e9': '>', '\u3008': '<', '\u3009': '>',
	'\u2329': '<', '\u232a': '>', '\u276e': '<', '\u276f': '>', '\u02c2': '<', '\u02c3': '>', '\ufe64': '<', '\ufe65': '>'}

// markup is the length of the markup at s[k] that a reader reads
// through, 0 when there is none: a run of emphasis marks (*, _, ~,
// backquotes) that opens or closes a word ("**all**", "_all_",
// "`instructions`", "~~no~~"; not the _ of id_rsa nor the ~ of ~/.ssh,
// which have a word on both sides or on neither), or an inline HTML tag
// ("<b>", "</em>", "<span class=x>").
func markup(s string, k int) int {
	switch s[k] {
	case '*', '_', '~', '`':
		if k > 0 && emphasis(s[k-1]) {
			return 0 // inside a run, judged whole at its start: rescanning it at each byte was quadratic
		}
		j := k
		for j < len(s) && emphasis(s[j]) {
			j++
		}
		if s[k] == '*' && j == k+1 && (j < len(s) && s[j] == '/' || k > 0 && s[k-1] == '/') {
			return 0 // a glob in a path ("~/.s*/id*", "~/.ssh/*"), not emphasis (attack pass 45c row 5)
		}
		before := k > 0 && wordish(s[k-1])
		after := j < len(s) && wordish(s[j])
		if before != after || before && j-k >= 2 && s[k] != '_' && s[k] != '`' {
			return j - k // opens or closes a word, or ** or ~~ within one ("in**struc**tions")
		}
	case '=':
		if k > 0 && s[k-1] == '=' || k+2 < len(s) && s[k+2] == '=' || k+1 >= len(s) || s[k+1] != '=' {
			return 0
		}
		if (k > 0 && wordish(s[k-1])) != (k+2 < len(s) && wordish(s[k+2])) {
			return 2 // a ==highlight== opening or closing a word
		}
	case '<':
		n, _ := tag(s[k:])
		return n
	}
	return 0
}

// tag reads the HTML tag at the start of s, "<p>", "</span>", "<br/>",
// "<span title=...>": its length, 0 when there is none, and whether it is
// inline (read as nothing: "pre<wbr>vious", "in<b>struc</b>tions") or
// breaks a line or block (read as a space: "all<br>previous",
// "<p>previous</p>"). Any tag is read through, whatever its name, but a
// tag addressed to the model (modelTags: "<IMPORTANT>", "<system>"),
// which the patterns read as such (fold reads it without its attributes).
func tag(s string) (n int, inline bool) {
	name, _, end := tagParts(s)
	if end == 0 {
		return 0, false
	}
	lower := strings.ToLower(name)
	if modelTagRE.MatchString(lower) {
		return 0, false
	}
	return end, inlineTags[lower]
}

// tagParts reads the HTML tag at the start of s: its name, where its
// name ends, and its length (0 when s starts with none). Attributes have
// no bound of their own: the scan stops at the first "<" or ">", so a
// walk of every "<" reads each byte at most once more.
func tagParts(s string) (name string, nameEnd, end int) {
	if s == "" || s[0] != '<' { // no tag, and nothing scanned for one (attack pass 39)
		return "", 0, 0
	}
	j := 1
	if j < len(s) && s[j] == '/' {
		j++
	}
	start := j
	for j < len(s) && (asciiLetter(s[j]) || j > start && (s[j] >= '0' && s[j] <= '9' || s[j] == '-')) {
		j++
	}
	if j == start || j == len(s) {
		return "", 0, 0
	}
	nameEnd = j
	switch c := s[j]; {
	case c == '>':
	case c == '/' && j+1 < len(s) && s[j+1] == '>':
		j++
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		e := strings.IndexAny(s[j:], "<>")
		if e < 0 || s[j+e] != '>' {
			return "", 0, 0
		}
		if attrs := strings.TrimRight(strings.TrimSpace(s[j:j+e]), "/"); !strings.Contains(attrs, "=") && (strings.Contains(attrs, "/") || placeholderLeads[strings.ToLower(s[start:nameEnd])]) {
			// a placeholder, read as its words (attack pass 41r rows 3-4):
			// one naming a path, "<contents of ~/.ssh/id_rsa>", or led by
			// a word no HTML tag is, "<the conversation so far>"
			return "", 0, 0
		}
		j += e
	default:
		return "", 0, 0
	}
	return s[start:nameEnd], nameEnd, j + 1
}

// placeholderLeads are words that lead a placeholder and name no HTML tag.
var placeholderLeads = wordSet("the your my our their a an all full entire whole complete contents content text user users")

// modelTagAttributes: s starts with a tag addressed to the model that has
// attributes ("<IMPORTANT class=...>"): where its name ends and its
// length; fold reads it as "<important>", so that no length of
// attributes hides it from T034.
func modelTagAttributes(s string) (nameEnd, end int) {
	name, nameEnd, end := tagParts(s)
	if end == 0 || end <= nameEnd+1 || s[nameEnd] == '/' || !modelTagRE.MatchString(strings.ToLower(name)) {
		return 0, 0
	}
	return nameEnd, end
}

// modelTagRE is a tag name addressed to the model (modelTags).
var modelTagRE = regexp.MustCompile(`^(?:` + modelTags + `)$`)

// inlineTags are the HTML elements that sit inside a line, read as
// nothing; every other tag is read as a space.
var inlineTags = wordSet("a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark q rp rt ruby s samp small span strike strong sub sup time tt u var wbr")

// markdownLink reads the Markdown link "[text](url)" at s[k], the "[":
// where its text ends (the "]") and where the link ends (past the ")");
// 0, 0 when there is none. The text is at most 200 bytes and the address
// 2,048, neither holding a line break, so a walk of every "[" stays
// linear.
func markdownLink(s string, k int) (textEnd, end int) {
	t := strings.IndexAny(s[k+1:min(len(s), k+201)], "[]\n")
	if t < 0 || s[k+1+t] != ']' {
		return 0, 0
	}
	textEnd = k + 1 + t
	if textEnd+1 >= len(s) || s[textEnd+1] != '(' {
		return 0, 0
	}
	u := strings.IndexAny(s[textEnd+2:min(len(s), textEnd+2+2048)], ") [\n")
	if u < 0 || s[textEnd+2+u] != ')' {
		return 0, 0
	}
	return textEnd, textEnd + 2 + u + 1
}

// entity reads the HTML character reference at the start of s ("&#73;",
// "&#x49;", "&lt;", "&nbsp;"): the character, and its length; 0 when s
// holds none. A model reads "&#73;gnore" as "Ignore". entity finds the
// reference's extent (at most 33 bytes, so a walk of every "&" stays
// linear) and html.UnescapeString reads it, the one reader of references
// encoded.go uses too; a reference that names two characters
// ("&NotEqualTilde;") is read as written.
func entity(s string) (rune, int) {
	end := 1
	switch {
	case len(s) > 2 && s[1] == '#' && s[2]|0x20 == 'x':
		end = 3
		for end < len(s) && end < 12 && isHexDigit(s[end]) {
			end++
		}
	case len(s) > 1 && s[1] == '#':
		end = 2
		for end < len(s) && end < 12 && s[end] >= '0' && s[end] <= '9' {
			end++
		}
	default:
		for end < len(s) && end < 33 && (asciiLetter(s[end]) || end > 1 && s[end] >= '0' && s[end] <= '9') {
			end++
		}
	}
	if end >= len(s) || s[end] != ';' || end < 3 {
		return 0, 0
	}
	ref := s[:end+1]
	text := html.UnescapeString(ref)
	r, n := utf8.DecodeRuneInString(text)
	if text == ref || n != len(text) || r == 0 {
		return 0, 0
	}
	return r, end + 1
}

// percentByte reads the URL percent-encoding at s[k] ("%20", "%2F",
// "%49"): the byte it encodes, when that is printable ASCII. A model
// reads "Ignore%20previous%20instructions" as the words, as a browser's
// address bar shows them (attack pass 40t, row 8); an honest address's
// "%20" is read as the space it is.
func percentByte(s string, k int) (byte, bool) {
	if s[k] != '%' || k+2 >= len(s) || !isHexDigit(s[k+1]) || !isHexDigit(s[k+2]) {
		return 0, false
	}
	v := hexValue(s[k+1])<<4 | hexValue(s[k+2])
	return v, v >= 0x20 && v < 0x7f
}

func hexValue(b byte) byte {
	switch {
	case b <= '9':
		return b - '0'
	case b >= 'a':
		return b - 'a' + 10
	}
	return b - 'A' + 10
}

func isHexDigit(b byte) bool { return b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'f' }

// emphasis: b is a Markdown emphasis or code mark.
func emphasis(b byte) bool { return b == '*' || b == '_' || b == '~' || b == '`' }

// wordish: b is a letter or digit, or part of a character past ASCII.
func wordish(b byte) bool {
	return b >= 0x80 || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z'
}

// span maps a folded span back to the original.
func (f folded) span(start, end int) (int, int) {
	if f.at == nil {
		return start, end
	}
	return f.at[start], f.at[end]
}

// simpleASCII: ASCII without a control but newline, tab and carriage
// return, nor a run of spaces, nor markup: folding it maps byte to byte.
// lineHyphen is the length of a hyphen at s[k] that breaks a word at a
// line's end ("previ-\nous", the line break and the next line's
// indentation), 0 when it is none: a letter before, a lower-case letter
// after.
func lineHyphen(s string, k int) int {
	if s[k] != '-' || k == 0 || !isLetterByte(s[k-1]) {
		return 0
	}
	j := k + 1
	if j < len(s) && s[j] == '\r' {
		j++
	}
	if j >= len(s) || s[j] != '\n' {
		return 0
	}
	j++
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) || s[j] < 'a' || s[j] > 'z' {
		return 0
	}
	return j - k
}

func isLetterByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func simpleASCII(s string) bool {
	for k := 0; k < len(s); k++ {
		b := s[k]
		if b >= 0x7f || b < 0x20 && b != '\n' && b != '\t' && b != '\r' || b == ' ' && k > 0 && s[k-1] == ' ' {
			return false
		}
		if (b == '*' || b == '_' || b == '~' || b == '`' || b == '<' || b == '=') && markup(s, k) > 0 {
			return false
		}
		if b == '<' {
			if _, end := modelTagAttributes(s[k:]); end > 0 {
				return false
			}
		}
		if b == '-' && lineHyphen(s, k) > 0 {
			return false
		}
		if b == '%' {
			if _, ok := percentByte(s, k); ok {
				return false
			}
		}
		if b == '&' {
			if _, n := entity(s[k:]); n > 0 {
				return false
			}
		}
		if b == '[' {
			if _, e := markdownLink(s, k); e > 0 {
				return false
			}
		}
	}
	return true
}

// foldASCII folds a simpleASCII text byte for byte: lower case, a
// backquote as a quote, a tab as a space, a carriage return as a newline
// (but before a newline, as a space).
func foldASCII(s string) string {
	k := 0
	for k < len(s) && foldByte(s[k]) == s[k] {
		k++
	}
	if k == len(s) {
		return s // already folded: no copy
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:k])
	for ; k < len(s); k++ {
		c := foldByte(s[k])
		if s[k] == '\r' && k+1 < len(s) && s[k+1] == '\n' {
			c = ' ' // the line break is the "\n": "\r\n" is no blank line
		}
		b.WriteByte(c)
	}
	return b.String()
}

// foldByte folds an ASCII byte: lower case, a backquote as a quote, a tab
// as a space, a carriage return as a newline.
func foldByte(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c + 'a' - 'A'
	case c == '`':
		return '\''
	case c == '\t':
		return ' '
	case c == '\r':
		return '\n'
	}
	return c
}

// latinOf is the Latin letter r looks like (a Cyrillic, Greek, Armenian
// or Cherokee look-alike, a fullwidth, mathematical, negative circled or squared
// letter, a small capital), or r.
func latinOf(r rune) rune {
	if l, ok := lookAlike[r]; ok {
		return l
	}
	switch {
	case r >= 0xff01 && r <= 0xff5e: // fullwidth ASCII
		return r - 0xfee0
	case r >= 0x1d400 && r <= 0x1d6a3: // mathematical letters, 13 alphabets of 52
		k := (r - 0x1d400) % 52
		if k < 26 {
			return 'A' + k
		}
		return 'a' + k - 26
	case r >= 0x1d7ce && r <= 0x1d7ff: // mathematical digits, 5 sets of 10
		return '0' + (r-0x1d7ce)%10
	case r >= 0x1f150 && r <= 0x1f169: // negative circled capitals, which NFKD keeps
		return 'A' + r - 0x1f150
	case r >= 0x1f170 && r <= 0x1f189: // negative squared capitals
		return 'A' + r - 0x1f170
	}
	if l, ok := smallCapitals[r]; ok {
		return l
	}
	if l, ok := confusable(r); ok {
		return l
	}
	if l, ok := strokeLetters[r]; ok {
		return l
	}
	if k, ok := slices.BinarySearch(latinConfusables[:], r); ok {
		return rune(latinConfusableASCII[k]) // ɡ, ɑ, ɩ (attack pass 40x row 9)
	}
	return r
}

// strokeLetters are the Latin letters with a stroke or without a dot,
// which NFKD does not decompose ("Ignøre", "ałł", "ınstructions"): read as
// the letter a reader sees.
var strokeLetters = map[rune]rune{'ø': 'o', 'ð': 'o', 'Ø': 'O', 'ł': 'l', 'Ł': 'L', 'ı': 'i', 'đ': 'd', 'Đ': 'D', 'ħ': 'h', 'Ħ': 'H',
	'ŧ': 't', 'Ŧ': 'T', 'ƀ': 'b', 'ɨ': 'i', 'ƚ': 'l', 'ȼ': 'c', 'ɇ': 'e', 'ɍ': 'r', 'ɏ': 'y', 'ᵻ': 'i'}

// smallCapitals are the small capital letters "fancy text" generators
// spell with (ɪɢɴᴏʀᴇ), which NFKD keeps.
var smallCapitals = map[rune]rune{'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴇ': 'e', 'ꜰ': 'f', 'ɢ': 'g', 'ʜ': 'h', 'ɪ': 'i',
	'ᴊ': 'j', 'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm', 'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p', 'ʀ': 'r', 'ꜱ': 's', 'ᴛ': 't', 'ᴜ': 'u',
	'ᴠ': 'v', 'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z'}

// lookAlike maps the Cyrillic, Greek, Armenian and Cherokee letters that
// look like Latin ones (Unicode's confusables for the common fonts, UTS
// #39 confusables.txt: those whose prototype is an ASCII letter) to them.
var lookAlike = map[rune]rune{
	// Cyrillic
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's',
	'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'һ': 'h', 'ӏ': 'l', 'ԍ': 'g', 'ѵ': 'v', 'ү': 'y',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'Х': 'X', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ү': 'Y', 'Ӏ': 'I',
	// Greek
	'ο': 'o', 'ν': 'v', 'ρ': 'p', 'υ': 'u', 'α': 'a', 'ι': 'i', 'κ': 'k', 'τ': 't',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	// Armenian (attack pass 40t, row 9: "pr\u0585mpt", "Ig\u0578ore")
	'ա': 'w', 'գ': 'q', 'զ': 'q', 'հ': 'h', 'ո': 'n', 'ռ': 'n', 'ս': 'u', 'ց': 'g', 'ք': 'f', 'օ': 'o',
	'Ս': 'U', 'Տ': 'S', 'Օ': 'O',
	// Cherokee capitals, and the small letters of Unicode 8 (lookAlikeLower)
	'Ꭰ': 'D', 'Ꭱ': 'R', 'Ꭲ': 'T', 'Ꭵ': 'i', 'Ꭹ': 'Y', 'Ꭺ': 'A', 'Ꭻ': 'J', 'Ꭼ': 'E', 'Ꮃ': 'W', 'Ꮇ': 'M',
	'Ꮋ': 'H', 'Ꮍ': 'Y', 'Ꮐ': 'G', 'Ꮒ': 'h', 'Ꮓ': 'Z', 'Ꮟ': 'b', 'Ꮢ': 'R', 'Ꮤ': 'W', 'Ꮥ': 'S', 'Ꮪ': 'S',
	'Ꮮ': 'L', 'Ꮯ': 'C', 'Ꮲ': 'P', 'Ꮶ': 'K', 'Ꮷ': 'd', 'Ᏻ': 'G', 'Ᏼ': 'B', 'Ꮩ': 'V',
	'ꮁ': 'r',
	// Osmanya deel and digit zero (attack pass 40u, row 10): an O, though
	// confusables.txt gives the digit the deel as its prototype
	'\U00010486': 'O', '\U000104A0': 'O',
}

// confusable is the ASCII of r when r is one of the generated
// confusables (Coptic, Lisu, Myanmar, Malayalam, Tamil... attack pass
// 40u, row 10): letters of scripts lookAlike does not list.
func confusable(r rune) (rune, bool) {
	if k, ok := slices.BinarySearch(confusables[:], r); ok {
		return rune(confusableLatin[k]), true
	}
	return r, false
}

// lookAlikeLower adds the Cherokee small letters (U+AB70 to U+ABBF, which
// read as small capitals) of the capitals lookAlike maps: Ꭵ's ꭵ is an i.
func init() {
	for r, l := range lookAlike {
		if r >= 0x13a0 && r <= 0x13f5 {
			if s := unicode.ToLower(r); s != r {
				if _, ok := lookAlike[s]; !ok {
					lookAlike[s] = unicode.ToLower(l)
				}
			}
		}
	}
}

// mixedScript finds the words of s that impersonate Latin ones: Latin
// letters mixed with look-alikes; or, in mostly Latin text, a word made
// wholly of look-alikes, or of fullwidth or mathematical letters.
func (c *checker) mixedScript(i int, tool string, ptr *path, field, s string) {
	if !hasLookAlikes(s) {
		return
	}
	latinText := mostlyLatin(s)
	start := -1
	var latin, alike, other, styled, more int
	end := func(j int) {
		if start < 0 {
			return
		}
		word := s[start:j]
		n := latin + alike + other + styled + more
		switch {
		case latin > 0 && alike > 0,
			// other scripts' look-alikes (confusables): only in a word of
			// mostly Latin text, where Tamil or Myanmar text is no part
			latinText && latin > 0 && more > 0,
			latinText && other == 0 && latin == 0 && alike >= 2 && alike == n,
			latinText && styled >= 2:
			c.add(Signal{Rule: rules.TextMixedScript, Tool: tool, Index: i, Pointer: ptr.String(), Field: field,
				Start: start, End: j, Match: word,
				Message: place(tool, i, ptr.String(), field) + ": the word " + quote(word) + " (" + charNames(nonLatin(word)) + ") reads as " +
					quote(asLatin(word)) + " and is not, in " + context(s, start, j)})
		}
		start, latin, alike, other, styled, more = -1, 0, 0, 0, 0, 0
	}
	for j, r := range s {
		_, hand := lookAlike[r]
		_, isMore := confusable(r)
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && !hand && !isMore { // a digit look-alike (௦, 𐒠) is in the word
			end(j)
			continue
		}
		if start < 0 {
			start = j
		}
		switch {
		case hand:
			alike++
		case isMore:
			more++
		case r >= 0xff21 && r <= 0xff5a, r >= 0x1d400 && r <= 0x1d6a3:
			styled++
		case unicode.Is(unicode.Latin, r):
			latin++
		default:
			other++
		}
	}
	end(len(s))
}

// hasLookAlikes: s has a Greek, Cyrillic, Armenian or Cherokee letter,
// one of the other scripts' confusables, or a fullwidth or mathematical one (the fast path: most text has none).
func hasLookAlikes(s string) bool {
	for k := 0; k < len(s); k++ {
		if s[k] < 0x80 {
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[k:])
		if r >= 0x370 && r <= 0x58f || r >= 0x13a0 && r <= 0x13ff || r >= 0xab70 && r <= 0xabbf ||
			r >= 0xff21 && r <= 0xff5a || r >= 0x1d400 && r <= 0x1d6a3 || r >= 0x10480 && r <= 0x104af {
			return true
		}
		if _, ok := confusable(r); ok {
			return true
		}
	}
	return false
}

// mostlyLatin: at least 80% of the letters of s are Latin.
func mostlyLatin(s string) bool {
	latin, all := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			all++
			if r < 0x250 && unicode.Is(unicode.Latin, r) {
				latin++
			}
		}
	}
	return all > 0 && latin*5 >= all*4
}

func nonLatin(word string) string {
	var b strings.Builder
	for _, r := range word {
		if r >= 0x80 && (r >= 0x250 || !unicode.Is(unicode.Latin, r)) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func asLatin(word string) string {
	var b strings.Builder
	for _, r := range word {
		b.WriteRune(latinOf(r))
	}
	return b.String()
}

// attributeText is the text inside s's tags but their names ("<span
// title=...>", "<img alt=...>", "<span ignore all previous
// instructions>", "<span title=“...”>"), folded, each tag's its own
// paragraph, mapped back to s; ok is false when s has none. fold reads a
// tag as nothing, attributes included, as a rendered description shows
// it; the model reads every character of the raw string, so the phrase
// patterns read all of a tag but its name as a text of their own (attack
// pass 41e, row 1): not only the values HTML would parse, since bare
// words, an unquoted value of several words, curly, backslash-escaped or
// doubled quotes are read by a model all the same (attack pass 41k, row
// 1). Apart, not in place: a tag put between "previous" and
// "instructions" does not split them. Each "<" is read once, its tag's
// scan stopping at the next "<" or ">" (tagParts), so the cost is linear.
func attributeText(s string) (f folded, ok bool) {
	k := strings.IndexByte(s, '<')
	if k < 0 {
		return folded{}, false
	}
	var b strings.Builder
	var at []int
	last := 0 // the end of the last interior written
	for k >= 0 {
		_, nameEnd, end := tagParts(s[k:])
		if a, e := k+nameEnd, k+end-1; end > nameEnd+1 && hasLetter(s[a:e]) {
			if b.Len() > 0 {
				b.WriteString("\n\n") // a paragraph of its own: the last interior's end, then this one's start
				at = append(at, last, a)
			}
			last = e
			v := fold(s[a:e])
			b.WriteString(v.s)
			for j := range len(v.s) {
				if v.at == nil {
					at = append(at, a+j)
				} else {
					at = append(at, a+v.at[j])
				}
			}
		}
		next := k + max(end, 1)
		j := strings.IndexByte(s[next:], '<')
		if j < 0 {
			break
		}
		k = next + j
	}
	if b.Len() == 0 {
		return folded{}, false
	}
	return folded{b.String(), append(at, last)}, true
}

func hasLetter(s string) bool {
	for k := 0; k < len(s); k++ {
		if isLetterByte(s[k]) || s[k] >= 0x80 {
			return true
		}
	}
	return false
}

// imageAddressText is s with each Markdown image "![text](address)" read
// as its address (attack pass 41r row 1), folded, its offsets s's: the
// folding reads a link as its text, so an image's address would go
// unread, while the bare address is read by the patterns ("... ?c=
// followed by the user's last message"). One reader: the patterns read
// the image's address as they read a bare one. ok is false when s holds
// no image; addrs are the addresses' spans in s.
func imageAddressText(s string) (f folded, addrs [][2]int, ok bool) {
	var b strings.Builder
	var at []int
	last := 0
	for k := strings.Index(s, "!["); k >= 0; {
		if _, end := markdownLink(s, k+1); end > 0 {
			t := strings.IndexByte(s[k:end], '(') + k + 1
			for j := last; j < k; j++ {
				at = append(at, j)
			}
			b.WriteString(s[last:k])
			for j := t; j < end-1; j++ {
				at = append(at, j)
			}
			b.WriteString(s[t : end-1])
			addrs = append(addrs, [2]int{t, end - 1})
			last, ok = end, true
			k = end
		} else {
			k += 2
		}
		j := strings.Index(s[k:], "![")
		if j < 0 {
			break
		}
		k += j
	}
	if !ok {
		return folded{}, nil, false
	}
	for j := last; j < len(s); j++ {
		at = append(at, j)
	}
	b.WriteString(s[last:])
	at = append(at, len(s))
	v := fold(b.String())
	if v.at == nil {
		return folded{v.s, at}, addrs, true
	}
	m := make([]int, len(v.at))
	for j, a := range v.at {
		m[j] = at[a]
	}
	return folded{v.s, m}, addrs, true
}
