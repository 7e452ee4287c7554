package jsonwire

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"testing"
	"unicode/utf8"
)

// stdString is encoding/json's encoding of s without HTML escaping.
func stdString(t testing.TB, s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func TestAppendString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"plain <&> text", `"plain <&> text"`},
		{"q\" b\\ s/", `"q\" b\\ s/"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001f` + "\x7f\""},
		{"é中😀", `"é中😀"`},
		{"a\u2028b\u2029c", `"a\u2028b\u2029c"`},
		{"bad\xffutf8\xc3", `"bad\ufffdutf8\ufffd"`},
		{"\ufffd", "\"\ufffd\""},
	} {
		got := string(AppendString([]byte("x"), tc.in))
		if got != "x"+tc.want {
			t.Errorf("AppendString(%q) = %s, want %s", tc.in, got[1:], tc.want)
		}
		if std := stdString(t, tc.in); got[1:] != std {
			t.Errorf("AppendString(%q) = %s, encoding/json %s", tc.in, got[1:], std)
		}
	}
}

// TestAppendStringAsSerde: serde_json's output for the same inputs, as
// serde_json's own format_escaped_str writes it (its ESCAPE table: '"',
// '\\', \b \f \n \r \t, other controls as lower-case \u00XX, nothing
// else); it differs from AppendString in U+2028 and U+2029 only, and
// writes an invalid byte as the character U+FFFD.
func TestAppendStringAsSerde(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"plain <&> text", `"plain <&> text"`},
		{"q\" b\\ s/", `"q\" b\\ s/"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001f` + "\x7f\""},
		{"é中😀", `"é中😀"`},
		{"a\u2028b\u2029c", "\"a\u2028b\u2029c\""},
		{"bad\xff", "\"bad\ufffd\""},
	} {
		if got := string(AppendStringAsSerde(nil, tc.in)); got != tc.want {
			t.Errorf("AppendStringAsSerde(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestAppendStringASCII: every ASCII byte, alone and between letters,
// written as encoding/json writes it and read back as itself (the escape
// tables of the writer and the scanner against each other).
func TestAppendStringASCII(t *testing.T) {
	t.Parallel()
	for c := range utf8.RuneSelf {
		for _, in := range []string{string(rune(c)), "a" + string(rune(c)) + "b"} {
			got := AppendString(nil, in)
			if std := stdString(t, in); string(got) != std {
				t.Errorf("AppendString(%q) = %s, encoding/json %s", in, got, std)
			}
			s := NewScanner(got)
			if k, err := s.Next(); k != String || err != nil || s.Text() != in {
				t.Errorf("reading back %s: %v %v %q", got, k, err, s.Text())
			}
		}
	}
}

func TestAppendFloat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f    float64
		bits int
		want string
	}{
		{0, 64, "0"},
		{math.Copysign(0, -1), 64, "-0"},
		{1, 64, "1"},
		{-2.5, 64, "-2.5"},
		{0.1, 64, "0.1"},
		{1e20, 64, "100000000000000000000"},
		{1e21, 64, "1e+21"},
		{1e-6, 64, "0.000001"},
		{1e-7, 64, "1e-7"},
		{123456789e-15, 64, "1.23456789e-7"},
		{math.MaxFloat64, 64, "1.7976931348623157e+308"},
		{5e-324, 64, "5e-324"},
		{0.1, 32, "0.1"},
		{float64(float32(0.1)), 64, "0.10000000149011612"},
		{1e21, 32, "1e+21"},
		{1e-7, 32, "1e-7"},
		{math.MaxFloat32, 32, "3.4028235e+38"},
		{16777217, 32, "16777216"},
	} {
		got, err := AppendFloat(nil, tc.f, tc.bits)
		if err != nil || string(got) != tc.want {
			t.Errorf("AppendFloat(%v, %d) = %s, %v; want %s", tc.f, tc.bits, got, err, tc.want)
		}
		var std []byte
		if tc.bits == 32 {
			std, _ = json.Marshal(float32(tc.f))
		} else {
			std, _ = json.Marshal(tc.f)
		}
		if string(got) != string(std) {
			t.Errorf("AppendFloat(%v, %d) = %s, encoding/json %s", tc.f, tc.bits, got, std)
		}
	}
	for _, tc := range []struct {
		f    float64
		bits int
	}{{math.NaN(), 64}, {math.Inf(1), 64}, {math.Inf(-1), 32}, {1e39, 32}} {
		got, err := AppendFloat([]byte("x"), tc.f, tc.bits)
		if !errors.Is(err, ErrNonFinite) || string(got) != "x" {
			t.Errorf("AppendFloat(%v, %d) = %q, %v; want ErrNonFinite", tc.f, tc.bits, got, err)
		}
	}
}

func TestAppendCompact(t *testing.T) {
	t.Parallel()
	in := "{\n  \"a b\": [ 1 , 2.5e3 ],\r\n\t\"s\": \"x \\\" y \\\\\",\n  \"t\" : true\n}\n"
	got, err := AppendCompact([]byte("="), []byte(in))
	want := `={"a b":[1,2.5e3],"s":"x \" y \\","t":true}`
	if err != nil || string(got) != want {
		t.Fatalf("AppendCompact = %s, %v; want %s", got, err, want)
	}
	got, err = AppendCompact([]byte("="), []byte(`{"a":1,}`))
	if err == nil || string(got) != "=" {
		t.Fatalf("invalid JSON: %q, %v", got, err)
	}
	// Invalid UTF-8 is replaced, valid text and escapes are kept as written.
	got, err = AppendCompact(nil, []byte("[\"é\xff \xe2\x82\", \"\\ud800\xc3\", \"\\ud83d\\ude00 \\udE00\\uD83D\\u00e9 \\\\ud800\"]"))
	if want := `["é\ufffd \ufffd\ufffd","\ufffd\ufffd","\ud83d\ude00 \ufffd\ufffd\u00e9 \\ud800"]`; err != nil || string(got) != want {
		t.Fatalf("not Unicode text: %s, %v; want %s", got, err, want)
	}
}

func TestWriter(t *testing.T) {
	t.Parallel()
	var w Writer
	w.Reset([]byte("> "))
	w.BeginObject()
	w.Key("s")
	w.String("a\"b")
	w.Key("n")
	w.BeginArray()
	w.Int(-1)
	w.Uint(18446744073709551615)
	w.Float(0.5, 64)
	w.Float(1e-7, 32)
	w.EndArray()
	w.Key("o")
	w.BeginObject()
	w.EndObject()
	w.Key("e")
	w.BeginArray()
	w.EndArray()
	w.Key("b")
	w.Bool(true)
	w.Key("f")
	w.Bool(false)
	w.Key("z")
	w.Null()
	w.Key("r")
	w.Raw([]byte(" [ 1, {\"k\" : null} ] "))
	w.EndObject()
	want := `> {"s":"a\"b","n":[-1,18446744073709551615,0.5,1e-7],"o":{},"e":[],"b":true,"f":false,"z":null,"r":[1,{"k":null}]}`
	if got := string(w.Bytes()); got != want || w.Err() != nil {
		t.Fatalf("got %s, %v\nwant %s", got, w.Err(), want)
	}
	if err := Validate(w.Bytes()[2:]); err != nil {
		t.Fatal(err)
	}

	w.Reset(nil)
	w.BeginArray()
	w.Float(math.NaN(), 64)
	w.Raw([]byte("{bad"))
	w.Float(math.Inf(1), 64)
	w.EndArray()
	if got := string(w.Bytes()); got != "[null,null,null]" || !errors.Is(w.Err(), ErrNonFinite) {
		t.Fatalf("got %s, %v; want [null,null,null] and the first error", got, w.Err())
	}
	w.Reset(nil)
	w.Raw([]byte("{bad"))
	var e *Error
	if !errors.As(w.Err(), &e) || e.Offset != 1 {
		t.Fatalf("Raw error %v", w.Err())
	}
}
