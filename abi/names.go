package abi

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ValidToolName reports whether name is a tool name Subako takes: 1 to
// ToolNameMax characters of a-z, 0-9, '_' and '-'.
func ValidToolName(name string) bool { return ToolNameProblem(name) == "" }

// ToolNameProblem says what is wrong with name as a tool name, "" when
// nothing is: empty, too long, or characters outside the alphabet (at most
// five of them named, each once).
func ToolNameProblem(name string) string {
	if name == "" {
		return "the name is empty"
	}
	var problems []string
	if n := utf8.RuneCountInString(name); n > ToolNameMax {
		problems = append(problems, "the name is "+strconv.Itoa(n)+" characters; the limit is "+strconv.Itoa(ToolNameMax))
	}
	var bad []string
	seen := map[rune]bool{}
	for _, r := range name {
		if !toolNameRune(r) && !seen[r] {
			seen[r] = true
			bad = append(bad, strconv.QuoteRune(r))
		}
	}
	if len(bad) > 0 {
		if len(bad) > 5 {
			bad = append(bad[:5], "...")
		}
		problems = append(problems, "the name has characters outside "+ToolNameAlphabet+": "+strings.Join(bad, " "))
	}
	return strings.Join(problems, "; ")
}

func toolNameRune(r rune) bool {
	return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_' || r == '-'
}

// SuggestToolName turns s, a Go identifier or a name that is not valid,
// into a valid tool name: snake_case (GetWeather is get_weather), each run
// of other characters made one '_', no '_' at either end, cut to
// ToolNameMax. It returns "" when nothing is left, and when s has a letter
// beyond ASCII (café, Größe): dropping it would suggest another word. A
// valid name comes back unchanged.
func SuggestToolName(s string) string {
	if ValidToolName(s) {
		return s
	}
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) {
			return ""
		}
	}
	var b strings.Builder
	under := false
	for _, r := range SnakeCase(s) {
		switch {
		case 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-':
			b.WriteRune(r)
			under = false
		case !under:
			b.WriteByte('_')
			under = true
		}
	}
	out := strings.Trim(b.String(), "_")
	if len(out) > ToolNameMax {
		out = strings.TrimRight(out[:ToolNameMax], "_")
	}
	return out
}

// SnakeCase turns a Go identifier into snake_case, the way a handler's name
// becomes its tool's: greetUser is greet_user, HTTPGet is http_get, UserID
// is user_id, parseV2 is parse_v2. Characters that are not letters change
// nothing but the case of the letters around them.
func SnakeCase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 {
				prev := rs[i-1]
				nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
				if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
					b.WriteByte('_')
				}
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
