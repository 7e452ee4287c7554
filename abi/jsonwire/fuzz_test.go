package jsonwire

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// The seed corpus is committed in testdata/fuzz/<FuzzName>/, so a plain
// "go test" runs every seed; to fuzz, run for example
//
//	go test ./abi/jsonwire -run '^$' -fuzz '^FuzzScanner$' -fuzztime 1m

// stricterThanStd reports whether err is the one refusal this Scanner makes
// on purpose where encoding/json accepts: nesting deeper than MaxDepth
// (encoding/json allows 10000 levels).
func stricterThanStd(err error) bool {
	var e *Error
	return errors.As(err, &e) && strings.HasPrefix(e.Msg, "objects and arrays nest deeper")
}

// FuzzScanner checks the Scanner's verdict and tokens against encoding/json.
func FuzzScanner(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Validate(data)
		stdValid := json.Valid(data)
		switch {
		case err == nil && !stdValid:
			t.Fatalf("Scanner accepts what encoding/json refuses: %q", data)
		case err != nil && stdValid && !stricterThanStd(err):
			t.Fatalf("Scanner refuses what encoding/json accepts: %q: %v", data, err)
		case err != nil:
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(data) {
				t.Fatalf("error %v has no offset within the input", err)
			}
			return
		}
		// Both accept: AppendCompact keeps the value and makes it UTF-8,
		// and the token streams must agree.
		compact, err := AppendCompact(nil, data)
		if err != nil || !utf8.Valid(compact) || !reflect.DeepEqual(decodeStd(t, data), decodeStd(t, compact)) {
			t.Fatalf("AppendCompact(%q) = %q, %v", data, compact, err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		s := NewScanner(data)
		for {
			k, err := s.Next()
			if err != nil {
				t.Fatalf("Next after Validate passed: %v", err)
			}
			tok, stdErr := dec.Token()
			if k == End {
				if stdErr != io.EOF {
					t.Fatalf("Scanner ended, encoding/json has %v, %v", tok, stdErr)
				}
				return
			}
			if stdErr != nil {
				t.Fatalf("encoding/json Token: %v", stdErr)
			}
			var same bool
			switch v := tok.(type) {
			case json.Delim:
				same = v == '{' && k == ObjectBegin || v == '}' && k == ObjectEnd ||
					v == '[' && k == ArrayBegin || v == ']' && k == ArrayEnd
			case string:
				same = k == String && string(s.Str()) == v
			case json.Number:
				same = k == Number && string(s.Num()) == string(v)
			case bool:
				same = v && k == True || !v && k == False
			case nil:
				same = k == Null
			}
			if !same {
				t.Fatalf("token at %d: Scanner %v %q, encoding/json %#v", s.Offset(), k, s.Str(), tok)
			}
		}
	})
}

// decodeStd decodes data with encoding/json, numbers as written.
func decodeStd(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("encoding/json cannot decode %q: %v", data, err)
	}
	return v
}

// FuzzAppendString checks AppendString against encoding/json (without HTML
// escaping) and reads its output back with the Scanner.
func FuzzAppendString(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		got := AppendString(nil, s)
		if want := stdString(t, s); string(got) != want {
			t.Fatalf("AppendString(%q) = %s, encoding/json %s", s, got, want)
		}
		sc := NewScanner(got)
		if k, err := sc.Next(); k != String || err != nil {
			t.Fatalf("reading back %s: %v %v", got, k, err)
		}
		// Valid text comes back as it was; invalid UTF-8 was replaced.
		back := string(sc.Str())
		if utf8.ValidString(s) && back != s {
			t.Fatalf("round trip of %q gave %q", s, back)
		}
		// serde_json's form reads back as the same string.
		serde := AppendStringAsSerde(nil, s)
		sc = NewScanner(serde)
		if k, err := sc.Next(); k != String || err != nil || string(sc.Str()) != back {
			t.Fatalf("reading back %s: %v %v %q, want %q", serde, k, err, sc.Str(), back)
		}
	})
}

// FuzzAppendFloat checks AppendFloat against encoding/json, for float64 and
// float32, and that the text reads back as the same value.
func FuzzAppendFloat(f *testing.F) {
	f.Fuzz(func(t *testing.T, v float64) {
		for _, bits := range []int{64, 32} {
			got, err := AppendFloat(nil, v, bits)
			var std []byte
			var stdErr error
			if bits == 32 {
				std, stdErr = json.Marshal(float32(v))
			} else {
				std, stdErr = json.Marshal(v)
			}
			if (err != nil) != (stdErr != nil) || err == nil && string(got) != string(std) {
				t.Fatalf("AppendFloat(%v, %d) = %s, %v; encoding/json %s, %v", v, bits, got, err, std, stdErr)
			}
			if err != nil {
				continue
			}
			back, err := ParseFloat(got, bits)
			want := v
			if bits == 32 {
				want = float64(float32(v))
			}
			if err != nil || back != want {
				t.Fatalf("ParseFloat(%s, %d) = %v, %v; want %v", got, bits, back, err, want)
			}
		}
	})
}

// FuzzParseInt checks ParseInt and ParseUint against exact rational
// arithmetic: an integral value in range must convert, anything else must not.
func FuzzParseInt(f *testing.F) {
	f.Fuzz(func(t *testing.T, num string) {
		if i := strings.IndexAny(num, "eE"); i >= 0 && len(num)-i > 5 {
			return // big.Rat would spend its time on a huge power of ten
		}
		var want *big.Int
		if end, _, msg := scanNumber([]byte(num), 0); msg == "" && end == len(num) {
			if r, ok := new(big.Rat).SetString(num); ok && r.IsInt() {
				want = r.Num()
			}
		}
		for _, bits := range []int{8, 16, 32, 64} {
			min := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)))
			max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)), big.NewInt(1))
			got, err := ParseInt([]byte(num), bits)
			fits := want != nil && want.Cmp(min) >= 0 && want.Cmp(max) <= 0
			if fits != (err == nil) || fits && want.Int64() != got {
				t.Fatalf("ParseInt(%q, %d) = %d, %v; exact value %v", num, bits, got, err, want)
			}
			umax := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
			ugot, err := ParseUint([]byte(num), bits)
			fits = want != nil && want.Sign() >= 0 && want.Cmp(umax) <= 0
			if fits != (err == nil) || fits && want.Uint64() != ugot {
				t.Fatalf("ParseUint(%q, %d) = %d, %v; exact value %v", num, bits, ugot, err, want)
			}
		}
	})
}
