// Encoded payloads: base64, hex, \u escapes, HTML entities and URL
// percent-encoding that decode to text, and sentences that read as
// English only after rot13.

package tooltext

import (
	"encoding/base64"
	"encoding/hex"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/rules"
)

var (
	escapeRE = regexp.MustCompile(`(?:\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}){8,}`)
	entityRE = regexp.MustCompile(`(?:&#(?:[0-9]{2,3}|x[0-9a-fA-F]{2});){8,}`)
	// percentRE is a run of URL percent-encoding (attack pass 40t, row
	// 8: "%49%67%6E%6F%72%65..."); one encoded here and there ("%20"
	// between words) is read by fold as the byte it encodes.
	percentRE = regexp.MustCompile(`(?:%[0-9a-fA-F]{2}){8,}`)
)

// runMin is the shortest base64 or hex run read: 24 characters, 18 or 12
// bytes decoded.
const runMin = 24

// encoded finds the runs of s that decode to readable text.
func (c *checker) encoded(i int, tool string, ptr *path, field, s string) {
	if len(s) >= runMin {
		for start := 0; start < len(s); {
			if !base64Char(s[start]) {
				start++
				continue
			}
			end := start
			for end < len(s) && base64Char(s[end]) {
				end++
			}
			for end < len(s) && s[end] == '=' {
				end++
			}
			if end-start >= runMin {
				c.decodeRun(i, tool, ptr, field, s, start, end)
			}
			start = end
		}
		if strings.Contains(s, `\u`) || strings.Contains(s, `\x`) {
			c.decodeAll(i, tool, ptr, field, s, "escapes", escapeRE, decodeEscapes)
		}
		if strings.Contains(s, "&#") {
			c.decodeAll(i, tool, ptr, field, s, "HTML entities", entityRE, html.UnescapeString)
		}
		if strings.Contains(s, "%") {
			c.decodeAll(i, tool, ptr, field, s, "percent-encoding", percentRE, decodePercent)
		}
	}
	c.rot13(i, tool, ptr, field, s)
}

func base64Char(b byte) bool { return base64Chars[b] }

// base64Chars are the bytes of base64 and base64url.
var base64Chars = func() (t [256]bool) {
	for _, b := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") {
		t[b] = true
	}
	return t
}()

// decodeRun reads a run of base64 characters: as hex when it is all hex
// digits, else as base64.
func (c *checker) decodeRun(i int, tool string, ptr *path, field, s string, start, end int) {
	run := s[start:end]
	name, text := "base64", ""
	if isHex(run) {
		b, _ := hex.DecodeString(run)
		name, text = "hex", string(b)
	} else {
		text = decodeBase64(run)
	}
	if readable(text) {
		c.addEncoded(i, tool, ptr, field, s, start, end, name, text)
	}
}

func isHex(s string) bool {
	if len(s)%2 != 0 {
		return false
	}
	for k := 0; k < len(s); k++ {
		if b := s[k]; (b < '0' || b > '9') && (b < 'a' || b > 'f') && (b < 'A' || b > 'F') {
			return false
		}
	}
	return true
}

func (c *checker) decodeAll(i int, tool string, ptr *path, field, s, name string, re *regexp.Regexp, dec func(string) string) {
	for _, m := range re.FindAllStringIndex(s, perTextMax) {
		if text := dec(s[m[0]:m[1]]); readable(text) {
			c.addEncoded(i, tool, ptr, field, s, m[0], m[1], name, text)
		}
	}
}

func (c *checker) addEncoded(i int, tool string, ptr *path, field, s string, start, end int, name, text string) {
	c.add(Signal{Rule: rules.TextEncoded, Tool: tool, Index: i, Pointer: ptr.String(), Field: field,
		Start: start, End: end, Match: s[start:end], Hidden: text,
		Message: place(tool, i, ptr.String(), field) + ": " + name + " that decodes to text: " + quote(text) + ", in " + context(s, start, end)})
}

func decodeBase64(s string) string {
	s = strings.TrimRight(s, "=")
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil {
		return ""
	}
	return string(b)
}

func decodeEscapes(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, `\u`):
			n, _ := strconv.ParseUint(s[2:6], 16, 32)
			b.WriteRune(rune(n))
			s = s[6:]
		default: // \x
			n, _ := strconv.ParseUint(s[2:4], 16, 8)
			b.WriteByte(byte(n))
			s = s[4:]
		}
	}
	return b.String()
}

// decodePercent decodes a run of percentRE.
func decodePercent(s string) string {
	b := make([]byte, 0, len(s)/3)
	for k := 0; k+2 < len(s); k += 3 {
		b = append(b, hexValue(s[k+1])<<4|hexValue(s[k+2]))
	}
	return string(b)
}

// readable: decoded bytes that are words a model reads: valid UTF-8, no
// controls, at least two spaces and mostly letters. Hashes, ids and keys
// decode to bytes and are not readable.
func readable(t string) bool {
	if len(t) < 12 || !utf8.ValidString(t) {
		return false
	}
	letters, spaces := 0, 0
	for _, r := range t {
		switch {
		case r == ' ':
			spaces++
		case unicode.IsLetter(r):
			letters++
		case unicode.IsControl(r) && r != '\n' || r == utf8.RuneError:
			return false
		}
	}
	n := utf8.RuneCountInString(t)
	return spaces >= 2 && (letters+spaces)*10 >= n*8
}

// commonWords are frequent English words, for telling rot13 apart: a
// sentence that has few of them and many after rot13 is English in
// disguise.
var commonWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the a an and or to of in on for with from by at as is are be was were this that these it its
	you your all any every each not no do don't never always must should will can may then than when before after
	use call read send file files user users data tool tools key keys password secret token instructions previous
	ignore delete remove next time without asking also into if have has here there what which who`) {
		commonWords[w] = true
	}
}

// rot13 reports a run of at least six words, none a common English word,
// of which at least half are common English words after rot13, three of
// them different: one word repeated ("ab ab ab", "[ab[ab[ab", each "no"
// after rot13) is no sentence, and was a false T039 (attack pass 38b).
func (c *checker) rot13(i int, tool string, ptr *path, field, s string) {
	var runStart, runEnd, words, rotated int
	var seen [rot13Distinct]string // the different common words after rot13, up to rot13Distinct
	distinct := 0
	flush := func() {
		if words >= 6 && rotated*2 >= words && distinct == rot13Distinct {
			text := rot13Of(s[runStart:runEnd])
			c.add(Signal{Rule: rules.TextEncoded, Tool: tool, Index: i, Pointer: ptr.String(), Field: field,
				Start: runStart, End: runEnd, Match: s[runStart:runEnd], Hidden: text,
				Message: place(tool, i, ptr.String(), field) + ": rot13 that decodes to text: " + quote(text) + ", in " + context(s, runStart, runEnd)})
		}
		words, rotated, distinct = 0, 0, 0
	}
	var lower, rot [16]byte
	for k := 0; k < len(s); {
		if !asciiLetter(s[k]) {
			k++
			continue
		}
		start := k
		for k < len(s) && (asciiLetter(s[k]) || s[k] == '\'') {
			k++
		}
		if k-start > len(lower) { // no common word is that long
			if words == 0 {
				runStart = start
			}
			words++
			runEnd = k
			continue
		}
		for j := start; j < k; j++ {
			b := s[j] | 0x20
			if s[j] == '\'' {
				b = '\''
			}
			lower[j-start] = b
			rot[j-start] = b
			if b >= 'a' && b <= 'z' {
				rot[j-start] = 'a' + (b-'a'+13)%26
			}
		}
		if commonWords[string(lower[:k-start])] {
			flush()
			continue
		}
		if words == 0 {
			runStart = start
		}
		words++
		runEnd = k
		if w := rot[:k-start]; commonWords[string(w)] {
			rotated++
			if distinct < rot13Distinct && !slices.Contains(seen[:distinct], string(w)) {
				seen[distinct] = string(w)
				distinct++
			}
		}
	}
	flush()
}

// rot13Distinct is how many different common words a rot13 run must
// hold.
const rot13Distinct = 3

func asciiLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

func rot13Of(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}, s)
}
