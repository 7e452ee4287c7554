package offlineschema

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// foldRunesPerInst is how many runes a case-insensitive class range may
// span for one instruction of PatternSize's count. Go's parser folds such
// a range rune by rune (each rune and its orbit of case equivalents
// appended to the class), 17-46 ns a rune measured (a range of 125,000
// runes 2.1 ms to parse, of 64 runes 2.2 µs), while an instruction costs
// about 2 µs to compile: 32 runes stay under it (attack pass 49b, row 2).
const foldRunesPerInst = 32

// foldClassRunes is what a named or Perl class (\w, [:alpha:]) spans for
// foldSize: the parser folds its ASCII ranges, at most 128 runes.
const foldClassRunes = 128

// The runes Go's parser folds (regexp/syntax's minFold and maxFold): a
// range inside them, not covering them all, is folded rune by rune.
const (
	minFoldRune = 0x0041
	maxFoldRune = 0x1e943
)

// foldSize counts what parsing pattern p costs to case-fold its classes,
// read from its text before parsing: in each class where a
// case-insensitive flag is in scope ((?i), (?i:...), set mid-pattern and
// kept to the group's end, as regexp/syntax reads them), each range
// counts the runes it spans inside the folded runes, foldRunesPerInst a
// instruction. "(?i)[" + 500 times "B-\U0001E942" + "]", a class of one
// instruction, took 1.8 s to parse and was counted 3 (attack pass 49b,
// rows 2-4). A pattern that does not parse is read as far as it goes.
func foldSize(p string) int {
	runes := 0
	fold := false
	var stack []bool // the flag outside each open group
	for i := 0; i < len(p); {
		switch c := p[i]; {
		case c == '\\' && strings.HasPrefix(p[i:], `\Q`):
			end := strings.Index(p[i+2:], `\E`)
			if end < 0 {
				return runes / foldRunesPerInst
			}
			i += 2 + end + 2
		case c == '\\':
			i = skipEscape(p, i)
		case c == '(' && strings.HasPrefix(p[i:], "(?") && !strings.HasPrefix(p[i:], "(?P") && !strings.HasPrefix(p[i:], "(?<"):
			j, f, open, ok := readFlags(p, i+2, fold)
			if !ok { // not flags: the parser refuses it
				i += 2
				continue
			}
			if open {
				stack = append(stack, fold)
			}
			fold, i = f, j
		case c == '(':
			stack = append(stack, fold)
			i++
		case c == ')':
			if n := len(stack); n > 0 {
				fold, stack = stack[n-1], stack[:n-1]
			}
			i++
		case c == '[':
			var r int
			i, r = classFold(p, i+1)
			if fold {
				runes = min(runes+r, maxPatternSize)
			}
		default:
			i++
		}
	}
	return runes / foldRunesPerInst
}

// readFlags reads a flag group's flags from p[i:], just past "(?": the
// index past its ':' or ')', the case-insensitive flag after it, whether
// it opens a group (':'), and false for no flag group.
func readFlags(p string, i int, fold bool) (int, bool, bool, bool) {
	set := true
	for ; i < len(p); i++ {
		switch p[i] {
		case 'i':
			fold = set
		case 'm', 's', 'U':
		case '-':
			if !set {
				return 0, false, false, false
			}
			set = false
		case ':':
			return i + 1, fold, true, true
		case ')':
			return i + 1, fold, false, true
		default:
			return 0, false, false, false
		}
	}
	return 0, false, false, false
}

// skipEscape is the index past the escape at p[i] ('\\'), braces read
// whole (\p{Greek}, \x{1F600}).
func skipEscape(p string, i int) int {
	i++
	if i >= len(p) {
		return i
	}
	switch p[i] {
	case 'p', 'P', 'x':
		if i+1 < len(p) && p[i+1] == '{' {
			if end := strings.IndexByte(p[i+1:], '}'); end >= 0 {
				return i + 1 + end + 1
			}
			return len(p)
		}
	}
	_, n := utf8.DecodeRuneInString(p[i:])
	return i + n
}

// classFold reads the class whose '[' ends at p[i-1] as regexp/syntax's
// parseClass does, and returns the index past its ']' and the runes its
// ranges would fold: what each range spans inside minFoldRune-maxFoldRune
// (none for one that covers them all: the parser does not fold it), a
// named or Perl class foldClassRunes.
func classFold(p string, i int) (int, int) {
	runes := 0
	if i < len(p) && p[i] == '^' {
		i++
	}
	for first := true; i < len(p) && (p[i] != ']' || first); first = false {
		if strings.HasPrefix(p[i:], "[:") {
			if end := strings.Index(p[i+2:], ":]"); end >= 0 {
				i += 2 + end + 2
				runes += foldClassRunes
				continue
			}
		}
		if p[i] == '\\' && i+1 < len(p) && strings.IndexByte(`pPdDsSwW`, p[i+1]) >= 0 {
			i = skipEscape(p, i)
			runes += foldClassRunes // a Unicode class counts unicodeClassSize besides
			continue
		}
		lo, j := classChar(p, i)
		hi := lo
		if j+1 < len(p) && p[j] == '-' && p[j+1] != ']' {
			hi, j = classChar(p, j+1)
		}
		i = j
		lo, hi = max(lo, minFoldRune), min(hi, maxFoldRune)
		full := lo == minFoldRune && hi == maxFoldRune
		if lo <= hi && !full {
			runes = min(runes+int(hi-lo+1), maxPatternSize)
		}
	}
	return min(i+1, len(p)), runes
}

// classChar reads one character of a class at p[i] (a rune or an escape
// that stands for one) and returns it and the index past it. An escape the
// parser refuses reads as its letter.
func classChar(p string, i int) (rune, int) {
	if p[i] != '\\' || i+1 >= len(p) {
		r, n := utf8.DecodeRuneInString(p[i:])
		return r, i + n
	}
	c := p[i+1]
	switch {
	case c >= '0' && c <= '7': // up to three octal digits
		j := i + 2
		for j < len(p) && j < i+4 && p[j] >= '0' && p[j] <= '7' {
			j++
		}
		v, _ := strconv.ParseUint(p[i+1:j], 8, 32)
		return rune(v), j
	case c == 'x' && i+2 < len(p) && p[i+2] == '{':
		end := strings.IndexByte(p[i+3:], '}')
		if end < 0 {
			return 0, len(p)
		}
		v, err := strconv.ParseUint(p[i+3:i+3+end], 16, 32)
		if err != nil || v > utf8.MaxRune {
			v = utf8.MaxRune
		}
		return rune(v), i + 3 + end + 1
	case c == 'x':
		j := min(i+4, len(p))
		v, _ := strconv.ParseUint(p[i+2:j], 16, 32)
		return rune(v), j
	}
	if k := strings.IndexByte("afnrtv", c); k >= 0 {
		return rune("\a\f\n\r\t\v"[k]), i + 2
	}
	r, n := utf8.DecodeRuneInString(p[i+1:])
	return r, i + 1 + n
}
