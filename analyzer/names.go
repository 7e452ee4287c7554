package analyzer

import (
	"strings"
	"unicode"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// snakeCase turns a Go identifier into snake_case: greetUser is
// greet_user, HTTPGet is http_get, UserID is user_id, parseV2 is parse_v2.
func snakeCase(s string) string {
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

// validName reports whether s is a valid tool or package name: 1 to 64
// characters of a-z, 0-9, '_' and '-'.
func validName(s string) bool {
	if s == "" || len(s) > model.MaxToolNameLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLowerAlnum(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// fixName turns s into a valid name: snake_case, every run of other
// characters made one '_', at most 64 characters. It returns "" when
// nothing is left.
func fixName(s string) string {
	var b strings.Builder
	under := false
	for _, r := range snakeCase(s) {
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
	if len(out) > model.MaxToolNameLen {
		out = strings.TrimRight(out[:model.MaxToolNameLen], "_")
	}
	return out
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent
// bytes each count one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
