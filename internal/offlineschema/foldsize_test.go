package offlineschema

import (
	"strings"
	"testing"
)

// TestPatternSizeCaseFoldedRanges (attack pass 49b, rows 2-4): Go's parser
// folds a case-insensitive class's range rune by rune, so "(?i)[" + 500
// times "B-\U0001E942" + "]" (3 KB, a class of one instruction) took 1.8
// s to parse and PatternSize counted it 3. Such ranges count the runes
// they span, read before parsing, wherever the flag is in scope, and the
// pattern is past MaxPatternInsts; the same class with the flag out of
// scope, or a range the parser does not fold, stays small.
func TestPatternSizeCaseFoldedRanges(t *testing.T) {
	ranges := strings.Repeat("B-\U0001E942", 500)
	escaped := strings.Repeat(`\x{42}-\x{1E942}`, 500)
	for _, p := range []string{
		"(?i)[" + ranges + "]",
		"(?i)[^" + ranges + "]",
		"(?i:[" + ranges + "])",
		"(?i:x)(?i)[" + ranges + "]",
		"a|(?i)b[" + ranges + "]",
		"(x(?im)[" + ranges + "])",
		"(?s-m:(?i)[" + ranges + "])",
		"(?P<n>(?i)[" + escaped + "])",
		"(?i)[]" + ranges + "]",
		"(?i)[" + ranges + "]((", // does not parse, but folds before failing
	} {
		if n := PatternSize(p); n <= MaxPatternInsts {
			t.Errorf("%.40q...: counts %d, within MaxPatternInsts", p, n)
		}
	}
	for _, p := range []string{
		"[" + ranges + "]",
		"(?i:x)[" + ranges + "]",
		"(?i)(?-i)[" + ranges + "]",
		"(?i)(?s-i:[" + ranges + "])",
		"((?i)x)[" + ranges + "]",
		`\Q(?i)\E[` + ranges + "]",
		`(?i)[\x{0}-\x{10FFFF}]`,
		`(?i)[\x{1E944}-\x{10FFFF}]`,
	} {
		if n := PatternSize(p); n == 0 || n > 10 {
			t.Errorf("%.40q...: counts %d, want a few (nothing folded)", p, n)
		}
	}
	for _, tc := range []struct {
		p    string
		want int
	}{
		{`(?i)[\x{41}-\x{1E942}]`, (0x1e942 - 0x41 + 1) / foldRunesPerInst},
		{`(?i)[\x40-\x{1E942}]`, (0x1e942 - 0x41 + 1) / foldRunesPerInst},
		{`(?i)[\101-\x{1E942}]`, (0x1e942 - 0x41 + 1) / foldRunesPerInst},
		{`(?i)[a-z0-9._%+-]`, 0},
		{`(?i)[\w[:alpha:]]`, 2 * foldClassRunes / foldRunesPerInst},
		{`(?i)[a-z][A-Z]`, 52 / foldRunesPerInst},
	} {
		if n := foldSize(tc.p); n != tc.want {
			t.Errorf("foldSize(%q) = %d, want %d", tc.p, n, tc.want)
		}
	}
}

// TestPatternSizeCountsFoldOfUnparsedPattern (attack pass 49c, row 1): a
// case-insensitive class of 24 ranges B-U+1E942 (some 3M runes folded)
// before an ECMA-262 lookahead, which Go's parser refuses after folding,
// counts its fold as the parsed class does (it counted 0), so a schema of
// 200 of them is past MaxPatternInsts and not compiled.
func TestPatternSizeCountsFoldOfUnparsedPattern(t *testing.T) {
	class := "(?i)[" + strings.Repeat("B-\U0001E942", 24) + "]"
	parsed, ecma := PatternSize(class), PatternSize(class+"(?=a)")
	if ecma < foldSize(class) || ecma+10 < parsed {
		t.Errorf("PatternSize with a lookahead %d, without %d, foldSize %d", ecma, parsed, foldSize(class))
	}
	var all []any
	for range 200 {
		all = append(all, map[string]any{"pattern": class + "(?=a)"})
	}
	if n := SchemaPatternSize(map[string]any{"allOf": all}); n <= MaxPatternInsts {
		t.Errorf("SchemaPatternSize of 200 such %d, not past %d", n, MaxPatternInsts)
	}
}
