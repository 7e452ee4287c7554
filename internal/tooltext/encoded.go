// Encoded payloads: base64, hex, \u escapes and HTML entities that decode
// to text, and sentences that read as English only after rot13.

package tooltext

import (
	"encoding/base64"
	"encoding/hex"
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/rules"
)

var (
	base64RE  = regexp.MustCompile(`[A-Za-z0-9+/_-]{24,}={0,2}`)
	hexRE     = regexp.MustCompile(`\b(?:[0-9a-fA-F]{2}){12,}\b`)
	escapeRE  = regexp.MustCompile(`(?:\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}){8,}`)
	entityRE  = regexp.MustCompile(`(?:&#(?:[0-9]{2,3}|x[0-9a-fA-F]{2});){8,}`)
	encodings = []struct {
		name string
		re   *regexp.Regexp
		dec  func(string) string
	}{
		{"base64", base64RE, decodeBase64},
		{"hex", hexRE, func(s string) string { b, _ := hex.DecodeString(s); return string(b) }},
		{"escapes", escapeRE, decodeEscapes},
		{"HTML entities", entityRE, html.UnescapeString},
	}
)

// encoded finds the runs of s that decode to readable text.
func (c *checker) encoded(i int, tool, ptr, field, s string) {
	if len(s) >= 24 {
		for _, e := range encodings {
			for _, m := range e.re.FindAllStringIndex(s, perTextMax) {
				run := s[m[0]:m[1]]
				text := e.dec(run)
				if !readable(text) {
					continue
				}
				c.add(Signal{Rule: rules.TextEncoded, Tool: tool, Index: i, Pointer: ptr, Field: field,
					Start: m[0], End: m[1], Match: run, Hidden: text,
					Message: place(tool, i, ptr, field) + ": " + e.name + " that decodes to text: " + quote(text) + ", in " + context(s, m[0], m[1])})
			}
		}
	}
	c.rot13(i, tool, ptr, field, s)
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
// of which at least half are common English words after rot13.
func (c *checker) rot13(i int, tool, ptr, field, s string) {
	type word struct{ start, end int }
	var run []word
	rotated := 0
	flush := func() {
		if len(run) >= 6 && rotated*2 >= len(run) {
			a, b := run[0].start, run[len(run)-1].end
			text := rot13Of(s[a:b])
			c.add(Signal{Rule: rules.TextEncoded, Tool: tool, Index: i, Pointer: ptr, Field: field,
				Start: a, End: b, Match: s[a:b], Hidden: text,
				Message: place(tool, i, ptr, field) + ": rot13 that decodes to text: " + quote(text) + ", in " + context(s, a, b)})
		}
		run, rotated = run[:0], 0
	}
	start := -1
	for j, r := range s + " " {
		if unicode.IsLetter(r) || r == '\'' {
			if start < 0 {
				start = j
			}
			continue
		}
		if start < 0 {
			continue
		}
		w := strings.ToLower(s[start:j])
		run = append(run, word{start, j})
		start = -1
		if commonWords[w] {
			run = run[:len(run)-1]
			flush()
			continue
		}
		if commonWords[rot13Of(w)] {
			rotated++
		}
	}
	flush()
}

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
