package textutil

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestPlural(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0 tools", 1: "1 tool", 2: "2 tools", 1000: "1000 tools"} {
		if got := Plural(n, "tool"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestTruncate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc..."},
		{"", 0, ""},
		{"héllo", 2, "hé..."}, // cut by characters, not bytes
		{"日本語テキスト", 3, "日本語..."}, // never inside a character
		{"abc", 0, "..."},
		{"cafe\u0301s", 4, "caf..."},        // not between e and its accent
		{"cafe\u0301s", 5, "cafe\u0301..."}, // the accent kept with its letter
		{"ok 👍🏽 yes", 4, "ok ..."},          // not between an emoji and its skin tone
		{"x👨\u200d👩\u200d👧y", 3, "x..."},    // nor inside a ZWJ family
		{"🇯🇵🇫🇷", 1, "..."},                  // nor between the halves of a flag
		{"🇯🇵🇫🇷", 3, "🇯🇵..."},                // flags pair from the start
		{"\u1100\u1161\u11a8x", 2, "..."},   // nor inside a jamo syllable
		{"a\r\nb", 2, "a..."},               // nor between CR and LF
		{"a\xff\xfeb", 2, "a\xff..."},       // bytes that are not UTF-8 are kept as they are
		{"a\u202e\u0301", 2, "a\u202e..."},  // a mark after a control does not join it
		{"🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007fz", 3, "..."}, // a tag run belongs to its base
	} {
		if got := Truncate(c.s, c.n); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// FuzzTruncate: a cut keeps a prefix of s, its own bytes, ending at a
// grapheme boundary, and at most n characters.
func FuzzTruncate(f *testing.F) {
	for _, s := range []string{"", "abc", "cafe\u0301", "👨\u200d👩\u200d👧", "🇯🇵🇫🇷", "\xff\u0301", "a\r\n"} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = min(max(n, 0), 1000)
		got := Truncate(s, n)
		if got == s {
			return
		}
		kept, ok := strings.CutSuffix(got, "...")
		if !ok || !strings.HasPrefix(s, kept) {
			t.Fatalf("Truncate(%q, %d) = %q: not a prefix of s and a mark", s, n, got)
		}
		if c := utf8.RuneCountInString(kept); c > n {
			t.Fatalf("Truncate(%q, %d) = %q keeps %d characters", s, n, got, c)
		}
		if rest := s[len(kept):]; rest != "" {
			r, _ := utf8.DecodeRuneInString(rest)
			if kept != "" && (unicode.In(r, unicode.Mn, unicode.Me) && !isControl(lastRune(kept)) && lastRune(kept) != notUTF8) {
				t.Fatalf("Truncate(%q, %d) = %q cuts before the mark %U", s, n, got, r)
			}
			at := 0
			for at < len(kept) {
				_, size := utf8.DecodeRuneInString(s[at:])
				at += size
			}
			if at != len(kept) {
				t.Fatalf("Truncate(%q, %d) = %q cuts inside a UTF-8 sequence", s, n, got)
			}
		}
	})
}

func TestGraphemeStartEnd(t *testing.T) {
	t.Parallel()
	s := "ae\u0301b" // a, e+accent, b: boundaries 0, 1, 4, 5
	for i, want := range [][2]int{{0, 0}, {1, 1}, {1, 4}, {1, 4}, {4, 4}, {5, 5}} {
		if got := [2]int{GraphemeStart(s, i), GraphemeEnd(s, i)}; got != want {
			t.Errorf("at %d: %v, want %v", i, got, want)
		}
	}
	if GraphemeStart("", 0) != 0 || GraphemeEnd("", 0) != 0 {
		t.Error("empty")
	}
}

func lastRune(s string) rune {
	r, size := utf8.DecodeLastRuneInString(s)
	if size == 1 && r == utf8.RuneError {
		return notUTF8
	}
	return r
}

func TestOneLine(t *testing.T) {
	t.Parallel()
	if got := OneLine("a\n\tb   c\r\n", 100); got != "a b c" {
		t.Errorf("OneLine = %q", got)
	}
	if got := OneLine(strings.Repeat("x ", 10), 5); got != "x x x..." {
		t.Errorf("OneLine cut = %q", got)
	}
}

func TestCommas(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 65536: "65,536", 1234567: "1,234,567", -1000: "-1,000", -12: "-12"} {
		if got := Commas(n); got != want {
			t.Errorf("Commas(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestJoinAnd(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := JoinAnd(c.in); got != c.want {
			t.Errorf("JoinAnd(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
