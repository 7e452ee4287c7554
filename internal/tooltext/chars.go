// The character signals: what a reader cannot see (format characters,
// controls, code points with no meaning), found code point by code point.

package tooltext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// charClass sorts a code point for the character signals.
type charClass uint8

const (
	plain     charClass = iota
	invisible           // format characters and other default-ignorables (T030)
	control             // C0 and C1 controls but newline and tab, line and paragraph separators (T031)
	noMeaning           // private use, noncharacters, unassigned (T032)
)

// classify sorts r, the rune at s[i:], in its context (zero-width joiners
// inside emoji and Indic or Arabic words, marks of direction in
// right-to-left text, an emoji flag's tag sequence are plain).
func classify(s string, i int, r rune, rtl bool) charClass {
	switch {
	case r == '\n' || r == '\t':
		return plain
	case r == '\r':
		if strings.HasPrefix(s[i+1:], "\n") {
			return plain
		}
		return control
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == 0x2028 || r == 0x2029:
		return control
	case r < 0xa0:
		return plain
	case r == 0x200c || r == 0x200d: // ZWNJ, ZWJ: inside emoji and words of scripts that join
		if joins(s, i, r) {
			return plain
		}
		return invisible
	case r == 0x200e || r == 0x200f || r == 0x061c: // marks of direction
		if rtl {
			return plain
		}
		return invisible
	case r >= 0xe0020 && r <= 0xe007f:
		if flagTag(s, i) {
			return plain
		}
		return invisible
	case termsafe.IsVariationSelector(r):
		if !termsafe.VariationHidden(s, i, r) {
			return plain
		}
		return invisible
	case unicode.Is(unicode.Cf, r), termsafe.DrawsNothing(r): // U+180E is Cf
		return invisible
	case unicode.Is(unicode.Co, r), r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe:
		return noMeaning
	case !assigned(r):
		return noMeaning
	}
	return plain
}

// unassignedTable is category Cn of Go's Unicode tables (unicode.Version).
var unassignedTable = unicode.Categories["Cn"]

// assigned says whether r has a category in Go's Unicode tables.
func assigned(r rune) bool { return !unicode.Is(unassignedTable, r) }

// joins: a zero-width (non-)joiner between two emoji, or between two
// letters of a script that is neither Latin, Greek, Cyrillic nor
// Cherokee (Armenian lies below U+0590).
func joins(s string, i int, r rune) bool {
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
	if prev == 0xfe0f || unicode.Is(unicode.Sk, prev) { // an emoji's presentation selector or skin tone
		prev = 0x1f600
	}
	if emoji(prev) && emoji(next) && r == 0x200d {
		return true
	}
	return joiningLetter(prev) && joiningLetter(next)
}

func emoji(r rune) bool {
	return (r >= 0x1f000 && r <= 0x1faff) || (r >= 0x2600 && r <= 0x27bf) || (r >= 0x1f3fb && r <= 0x1f3ff) || r == 0x2640 || r == 0x2642 || r == 0x2695
}

func joiningLetter(r rune) bool {
	return (unicode.IsLetter(r) || unicode.Is(unicode.M, r)) && r >= 0x0590 &&
		!unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Cherokee)
}

// flagTag: tag characters after a black flag (U+1F3F4) that spell one of
// the subdivision flags emoji fonts draw (England is U+1F3F4 g b e n g
// U+E007F): rgiFlags. Any other tag sequence after a black flag is drawn
// as a black flag at most, its letters unseen by a person and read by a
// model: ASCII smuggled in flag-shaped chunks; so are tag characters after
// a flag's cancel tag.
func flagTag(s string, i int) bool {
	start, _ := tagRunOpening(s, i)
	if start < 0 || !strings.HasSuffix(s[:start], "\U0001f3f4") {
		return false
	}
	var tags []byte
	for j, r := range s[start:] {
		switch {
		case r == 0xe007f:
			return start+j >= i && rgiFlags[string(tags)]
		case (r >= 0xe0061 && r <= 0xe007a) || (r >= 0xe0030 && r <= 0xe0039):
			if len(tags) == flagTagReach-1 {
				return false
			}
			tags = append(tags, byte(r-0xe0000))
		default:
			return false
		}
	}
	return false
}

// flagTagReach: a flag's tag sequence is at most six tag letters and its
// cancel tag. A tag character with more tag characters than that before
// it in its run is in no flag, so the walk back stops there: classify
// asks at every tag character, and a walk over the whole run cost a run
// of them the square of its length (64 KiB 1.7 s, 256 KiB 31 s; attack
// pass 45c row 8).
const flagTagReach = 7

// tagRunOpening walks back from the tag character at s[i] over the tag
// characters before it, at most flagTagReach of them: start is where
// their run opens, or -1 when it opens further back; read is how many
// runes the walk decoded (at most flagTagReach+1).
func tagRunOpening(s string, i int) (start, read int) {
	start = i
	for read <= flagTagReach {
		if start == 0 {
			return start, read
		}
		r, n := utf8.DecodeLastRuneInString(s[:start])
		read++
		if r < 0xe0020 || r > 0xe007f {
			return start, read
		}
		start -= n
	}
	return -1, read
}

// rgiFlags are the tag sequences of the subdivision flags Unicode
// recommends for general interchange (emoji-test.txt): England, Scotland,
// Wales; no other one is drawn as a flag.
var rgiFlags = map[string]bool{"gbeng": true, "gbsct": true, "gbwls": true}

// rightToLeft says whether s has Hebrew, Arabic or another right-to-left
// script's letters, where marks of direction are honest.
func rightToLeft(s string) bool {
	for _, r := range s {
		if r >= 0x0590 && r <= 0x08ff || r >= 0xfb1d && r <= 0xfdff || r >= 0xfe70 && r <= 0xfeff {
			if unicode.IsLetter(r) {
				return true
			}
		}
	}
	return false
}

// chars finds the runs of invisible, control and meaningless code points
// in s: one signal per run.
func (c *checker) chars(i int, tool string, ptr *path, field, s string) {
	if isPlainASCII(s) {
		return
	}
	rtl := rightToLeft(s)
	runStart, runClass := -1, plain
	flush := func(end int) {
		if runStart >= 0 {
			c.charRun(i, tool, ptr, field, s, runStart, end, runClass)
		}
		runStart = -1
	}
	var spread []rune // the variation selectors taken one by one as honest
	first, last := 0, 0
	for j, r := range s {
		cl := classify(s, j, r, rtl)
		if cl != runClass || cl == plain {
			flush(j)
		}
		if cl != plain && runStart < 0 {
			runStart = j
		}
		if cl == plain && termsafe.IsVariationSelector(r) {
			if len(spread) == 0 {
				first = j
			}
			spread, last = append(spread, r), j+utf8.RuneLen(r)
		}
		runClass = cl
	}
	flush(len(s))
	if hidden := spreadText(spread); hidden != "" {
		c.add(Signal{Rule: rules.TextInvisible, Tool: tool, Index: i, Pointer: ptr.String(), Field: field, Start: first, End: last, Match: s[first:last], Hidden: hidden,
			Message: place(tool, i, ptr.String(), field) + ": " + textutil.Plural(len(spread), "variation selector") +
				" spread one a character spell hidden text " + quote(hidden) + ", in " + context(s, first, last)})
	}
}

// spreadText decodes what the variation selectors of a text spell when
// each is taken alone as honest (one after a Han character, a digit):
// the bytes they encode as hiddenText decodes a run, or, U+FE00 to U+FE0F
// being four bits each, the bytes of their pairs. Honest selectors
// (U+FE0F after emoji, U+FE00 after a symbol) spell no text.
func spreadText(sels []rune) string {
	if len(sels) < 8 {
		return ""
	}
	if b := hiddenText(string(sels)); b != "" {
		return b
	}
	nibbles := make([]byte, 0, len(sels)/2)
	for k := 0; k+1 < len(sels); k += 2 {
		hi, lo := sels[k], sels[k+1]
		if hi > 0xfe0f || lo > 0xfe0f {
			return ""
		}
		nibbles = append(nibbles, byte(hi-0xfe00)<<4|byte(lo-0xfe00))
	}
	if b := string(nibbles); len(b) >= 4 && utf8.ValidString(b) && printable(b) {
		return b
	}
	return ""
}

// isPlainASCII: printable ASCII, newlines and tabs, which no character
// signal concerns (most text: the fast path).
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b >= 0x7f || (b < 0x20 && b != '\n' && b != '\t') {
			return false
		}
	}
	return true
}

func (c *checker) charRun(i int, tool string, ptr *path, field, s string, start, end int, cl charClass) {
	run := s[start:end]
	sig := Signal{Tool: tool, Index: i, Pointer: ptr.String(), Field: field, Start: start, End: end, Match: run}
	where := place(tool, i, ptr.String(), field)
	switch cl {
	case invisible:
		sig.Rule = rules.TextInvisible
		sig.Hidden = hiddenText(run)
		msg := where + ": " + textutil.Plural(utf8.RuneCountInString(run), "invisible character") + " " + quote(run) + " (" + charNames(run) + ")"
		if sig.Hidden != "" {
			msg += "; hidden text: " + quote(sig.Hidden)
		}
		sig.Message = msg + ", in " + context(s, start, end)
	case control:
		sig.Rule = rules.TextControl
		sig.Message = where + ": " + textutil.Plural(utf8.RuneCountInString(run), "control character") + " " + quote(run) + ", in " + context(s, start, end)
	case noMeaning:
		sig.Rule = rules.TextCodePoint
		sig.Message = where + ": " + textutil.Plural(utf8.RuneCountInString(run), "private-use or unassigned code point") + " " + quote(run) + " (" + charNames(run) + "), in " + context(s, start, end)
	}
	c.add(sig)
}

// hiddenText decodes what a run hides: the ASCII its tag characters spell
// (U+E0041 is "A"), or the bytes its variation selectors encode (U+FE00 to
// U+FE0F are 0 to 15, U+E0100 to U+E01EF 16 to 255) when they are text.
func hiddenText(run string) string {
	var tags, vs strings.Builder
	for _, r := range run {
		switch {
		case r >= 0xe0020 && r <= 0xe007e:
			tags.WriteByte(byte(r - 0xe0000))
		case r >= 0xfe00 && r <= 0xfe0f:
			vs.WriteByte(byte(r - 0xfe00))
		case r >= 0xe0100 && r <= 0xe01ef:
			vs.WriteByte(byte(r - 0xe0100 + 16))
		}
	}
	if tags.Len() > 0 {
		return tags.String()
	}
	if b := vs.String(); len(b) >= 4 && utf8.ValidString(b) && printable(b) {
		return b
	}
	return ""
}

// printable: text a person can read (letters, digits, punctuation,
// spaces), no controls.
func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) && r != '\n' && r != '\t' {
			return false
		}
	}
	return true
}

// charNames names the distinct code points of a run, the best known by
// name, at most four.
func charNames(run string) string {
	var names []string
	seen := map[rune]bool{}
	tags := false
	for _, r := range run {
		if r >= 0xe0000 && r <= 0xe007f {
			if !tags {
				names = append(names, "tag characters U+E0000-U+E007F")
				tags = true
			}
			continue
		}
		if seen[r] {
			continue
		}
		seen[r] = true
		n := codePoint(r)
		if name := charName[r]; name != "" {
			n += " " + name
		}
		names = append(names, n)
	}
	if len(names) > 4 {
		names = append(names[:4], strconv.Itoa(len(names)-4)+" more")
	}
	return strings.Join(names, ", ")
}

func codePoint(r rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(h) < 4 {
		h = "0" + h
	}
	return "U+" + h
}

// charName names the invisible characters seen in attacks.
var charName = map[rune]string{
	0x00ad: "SOFT HYPHEN", 0x034f: "COMBINING GRAPHEME JOINER", 0x061c: "ARABIC LETTER MARK",
	0x115f: "HANGUL CHOSEONG FILLER", 0x1160: "HANGUL JUNGSEONG FILLER", 0x180e: "MONGOLIAN VOWEL SEPARATOR",
	0x200b: "ZERO WIDTH SPACE", 0x200c: "ZERO WIDTH NON-JOINER", 0x200d: "ZERO WIDTH JOINER",
	0x200e: "LEFT-TO-RIGHT MARK", 0x200f: "RIGHT-TO-LEFT MARK",
	0x202a: "LEFT-TO-RIGHT EMBEDDING", 0x202b: "RIGHT-TO-LEFT EMBEDDING", 0x202c: "POP DIRECTIONAL FORMATTING",
	0x202d: "LEFT-TO-RIGHT OVERRIDE", 0x202e: "RIGHT-TO-LEFT OVERRIDE",
	0x2060: "WORD JOINER", 0x2061: "FUNCTION APPLICATION", 0x2062: "INVISIBLE TIMES", 0x2063: "INVISIBLE SEPARATOR", 0x2064: "INVISIBLE PLUS",
	0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
	0x3164: "HANGUL FILLER", 0xfeff: "ZERO WIDTH NO-BREAK SPACE", 0xffa0: "HALFWIDTH HANGUL FILLER",
	0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR", 0x1b: "ESCAPE", 0x07: "BELL", 0x08: "BACKSPACE", 0x0d: "CARRIAGE RETURN",
}
