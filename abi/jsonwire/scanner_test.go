package jsonwire

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// tokens scans data whole and renders each token, for compact expectations:
// { } [ ] s:text n:text true false null.
func tokens(data string) (string, error) {
	s := NewScanner([]byte(data))
	var out []string
	for {
		k, err := s.Next()
		if err != nil {
			return strings.Join(out, " "), err
		}
		switch k {
		case End:
			return strings.Join(out, " "), nil
		case ObjectBegin:
			out = append(out, "{")
		case ObjectEnd:
			out = append(out, "}")
		case ArrayBegin:
			out = append(out, "[")
		case ArrayEnd:
			out = append(out, "]")
		case String:
			out = append(out, "s:"+s.Text())
		case Number:
			out = append(out, "n:"+string(s.Num()))
		default:
			out = append(out, k.String())
		}
	}
}

// skip reads n tokens, failing on an error.
func skip(t *testing.T, s *Scanner, n int) {
	t.Helper()
	for range n {
		if _, err := s.Next(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestScannerTokens(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`0`, `n:0`},
		{` -0.5e+10 `, `n:-0.5e+10`},
		{`1E3`, `n:1E3`},
		{`"x"`, `s:x`},
		{`""`, `s:`},
		{"\t\r\n true \n", `true`},
		{`[]`, `[ ]`},
		{`{}`, `{ }`},
		{`[1,[2,{}],"a"]`, `[ n:1 [ n:2 { } ] s:a ]`},
		{`{"a":{"b":[null,false]},"c":true}`, `{ s:a { s:b [ null false ] } s:c true }`},
		{` { "k" : 1 , "l" : [ ] } `, `{ s:k n:1 s:l [ ] }`},
		{`"\"\\\/\b\f\n\r\t"`, "s:\"\\/\b\f\n\r\t"},
		{`"\u00e9\u4e2D"`, "s:é中"},
		{`"\n é中😀"`, "s:\n é中😀"},
		{`"\ud83d\ude00 ok"`, "s:😀 ok"},
		{`"é中😀"`, "s:é中😀"},
		{`"a\u0000b"`, "s:a\x00b"},
		{`"\uFFFD"`, "s:\uFFFD"},
		{"\"\uFFFD\"", "s:\uFFFD"},
		{`"<&>\u2028"`, "s:<&>\u2028"},
	} {
		got, err := tokens(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("tokens(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestScannerErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "unexpected end of input, expected a value"},
		{`   `, 3, "unexpected end of input, expected a value"},
		{`1 2`, 2, "unexpected '2', expected the end of input after the value"},
		{`{}x`, 2, "unexpected 'x', expected the end of input after the value"},
		{`[1,]`, 3, "trailing comma before ']'"},
		{`{"a":1,}`, 7, "trailing comma before '}'"},
		{`[1 2]`, 3, "unexpected '2', expected ',' or ']' after an array element"},
		{`{"a" 1}`, 5, "unexpected '1', expected ':' after an object key"},
		{`{"a":1 "b":2}`, 7, "unexpected '\"', expected ',' or '}' after an object member"},
		{`{1:2}`, 1, "unexpected '1', expected a string key"},
		{`{"a":}`, 5, "unexpected '}', expected a value"},
		{`[`, 1, "unexpected end of input, expected a value"},
		{`{"a":1`, 6, "unexpected end of input, expected ',' or '}' after an object member"},
		{`01`, 1, "invalid number: leading zeros are not allowed"},
		{`-01`, 2, "invalid number: leading zeros are not allowed"},
		{`-`, 1, "invalid number: expected a digit"},
		{`-a`, 1, "invalid number: expected a digit"},
		{`1.`, 2, "invalid number: expected a digit after '.'"},
		{`1.e5`, 2, "invalid number: expected a digit after '.'"},
		{`1e`, 2, "invalid number: expected a digit in the exponent"},
		{`1e+`, 3, "invalid number: expected a digit in the exponent"},
		{`.5`, 0, "unexpected '.', expected a value"},
		{`+1`, 0, "unexpected '+', expected a value"},
		{`NaN`, 0, "unexpected 'N', expected a value"},
		{`tru`, 0, "invalid literal, expected true"},
		{`[nul]`, 1, "invalid literal, expected null"},
		{`falsey`, 5, "unexpected 'y', expected the end of input after the value"},
		{`"abc`, 0, "unterminated string"},
		{`"ab\`, 0, "unterminated string"},
		{`["a\"]`, 1, "unterminated string"},
		{"\"a\tb\"", 2, "unescaped control character U+0009 in string"},
		{"\"a\x7f\x01\"", 3, "unescaped control character U+0001 in string"},
		{"\"\\n\nx\"", 3, "unescaped control character U+000A in string"},
		{`"\x"`, 1, `invalid escape: '\' followed by 'x'`},
		{`"\u12"`, 1, `invalid \u escape: expected four hex digits`},
		{`"\u12g4"`, 1, `invalid \u escape: expected four hex digits`},
		{`"\ud800\u12"`, 7, `invalid \u escape: expected four hex digits`},
		{"\"\xff\x01\"", 2, "unescaped control character U+0001 in string"},
		{"\xef\xbb\xbf1", 0, "unexpected byte 0xef, expected a value"},
		{"[1]\x00", 3, "unexpected control character U+0000, expected the end of input after the value"},
	} {
		_, err := tokens(tc.in)
		var e *Error
		if !errors.As(err, &e) || e.Offset != tc.offset || e.Msg != tc.msg {
			t.Errorf("tokens(%q): error %v; want offset %d: %s", tc.in, err, tc.offset, tc.msg)
		}
	}
}

// Strings that are not valid Unicode decode as encoding/json decodes them:
// each invalid byte and each surrogate escape without its other half is
// U+FFFD, and what follows a lone surrogate is read on its own.
func TestScannerReplacesInvalidText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`"ok\ud800"`, "ok\uFFFD"},
		{`"ab\ud83d"`, "ab\uFFFD"}, // JSON.stringify("ab😀".slice(0,3))
		{`"\ud800\u0041"`, "\uFFFDA"},
		{`"\ud800x"`, "\uFFFDx"},
		{`"\udc00"`, "\uFFFD"},
		{`"\udc00\ud800"`, "\uFFFD\uFFFD"},
		{`"\ud800\ud800\udc00"`, "\uFFFD\U00010000"},
		{`"\ud83d\ude00"`, "😀"},
		{"\"a\xffb\"", "a\uFFFDb"},
		{"\"\\n\xc3\"", "\n\uFFFD"},
		{"\"\xed\xa0\x80\"", "\uFFFD\uFFFD\uFFFD"}, // a surrogate encoded in UTF-8
		{"\"\xc0\xaf\"", "\uFFFD\uFFFD"},           // overlong
		{"\"\xe2\x82\"", "\uFFFD\uFFFD"},           // cut short
		{"\"é\xff\\u00e9\"", "é\uFFFDé"},
	} {
		s := NewScanner([]byte(tc.in))
		if k, err := s.Next(); k != String || err != nil {
			t.Errorf("%q: %v, %v", tc.in, k, err)
			continue
		}
		var std string
		if err := json.Unmarshal([]byte(tc.in), &std); err != nil || std != tc.want {
			t.Fatalf("the test is wrong about %q: encoding/json gives %q, %v", tc.in, std, err)
		}
		if got := s.Text(); got != tc.want {
			t.Errorf("%q decodes to %q, want %q", tc.in, got, tc.want)
		}
	}
}

// RequireValidText refuses what would otherwise become U+FFFD.
func TestScannerRequireValidText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{`"ok\ud800"`, 3, `invalid \u escape: surrogate U+D800 without its other half`},
		{`"\ud800\u0041"`, 1, `invalid \u escape: surrogate U+D800 without its other half`},
		{`"\udc00"`, 1, `invalid \u escape: surrogate U+DC00 without its other half`},
		{"\"a\xffb\"", 2, "invalid UTF-8 in string"},
		{"\"\\n\xc3\"", 3, "invalid UTF-8 in string"},
		{"\"\xed\xa0\x80\"", 1, "invalid UTF-8 in string"},
	} {
		s := NewScanner(nil)
		s.RequireValidText()
		s.Reset([]byte(tc.in)) // kept by Reset
		_, err := s.Next()
		var e *Error
		if !errors.As(err, &e) || e.Offset != tc.offset || e.Msg != tc.msg {
			t.Errorf("%q: error %v; want offset %d: %s", tc.in, err, tc.offset, tc.msg)
		}
	}
	s := NewScanner([]byte(`"\ud83d\ude00 é"`))
	s.RequireValidText()
	if k, err := s.Next(); k != String || err != nil || s.Text() != "😀 é" {
		t.Errorf("valid text: %v %v %q", k, err, s.Text())
	}
}

func TestScannerErrorIsSticky(t *testing.T) {
	t.Parallel()
	s := NewScanner([]byte(`[x]`))
	skip(t, s, 1)
	_, err1 := s.Next()
	_, err2 := s.Next()
	if err1 == nil || !errors.Is(err2, err1) {
		t.Fatalf("errors %v then %v; want the same error twice", err1, err2)
	}
	if s.PeekKind() != Invalid {
		t.Error("PeekKind after an error should be Invalid")
	}
	if err1.Error() != "offset 1: unexpected 'x', expected a value" {
		t.Errorf("Error() = %q", err1.Error())
	}
}

func TestScannerDepth(t *testing.T) {
	t.Parallel()
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if err := Validate([]byte(ok)); err != nil {
		t.Fatalf("%d levels: %v", MaxDepth, err)
	}
	deep := strings.Repeat(`{"a":`, MaxDepth) + "[" // one level too many
	_, err := tokens(deep)
	var e *Error
	if !errors.As(err, &e) || e.Offset != len(deep)-1 || e.Msg != "objects and arrays nest deeper than 512 levels" {
		t.Fatalf("got %v", err)
	}
	s := NewScanner([]byte(`[[1]]`))
	skip(t, s, 2)
	if s.Depth() != 2 {
		t.Errorf("Depth = %d, want 2", s.Depth())
	}

	// A limit of its own, kept by Reset.
	s = NewScanner([]byte(`[[]]`))
	s.SetMaxDepth(1)
	for range 2 {
		if _, err := s.Skip(); err == nil || err.Error() != "offset 1: objects and arrays nest deeper than 1 levels" {
			t.Fatalf("limit 1: %v", err)
		}
		s.Reset([]byte(`[[]]`))
	}

	// No limit: as deep as the input goes, objects and arrays mixed so the
	// levels past 64 (a second word of the bit stack) are told apart.
	const n = 100_000
	var b strings.Builder
	for i := range n {
		if i%3 == 0 {
			b.WriteString(`{"k":`)
		} else {
			b.WriteString("[")
		}
	}
	b.WriteString("0")
	for i := n - 1; i >= 0; i-- {
		if i%3 == 0 {
			b.WriteString("}")
		} else {
			b.WriteString("]")
		}
	}
	deepest := b.String()
	s = NewScanner([]byte(deepest))
	s.SetMaxDepth(0)
	raw, err := s.Skip()
	if err != nil || len(raw) != len(deepest) || s.SkippedDepth() != n {
		t.Fatalf("no limit: %d bytes, depth %d, %v", len(raw), s.SkippedDepth(), err)
	}
	if k, err := s.Next(); k != End || err != nil {
		t.Fatalf("after the value: %v %v", k, err)
	}
	wrong := []byte(deepest)
	at := len(wrong) - n/2 + strings.IndexByte(deepest[len(deepest)-n/2:], '}')
	wrong[at] = ']' // closes an object with ']', deep inside
	s = NewScanner(wrong)
	s.SetMaxDepth(-1)
	if _, err := s.Skip(); err == nil {
		t.Fatal("a ']' closing an object past level 64 was accepted")
	}
}

func TestScannerOffsetsAndAliasing(t *testing.T) {
	t.Parallel()
	in := []byte(`{"plain":"abc","esc":"a\nb","n":-12.5}`)
	s := NewScanner(in)
	type tok struct {
		k   Kind
		off int
	}
	var got []tok
	for {
		k, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, tok{k, s.Offset()})
		if k == End {
			break
		}
		if k == String && s.Offset() == 9 {
			// A string without escapes is a slice of the input.
			if &s.Str()[0] != &in[10] {
				t.Error("unescaped string was copied")
			}
		}
	}
	want := []tok{{ObjectBegin, 0}, {String, 1}, {String, 9}, {String, 15}, {String, 21}, {String, 28}, {Number, 32}, {ObjectEnd, 37}, {End, 38}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("token %d = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestScannerReset(t *testing.T) {
	t.Parallel()
	var s Scanner
	s.Reset([]byte(`[1`))
	skip(t, &s, 2)
	if _, err := s.Next(); err == nil {
		t.Fatal("want an error for `[1`")
	}
	s.Reset([]byte(`"\t"`))
	if k, err := s.Next(); k != String || err != nil || s.Text() != "\t" {
		t.Fatalf("after Reset: %v %v %q", k, err, s.Text())
	}
	if k, _ := s.Next(); k != End {
		t.Fatalf("after Reset: %v, want End", k)
	}
}

func TestPeekKind(t *testing.T) {
	t.Parallel()
	// Before each Next, PeekKind must name the kind Next returns.
	for _, in := range []string{
		`{"a":[1,"x",true,false,null,{}],"b":{"c":-1}}`,
		` [ [ ] , { } ] `,
		`"s"`,
		`-3`,
	} {
		s := NewScanner([]byte(in))
		for {
			peek := s.PeekKind()
			k, err := s.Next()
			if err != nil {
				t.Fatalf("%s: %v", in, err)
			}
			if peek != k {
				t.Errorf("%s at %d: PeekKind %v, Next %v", in, s.Offset(), peek, k)
			}
			if k == End {
				break
			}
		}
	}
	for _, tc := range []struct {
		in   string
		skip int // tokens to read first
	}{
		{`x`, 0},
		{`1 2`, 1},
		{`[1 2]`, 2},
		{`{"a" 1}`, 2},
		{`{"a":1 2}`, 3},
		{`{1}`, 1},
		{``, 0},
		{`[`, 1},
	} {
		s := NewScanner([]byte(tc.in))
		skip(t, s, tc.skip)
		if k := s.PeekKind(); k != Invalid {
			t.Errorf("%s after %d tokens: PeekKind %v, want Invalid", tc.in, tc.skip, k)
		}
	}
}

func TestSkip(t *testing.T) {
	t.Parallel()
	s := NewScanner([]byte(`{"a":{"x":[1,{"y":[]}]},"b":"k\u0065ep","c":[[]] }`))
	skip(t, s, 2) // { "a"
	raw, err := s.Skip()
	if err != nil || string(raw) != `{"x":[1,{"y":[]}]}` || s.SkippedDepth() != 4 {
		t.Fatalf("Skip = %s, %v, depth %d", raw, err, s.SkippedDepth())
	}
	if k, _ := s.Next(); k != String || s.Text() != "b" {
		t.Fatalf("after Skip: %v %q", k, s.Text())
	}
	if raw, err := s.Skip(); err != nil || string(raw) != `"k\u0065ep"` || s.SkippedDepth() != 0 { // a scalar, as written
		t.Fatalf("Skip = %s, %v, depth %d", raw, err, s.SkippedDepth())
	}
	skip(t, s, 1) // "c"
	if raw, err := s.Skip(); err != nil || string(raw) != `[[]]` || s.SkippedDepth() != 2 {
		t.Fatalf("Skip = %s, %v, depth %d", raw, err, s.SkippedDepth())
	}
	if k, _ := s.Next(); k != ObjectEnd {
		t.Fatalf("got %v, want end of object", k)
	}
	_, err = s.Skip() // at the end: nothing to skip
	if err == nil || err.Error() != "offset 50: expected a value, found end of input" {
		t.Fatalf("Skip at end: %v", err)
	}

	s = NewScanner([]byte(`[1,2]`))
	skip(t, s, 3)
	if _, err := s.Skip(); err == nil || err.Error() != "offset 4: expected a value, found end of array" {
		t.Fatalf("Skip at ']': %v", err)
	}

	if _, err := NewScanner([]byte(`x`)).Skip(); err == nil {
		t.Fatal("Skip over a bad first token")
	}

	s = NewScanner([]byte(`[{"a":[1,}]`))
	if _, err := s.Skip(); err == nil || err.Error() != "offset 9: unexpected '}', expected a value" {
		t.Fatalf("Skip over bad JSON: %v", err)
	}
}

func TestExpect(t *testing.T) {
	t.Parallel()
	s := NewScanner([]byte(`{"a": 5}`))
	if err := s.Expect(ObjectBegin); err != nil {
		t.Fatal(err)
	}
	if err := s.Expect(String); err != nil {
		t.Fatal(err)
	}
	err := s.Expect(String)
	if err == nil || err.Error() != "offset 6: expected string, found number" {
		t.Fatalf("got %v", err)
	}
	if err := NewScanner([]byte(`]`)).Expect(ArrayEnd); err == nil {
		t.Fatal("a syntax error must come through Expect")
	}
}

func TestKindString(t *testing.T) {
	t.Parallel()
	if ObjectEnd.String() != "end of object" || End.String() != "end of input" || Kind(99).String() != "kind 99" {
		t.Error("Kind names changed")
	}
}

func TestMembers(t *testing.T) {
	t.Parallel()
	s := NewScanner([]byte(`{"a":1,"b":[true]}`))
	var keys []string
	err := s.Members(func(key string) error {
		keys = append(keys, key)
		_, err := s.Skip()
		return err
	})
	if err != nil || len(keys) != 2 || keys[0] != "a" || keys[1] != "b" {
		t.Fatalf("keys %v, err %v", keys, err)
	}
	if err := NewScanner([]byte(`[1]`)).Members(func(string) error { return nil }); err == nil {
		t.Fatal("an array read as an object")
	}
	stop := errors.New("stop")
	s = NewScanner([]byte(`{"a":1}`))
	if err := s.Members(func(string) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("fn's error not returned: %v", err)
	}
}
