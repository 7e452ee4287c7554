package argsgen

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// formatExamples are realistic values of the formats JSON Schema 2020-12
// defines (and duration's neighbours). Each is valid for its format.
var formatExamples = map[string]string{
	"date-time":             "2026-08-14T12:00:00Z",
	"date":                  "2026-08-14",
	"time":                  "12:00:00Z",
	"duration":              "PT1H",
	"email":                 "ada@example.com",
	"idn-email":             "ada@example.com",
	"hostname":              "example.com",
	"idn-hostname":          "example.com",
	"ipv4":                  "192.0.2.1",
	"ipv6":                  "2001:db8::1",
	"uri":                   "https://example.com/",
	"iri":                   "https://example.com/",
	"uri-reference":         "https://example.com/",
	"iri-reference":         "https://example.com/",
	"uri-template":          "https://example.com/{id}",
	"uuid":                  "123e4567-e89b-12d3-a456-426614174000",
	"json-pointer":          "/a",
	"relative-json-pointer": "0",
	"regex":                 "^[a-z]+$",
}

// formatVariant is a different valid value of a format, for the i-th item
// of an array whose items must be unique.
func formatVariant(format string, i int) (string, bool) {
	base, ok := formatExamples[format]
	if !ok || i == 0 {
		return base, ok
	}
	switch format {
	case "date-time":
		return fmt.Sprintf("2026-08-14T12:%02d:00Z", i%60), true
	case "date":
		return fmt.Sprintf("2026-08-%02d", 1+i%28), true
	case "time":
		return fmt.Sprintf("12:%02d:00Z", i%60), true
	case "duration":
		return fmt.Sprintf("PT%dH", i+1), true
	case "email", "idn-email":
		return fmt.Sprintf("ada%d@example.com", i), true
	case "hostname", "idn-hostname":
		return fmt.Sprintf("host%d.example.com", i), true
	case "ipv4":
		return fmt.Sprintf("192.0.2.%d", 1+i%254), true
	case "ipv6":
		return fmt.Sprintf("2001:db8::%x", i+1), true
	case "uri", "iri", "uri-reference", "iri-reference":
		return fmt.Sprintf("https://example.com/%d", i), true
	case "uuid":
		return fmt.Sprintf("123e4567-e89b-12d3-a456-%012d", i), true
	case "json-pointer":
		return fmt.Sprintf("/a/%d", i), true
	case "relative-json-pointer":
		return fmt.Sprint(i), true
	}
	return base, true
}

// nameHints are realistic strings for common property names: a tool is
// likelier to accept "Berlin" for city than "example".
var nameHints = []struct{ sub, value string }{
	{"city", "Berlin"},
	{"country", "Germany"},
	{"email", "ada@example.com"},
	{"url", "https://example.com/"},
	{"uri", "https://example.com/"},
	{"lang", "en"},
	{"locale", "en-US"},
	{"currency", "EUR"},
	{"timezone", "Europe/Berlin"},
	{"query", "weather in Berlin"},
	{"search", "weather in Berlin"},
	{"name", "Ada"},
	{"title", "Example"},
	{"text", "Hello, world"},
	{"message", "Hello, world"},
	{"prompt", "Hello, world"},
	{"color", "blue"},
	{"date", "2026-08-14"},
	{"path", "example.txt"},
	{"file", "example.txt"},
}

func hintString(hint string) string {
	h := strings.ToLower(hint)
	for _, e := range nameHints {
		if strings.Contains(h, e.sub) {
			return e.value
		}
	}
	return "example"
}

// str makes a string the schema accepts.
func (g *gen) str(s *schema, variant int, hint string) (any, error) {
	var cands []string
	if s.contentEnc == "base64" || s.contentEnc == "base64url" {
		text := "hello"
		if s.contentMedia == "application/json" {
			text = "{}"
		}
		if variant > 0 {
			text += fmt.Sprint(variant)
		}
		enc := base64.StdEncoding
		if s.contentEnc == "base64url" {
			enc = base64.URLEncoding
		}
		cands = append(cands, enc.EncodeToString([]byte(text)))
	} else if s.contentMedia == "application/json" {
		cands = append(cands, "{}")
	}
	if f, ok := formatVariant(s.format, variant); ok {
		cands = append(cands, f)
	}
	res := make([]*regexp.Regexp, 0, len(s.patterns))
	for _, p := range s.patterns {
		if offlineschema.Unchecked(p) {
			g.note(fmt.Sprintf("pattern %q uses ECMA-262 syntax Go's regexp cannot read: the values are not checked against it", p))
			continue
		}
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("pattern %q does not compile: %w", p, err)
		}
		res = append(res, re)
	}
	base := hintString(hint)
	if variant > 0 {
		base = fmt.Sprintf("%s-%d", base, variant+1)
	}
	cands = append(cands, base)
	if len(res) > 0 {
		cands = append(cands, patternStrings(g.ver.matches, res[0], s.minLen, s.maxLen, variant)...)
	}
	ok := func(c string) bool {
		n := utf8.RuneCountInString(c)
		if n < s.minLen || (s.maxLen >= 0 && n > s.maxLen) {
			return false
		}
		for _, re := range res {
			if !g.ver.matches(re, c) {
				return false
			}
		}
		return true
	}
	for _, c := range cands {
		if ok(c) {
			return c, nil
		}
	}
	// Fit the plain candidates to the lengths.
	if len(res) == 0 && s.format == "" && s.contentEnc == "" {
		if s.minLen > g.opt.MaxBytes {
			return nil, fmt.Errorf("minLength %d is past the size limit", s.minLen)
		}
		c := []rune(base)
		for len(c) < s.minLen {
			c = append(c, 'x')
		}
		if s.maxLen >= 0 && len(c) > s.maxLen {
			c = c[:s.maxLen]
		}
		if ok(string(c)) {
			return string(c), nil
		}
	}
	switch {
	case len(s.patterns) > 0:
		return nil, fmt.Errorf("no string of %s matching pattern %q could be made", lengthText(s), s.patterns[0])
	case s.format != "":
		return nil, fmt.Errorf("no string of format %q and %s could be made", s.format, lengthText(s))
	}
	return nil, fmt.Errorf("no string of %s could be made", lengthText(s))
}

func lengthText(s *schema) string {
	if s.maxLen >= 0 {
		return fmt.Sprintf("%d to %d characters", s.minLen, s.maxLen)
	}
	return fmt.Sprintf("at least %d characters", s.minLen)
}

// maxPatternString bounds one string made from a pattern.
const maxPatternString = 5000

// patternStrings makes strings that match re, trying each alternative and
// more repetitions until one has at least minLen characters.
func patternStrings(match func(*regexp.Regexp, string) bool, re *regexp.Regexp, minLen, maxLen, variant int) []string {
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	parsed = parsed.Simplify()
	var out []string
	seen := map[string]bool{}
	for alt := range 4 {
		rep := 0
		for range 12 {
			w := &rgen{alt: alt + variant, rep: rep, pick: variant}
			var b strings.Builder
			if !w.gen(parsed, &b) {
				break
			}
			s := b.String()
			if seen[s] {
				break // no repetition grows it, or another alternative made it: matched once
			}
			seen[s] = true
			n := utf8.RuneCountInString(s)
			if match(re, s) {
				out = append(out, s)
			}
			if n >= minLen || (maxLen >= 0 && n > maxLen) || len(out) > 40 {
				break
			}
			rep += max(1, minLen-n) // each repetition adds a character or more
		}
	}
	return out
}

// rgen writes one string a parsed regular expression matches: alt chooses
// among alternatives, rep is how many times an unbounded repetition
// repeats beyond its minimum, pick which character of a class (it moves on
// at each class, so [0-9]{5} writes 01234). With rng set, each of those is
// a random choice instead (see patternSamples).
type rgen struct {
	alt, rep, pick int
	rng            *rand.Rand
}

// maxRandomRepeat bounds the repetitions a random choice adds past a
// repetition's minimum.
const maxRandomRepeat = 6

func (w *rgen) gen(re *syntax.Regexp, b *strings.Builder) bool {
	if b.Len() > maxPatternString {
		return false
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		if w.rng != nil {
			w.pick = w.rng.IntN(1 << 16)
		}
		r, ok := pickRune(re.Rune, w.pick)
		if !ok {
			return false
		}
		w.pick++
		b.WriteRune(r)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte("abcdefgh"[w.pick%8])
		w.pick++
	case syntax.OpCapture:
		return w.gen(re.Sub[0], b)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := re.Min, re.Max
		switch re.Op {
		case syntax.OpStar:
			lo, hi = 0, -1
		case syntax.OpPlus:
			lo, hi = 1, -1
		case syntax.OpQuest:
			lo, hi = 0, 1
		}
		n := lo + w.rep
		if w.rng != nil {
			n = lo + w.rng.IntN(maxRandomRepeat+1)
		}
		if hi >= 0 && n > hi {
			n = hi
		}
		for range n {
			if !w.gen(re.Sub[0], b) {
				return false
			}
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !w.gen(s, b) {
				return false
			}
		}
	case syntax.OpAlternate:
		if w.rng != nil {
			return w.gen(re.Sub[w.rng.IntN(len(re.Sub))], b)
		}
		return w.gen(re.Sub[w.alt%len(re.Sub)], b)
	}
	// Anchors, word boundaries and the empty match write nothing; the
	// caller checks the string against the pattern.
	return true
}

// pickRune chooses a printable character from a class's ranges,
// preferring letters and digits.
func pickRune(ranges []rune, pick int) (rune, bool) {
	in := func(r rune) bool {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= r && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	const preferred = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_."
	var found []rune
	for _, r := range preferred {
		if in(r) {
			found = append(found, r)
		}
	}
	if len(found) > 0 {
		return found[pick%len(found)], true
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := max(ranges[i], ' '+1); r <= ranges[i+1] && r < ranges[i]+64; r++ {
			if utf8.ValidRune(r) && (r < 0xD800 || r > 0xDFFF) {
				return r, true
			}
		}
	}
	if len(ranges) >= 2 && utf8.ValidRune(ranges[0]) {
		return ranges[0], true
	}
	return 0, false
}
