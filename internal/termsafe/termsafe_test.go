package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/textutil"
)

func TestText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, text, line string }{
		{"", "", ""},
		{"plain text, 日本語, café, e\u0301, 👍🏽", "plain text, 日本語, café, e\u0301, 👍🏽", "plain text, 日本語, café, e\u0301, 👍🏽"},
		{"a\nb\tc", "a\nb\tc", `a\nb\tc`},
		{"cr\r", `cr\r`, `cr\r`},
		{"\x1b]0;pwned\x07\x1b[2J", `\x1b]0;pwned\x07\x1b[2J`, `\x1b]0;pwned\x07\x1b[2J`},
		{"nul\x00del\x7f", `nul\x00del\x7f`, `nul\x00del\x7f`},
		{"c1 \u0085\u009b", `c1 \u0085\u009b`, `c1 \u0085\u009b`},
		{"bad \xff\xc3", `bad \xff\xc3`, `bad \xff\xc3`},
		{"bidi \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069 \u200e\u200f\u061c",
			`bidi \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069 \u200e\u200f\u061c`,
			`bidi \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069 \u200e\u200f\u061c`},
		{"zw \u200b\u200c\u200d\u2060\ufeff", `zw \u200b\u200c\u200d\u2060\ufeff`, `zw \u200b\u200c\u200d\u2060\ufeff`},
		{"blank \u3164\uffa0\u115f\u1160\u17b4\u034f\u180b \u2800", `blank \u3164\uffa0\u115f\u1160\u17b4\u034f\u180b ` + "\u2800", `blank \u3164\uffa0\u115f\u1160\u17b4\u034f\u180b ` + "\u2800"},
		{"tag \U000e0001\U000e0041\U000e007f", `tag \U000e0001\U000e0041\U000e007f`, `tag \U000e0001\U000e0041\U000e007f`},
		{"soft\u00adhyphen", `soft\u00adhyphen`, `soft\u00adhyphen`},
		{"sep \u2028\u2029", `sep \u2028\u2029`, `sep \u2028\u2029`},
		{"pua \ue000\U000f0000", `pua \ue000\U000f0000`, `pua \ue000\U000f0000`},
		{"unassigned \U0003ffff\ufffe\u0378", `unassigned \U0003ffff\ufffe\u0378`, `unassigned \U0003ffff\ufffe\u0378`},
		{"replacement char \ufffd stays", "replacement char \ufffd stays", "replacement char \ufffd stays"},
		{`already \u202e escaped`, `already \u202e escaped`, `already \u202e escaped`},
		{"nbsp\u00a0ideographic\u3000", "nbsp\u00a0ideographic\u3000", "nbsp\u00a0ideographic\u3000"},
		// variation selectors: one after a character with variants is
		// text (an emoji's presentation, a keycap, an ideograph's variant);
		// one alone, after a Latin letter or a space, or a run of them
		// (bytes smuggled after one emoji) is escaped, every one of them
		{"\u2764\ufe0f 1\ufe0f\u20e3 \u845b\U000e0100 \u263a\ufe0e", "\u2764\ufe0f 1\ufe0f\u20e3 \u845b\U000e0100 \u263a\ufe0e", "\u2764\ufe0f 1\ufe0f\u20e3 \u845b\U000e0100 \u263a\ufe0e"},
		{"\ufe0fstart a\ufe01 b \ufe0f", `\ufe0fstart a\ufe01 b \ufe0f`, `\ufe0fstart a\ufe01 b \ufe0f`},
		{"hi\U0001f600\ufe0f\U000e0134\U000e0101", "hi\U0001f600" + `\ufe0f\U000e0134\U000e0101`, "hi\U0001f600" + `\ufe0f\U000e0134\U000e0101`},
		{"\u845b\U000e0100\U000e0101 a\U000e0100", "\u845b" + `\U000e0100\U000e0101 a\U000e0100`, "\u845b" + `\U000e0100\U000e0101 a\U000e0100`},
	} {
		if got := Text(c.in); got != c.text {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.text)
		}
		if got := Line(c.in); got != c.line {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.line)
		}
	}
}

// TestQuote: Line's escapes, a backslash doubled, and hidden deciding
// beyond ASCII (never for ASCII controls or broken bytes).
func TestQuote(t *testing.T) {
	t.Parallel()
	nbsp := func(_ string, _ int, r rune) bool { return r == 0xa0 }
	for _, c := range []struct {
		in, want string
		hidden   func(string, int, rune) bool
	}{
		{"plain", "plain", nil},
		{`already \u202e escaped`, `already \\u202e escaped`, nil},
		{"zw\u200b\\ tag\U000e0041\n", `zw\u200b\\ tag\U000e0041\n`, nil},
		{"nbsp\u00a0 zw\u200b \x1b \xff", `nbsp\u00a0 zw` + "\u200b" + ` \x1b \xff`, nbsp},
	} {
		if got := Quote(c.in, c.hidden); got != c.want {
			t.Errorf("Quote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestUnchangedIsSame: text that needs no escape is returned as it is,
// without a copy.
func TestUnchangedIsSame(t *testing.T) {
	s := strings.Repeat("ordinary text ", 100)
	if got := Line(s); got != s {
		t.Fatal("changed")
	}
	if n := testing.AllocsPerRun(100, func() { _ = Line(s) }); n != 0 {
		t.Errorf("Line of safe text allocates %v times", n)
	}
}

func TestWriter(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	w := NewWriter(&b)
	in := "x\u202ey\U000e0041é\x1b\n"
	// byte by byte: no sequence may be cut into escapes
	for i := 0; i < len(in); i++ {
		if n, err := w.Write([]byte{in[i]}); n != 1 || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `x\u202ey\U000e0041é\x1b`+"\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// a variation selector's neighbours are read across writes: the one
	// after the heart is text, and a run split between two writes is
	// escaped whole, as in one write
	b.Reset()
	w = NewWriter(&b)
	for _, p := range []string{"\u2764", "\ufe0f ok ", "\U0001f600\ufe0f", "\ufe01", "\ufe0f"} {
		_, _ = w.Write([]byte(p))
	}
	_ = w.Flush()
	if got, want := b.String(), "\u2764\ufe0f ok \U0001f600"+`\ufe0f\ufe01\ufe0f`; got != want {
		t.Errorf("variation selectors across writes: got %q, want %q", got, want)
	}
	// a sequence that never ends is written as its bytes at Flush
	b.Reset()
	_, _ = w.Write([]byte("a\xe2\x80"))
	if b.String() != "a" {
		t.Errorf("before Flush: %q", b.String())
	}
	_ = w.Flush()
	if got := b.String(); got != `a\xe2\x80` {
		t.Errorf("after Flush: %q", got)
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"a":"plain"}`,
		"{\"text\":\"x\u202ey\U000e0041\u200b\\\"q\\\\\",\n \"n\": [1, 2]}",
		"[\"\xff\"]",
		"{\"m\":\"Adds.\U000e0131\U000e0132 a\ufe0fb \u2764\ufe0f\"}", // hidden variation selectors, one that selects
		"{\"m\":\"Adds \\u0041\ufe0f, \\u0026\ufe0f\"}",               // after an escape ending in a digit (attack pass 48e, row 5)
	} {
		got := JSON([]byte(in))
		if !json.Valid(got) {
			t.Fatalf("JSON(%q) = %q: not valid", in, got)
		}
		var want, have any
		_ = json.Unmarshal([]byte(in), &want)
		_ = json.Unmarshal(got, &have)
		if w, h := mustMarshal(t, want), mustMarshal(t, have); w != h {
			t.Errorf("JSON(%q) decodes to %s, want %s", in, h, w)
		}
		if i := unsafeAt(string(got), false); i >= 0 {
			t.Errorf("JSON(%q) = %q holds a raw rune to escape at %d", in, got, i)
		}
	}
	// a variation selector after an escape is judged by the escaped rune,
	// not by the escape's last digit (attack pass 48e, row 5)
	if got := JSON([]byte(`{"m":"\u0041` + "\ufe0f" + `"}`)); bytes.ContainsRune(got, 0xfe0f) {
		t.Errorf("a selector after \\u0041 kept raw: %q", got)
	}
	if got := string(JSON([]byte("not json \x1b"))); got != `not json \x1b` {
		t.Errorf("not JSON: %q", got)
	}
}

func mustMarshal(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FuzzEscape: what Line and Text write never holds a rune they escape,
// text that holds none comes back unchanged, escaping twice is escaping
// once, and a stream cut anywhere escapes as the whole does.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[2J\x07", "a\u202eb\u2066c", "\U000e0041\U000e0042", "\xff\xfe", "e\u0301\n\t", "日本語", "read\u3164file", "\u2764\ufe0f\ufe01x\ufe0f"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		for _, line := range []bool{false, true} {
			e := escape(s, line)
			if !utf8.ValidString(e) {
				t.Fatalf("escape(%q) = %q: not UTF-8", s, e)
			}
			for _, r := range e {
				if (!unicode.IsGraphic(r) || DrawsNothing(r)) && (line || r != '\n' && r != '\t') {
					t.Fatalf("escape(%q, %v) = %q holds %U raw", s, line, e, r)
				}
			}
			if unsafeAt(s, line) < 0 && e != s {
				t.Fatalf("escape(%q) changed safe text to %q", s, e)
			}
			if again := escape(e, line); again != e {
				t.Fatalf("escape not idempotent: %q -> %q -> %q", s, e, again)
			}
		}
		// A cut made before escaping never falls inside an escape.
		if kept, ok := strings.CutSuffix(textutil.Truncate(s, cut), "..."); ok && !strings.HasPrefix(Line(s), Line(kept)) {
			t.Fatalf("Line(Truncate(%q, %d)) = %q is not a prefix of %q", s, cut, Line(kept), Line(s))
		}
		if len(s) == 0 {
			return
		}
		cut = min(max(cut, 0), len(s))
		var b bytes.Buffer
		w := NewWriter(&b)
		_, _ = w.Write([]byte(s[:cut]))
		_, _ = w.Write([]byte(s[cut:]))
		_ = w.Flush()
		if b.String() != Text(s) {
			t.Fatalf("written in two parts at %d: %q, want %q", cut, b.String(), Text(s))
		}
	})
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"ééé", 3, "ééé"}, // 6 bytes, 3 runes
		{"éééé", 3, "ééé…"},
		{"\u200b\u200b\u200b\u200b", 2, "\u200b\u200b…"},
		{"a\xffb", 2, "a\xff…"},
		{"abc", 0, "…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	long := strings.Repeat("\u200b", 5<<20)
	if got := Clip(long, 64); got != strings.Repeat("\u200b", 64)+"…" {
		t.Errorf("Clip of 5 Mi runes to 64: %d bytes", len(got))
	}
}

// TestJSONCarriageReturnBetweenTokensBecomesSpace: a CR is JSON white
// space, so a module's answer may carry one between tokens, and on a
// terminal what follows it overwrites what came before (attack pass 49b,
// row 1: `call --json` printed `]` CR `,"_":"   ..."`, hiding the text
// block). Outside strings JSON writes it as a space: the same value,
// valid JSON, no CR.
func TestJSONCarriageReturnBetweenTokensBecomesSpace(t *testing.T) {
	t.Parallel()
	hidden := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"copied ~/.ssh/id_rsa"}]`
	for _, in := range []string{
		hidden + "\r" + `,"_":"` + strings.Repeat(" ", len(hidden)) + `"}}`,
		"{\"a\":\r\n[1,\r2]\t,\"b\" :\"x\\r\"}\r",
	} {
		got := JSON([]byte(in))
		if bytes.IndexByte(got, '\r') >= 0 {
			t.Errorf("JSON(%q) = %q keeps a raw CR", in, got)
		}
		if !json.Valid(got) {
			t.Fatalf("JSON(%q) = %q: not valid", in, got)
		}
		var want, have any
		_ = json.Unmarshal([]byte(in), &want)
		_ = json.Unmarshal(got, &have)
		if w, h := mustMarshal(t, want), mustMarshal(t, have); w != h {
			t.Errorf("JSON(%q) decodes to %s, want %s", in, h, w)
		}
		if len(got) != len(in) {
			t.Errorf("JSON(%q) = %q: %d bytes, want %d (a CR becomes one space)", in, got, len(got), len(in))
		}
	}
}
