package rt

import (
	"errors"
	"math"
	"strconv"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// subakoOpen reads the '{' or '[' that begins an object or an array.
func subakoOpen(s *jsonwire.Scanner, want jsonwire.Kind) error {
	k, err := s.Next()
	if err != nil {
		return err
	}
	if k != want {
		if want == jsonwire.ObjectBegin {
			return subakoMismatch("an object", k)
		}
		return subakoMismatch("an array", k)
	}
	return nil
}

// subakoString reads a string.
func subakoString(s *jsonwire.Scanner) (string, error) {
	k, err := s.Next()
	if err != nil {
		return "", err
	}
	if k != jsonwire.String {
		return "", subakoMismatch("a string", k)
	}
	return s.Text(), nil
}

// subakoInt reads an integer that fits in bits bits, signed. Any spelling
// of an integral value is one (2, 2.0, 2e0), as in JSON Schema.
func subakoInt(s *jsonwire.Scanner, bits int) (int64, error) {
	k, err := s.Next()
	if err != nil {
		return 0, err
	}
	if k != jsonwire.Number {
		return 0, subakoMismatch("an integer", k)
	}
	return jsonwire.ParseInt(s.Num(), bits)
}

// subakoUint reads an integer that fits in bits bits, unsigned.
func subakoUint(s *jsonwire.Scanner, bits int) (uint64, error) {
	k, err := s.Next()
	if err != nil {
		return 0, err
	}
	if k != jsonwire.Number {
		return 0, subakoMismatch("an integer", k)
	}
	return jsonwire.ParseUint(s.Num(), bits)
}

// subakoIntIn reads an integer at 64 bits for a member whose schema bounds
// the decoder checks next: a value past 64 bits fails in the schema's
// words, below or above (its minimum or maximum, or the Go type's when the
// schema states none, which is what the schema says then), never in Go's.
func subakoIntIn(s *jsonwire.Scanner, below, above string) (int64, error) {
	n, err := subakoInt(s, 64)
	return n, subakoBeyond(err, s, below, above)
}

// subakoUintIn is subakoIntIn for unsigned integers: a negative value is
// below.
func subakoUintIn(s *jsonwire.Scanner, below, above string) (uint64, error) {
	n, err := subakoUint(s, 64)
	return n, subakoBeyond(err, s, below, above)
}

// subakoBeyond turns a range error of the number s just read into below or
// above, by its sign.
func subakoBeyond(err error, s *jsonwire.Scanner, below, above string) error {
	if !errors.Is(err, jsonwire.ErrRange) {
		return err
	}
	if num := s.Num(); len(num) > 0 && num[0] == '-' {
		return errors.New(below)
	}
	return errors.New(above)
}

// subakoFloat reads a number as a float64, or as the float32 nearest to it
// when bits is 32.
func subakoFloat(s *jsonwire.Scanner, bits int) (float64, error) {
	k, err := s.Next()
	if err != nil {
		return 0, err
	}
	if k != jsonwire.Number {
		return 0, subakoMismatch("a number", k)
	}
	return jsonwire.ParseFloat(s.Num(), bits)
}

// subakoBool reads true or false.
func subakoBool(s *jsonwire.Scanner) (bool, error) {
	k, err := s.Next()
	if err != nil {
		return false, err
	}
	switch k {
	case jsonwire.True:
		return true, nil
	case jsonwire.False:
		return false, nil
	}
	return false, subakoMismatch("a boolean", k)
}

// subakoMultipleOf reports whether the number written num is a multiple of
// m×10^-k, exactly, as JSON Schema compares decimals (0.3 is a multiple of
// 0.1). f is num's value and mf the multiple's, for numbers too large to
// scale exactly.
func subakoMultipleOf(num []byte, m int64, k int, f, mf float64) bool {
	mant, exp := num, 0
	for i, c := range num {
		if c == 'e' || c == 'E' {
			e, err := strconv.Atoi(string(num[i+1:]))
			if err != nil {
				return subakoMultipleOfFloat(f, mf)
			}
			mant, exp = num[:i], e
			break
		}
	}
	scaled := append(append(append(make([]byte, 0, len(mant)+8), mant...), 'e'), strconv.Itoa(exp+k)...)
	n, err := jsonwire.ParseInt(scaled, 64)
	switch {
	case err == nil:
		return n%m == 0
	case errors.Is(err, jsonwire.ErrNotInteger):
		return false
	}
	return subakoMultipleOfFloat(f, mf)
}

func subakoMultipleOfFloat(f, mf float64) bool {
	q := f / mf
	return !math.IsInf(q, 0) && q == math.Trunc(q)
}
