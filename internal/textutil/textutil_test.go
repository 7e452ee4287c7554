package textutil

import (
	"strings"
	"testing"
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
	} {
		if got := Truncate(c.s, c.n); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
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
