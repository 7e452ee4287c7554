package jsonwire

import (
	"errors"
	"math"
	"strconv"
	"testing"
)

func TestParseInt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		bits int
		want int64
		err  string
	}{
		{"0", 64, 0, ""},
		{"-0", 64, 0, ""},
		{"-0.0e5", 64, 0, ""},
		{"42", 0, 42, ""},
		{"1.0", 64, 1, ""},
		{"1.20e1", 64, 12, ""},
		{"120e-1", 64, 12, ""},
		{"1e2", 64, 100, ""},
		{"0.000e999999999999", 64, 0, ""},
		{"9223372036854775807", 64, math.MaxInt64, ""},
		{"-9223372036854775808", 64, math.MinInt64, ""},
		{"-9.223372036854775808e18", 64, math.MinInt64, ""},
		{"127", 8, 127, ""},
		{"-128", 8, -128, ""},
		{"-2147483648", 32, math.MinInt32, ""},
		{"9223372036854775808", 64, 0, "9223372036854775808 is out of range for int64 (-9223372036854775808 to 9223372036854775807)"},
		{"-9223372036854775809", 64, 0, "-9223372036854775809 is out of range for int64 (-9223372036854775808 to 9223372036854775807)"},
		{"128", 8, 0, "128 is out of range for int8 (-128 to 127)"},
		{"-129", 8, 0, "-129 is out of range for int8 (-128 to 127)"},
		{"1e20", 64, 0, "1e20 is out of range for int64 (-9223372036854775808 to 9223372036854775807)"},
		{"1e999999999999", 16, 0, "1e999999999999 is out of range for int16"},
		{"123456789012345678901234567890", 64, 0, "123456789012345678901234567890 is out of range for int64"},
		{"1.5", 64, 0, "1.5 is not an integer"},
		{"1e-1", 64, 0, "1e-1 is not an integer"},
		{"5e-999999999999", 64, 0, "5e-999999999999 is not an integer"},
		{"0.1e1", 64, 1, ""},
		{"01", 64, 0, "01 is not a JSON number"},
		{"", 64, 0, `"" is not a JSON number`},
		{"1 ", 64, 0, "1  is not a JSON number"},
		{"0x10", 64, 0, "0x10 is not a JSON number"},
		{"1_000", 64, 0, "1_000 is not a JSON number"},
		{"1234567890123456789012345678901234567890.5", 64, 0, "1234567890123456789012345678901234567... is not an integer"},
	} {
		got, err := ParseInt([]byte(tc.in), tc.bits)
		if tc.err == "" {
			if err != nil || got != tc.want {
				t.Errorf("ParseInt(%q, %d) = %d, %v; want %d", tc.in, tc.bits, got, err, tc.want)
			}
			continue
		}
		if err == nil || got != 0 || !startsWith(err.Error(), tc.err) {
			t.Errorf("ParseInt(%q, %d) = %d, %v; want error %q", tc.in, tc.bits, got, err, tc.err)
		}
	}
}

func startsWith(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

func TestParseUint(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		bits int
		want uint64
		err  string
	}{
		{"18446744073709551615", 64, math.MaxUint64, ""},
		{"1.8446744073709551615e19", 0, math.MaxUint64, ""},
		{"-0", 64, 0, ""},
		{"255", 8, 255, ""},
		{"4294967295", 32, math.MaxUint32, ""},
		{"18446744073709551616", 64, 0, "18446744073709551616 is out of range for uint64 (0 to 18446744073709551615)"},
		{"99999999999999999999", 64, 0, "99999999999999999999 is out of range for uint64 (0 to 18446744073709551615)"},
		{"256", 8, 0, "256 is out of range for uint8 (0 to 255)"},
		{"2e19", 64, 0, "2e19 is out of range for uint64 (0 to 18446744073709551615)"},
		{"-1", 64, 0, "-1 is out of range for uint64 (0 to 18446744073709551615)"},
		{"2.5", 64, 0, "2.5 is not an integer"},
	} {
		got, err := ParseUint([]byte(tc.in), tc.bits)
		if tc.err == "" {
			if err != nil || got != tc.want {
				t.Errorf("ParseUint(%q, %d) = %d, %v; want %d", tc.in, tc.bits, got, err, tc.want)
			}
			continue
		}
		if err == nil || err.Error() != tc.err {
			t.Errorf("ParseUint(%q, %d) = %d, %v; want error %q", tc.in, tc.bits, got, err, tc.err)
		}
	}
}

func TestParseFloat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		bits int
		want float64
		err  error
	}{
		{"0.1", 64, 0.1, nil},
		{"-2.5e-3", 64, -2.5e-3, nil},
		{"1e308", 64, 1e308, nil},
		{"1e-400", 64, 0, nil},
		{"3.4028234663852886e38", 32, math.MaxFloat32, nil},
		{"0.1", 32, float64(float32(0.1)), nil},
		{"1e309", 64, 0, ErrRange},
		{"1e39", 32, 0, ErrRange},
		{"-1e39", 32, 0, ErrRange},
		{"Inf", 64, 0, ErrSyntax},
		{"0x1p3", 64, 0, ErrSyntax},
		{".5", 64, 0, ErrSyntax},
	} {
		got, err := ParseFloat([]byte(tc.in), tc.bits)
		if !errors.Is(err, tc.err) || got != tc.want {
			t.Errorf("ParseFloat(%q, %d) = %v, %v; want %v, %v", tc.in, tc.bits, got, err, tc.want, tc.err)
		}
	}
	_, err := ParseFloat([]byte("1e39"), 32)
	if err.Error() != "1e39 is out of range for float32" {
		t.Errorf("message %q", err)
	}
}

// Every int64 written by strconv reads back exactly, in plain and in
// scaled spellings.
func TestParseIntRoundTrip(t *testing.T) {
	t.Parallel()
	for _, v := range []int64{0, 1, -1, 7, 10, 1000, math.MaxInt64, math.MinInt64, math.MaxInt32, -123456789} {
		s := strconv.FormatInt(v, 10)
		spellings := []string{s, s + ".000", s + "e0", s + ".0E+0"}
		if v != 0 {
			spellings = append(spellings, s+"00e-2")
		}
		for _, spelled := range spellings {
			got, err := ParseInt([]byte(spelled), 64)
			if err != nil || got != v {
				t.Errorf("ParseInt(%q) = %d, %v; want %d", spelled, got, err, v)
			}
		}
	}
}
