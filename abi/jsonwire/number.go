package jsonwire

import (
	"errors"
	"strconv"
)

// The reasons a NumberError gives, for errors.Is.
var (
	ErrSyntax     = errors.New("is not a JSON number")
	ErrNotInteger = errors.New("is not an integer")
	ErrRange      = errors.New("is out of range")
)

// NumberError says why number text could not become the Go number asked for.
type NumberError struct {
	Num   string // the number text, shortened if long
	Type  string // the Go type asked for: "int8", "uint64", "float32", ...
	Range string // for ErrRange on integers, the bounds: "-128 to 127"
	Err   error  // ErrSyntax, ErrNotInteger or ErrRange
}

func (e *NumberError) Error() string {
	msg := e.Num + " " + e.Err.Error()
	if errors.Is(e.Err, ErrRange) {
		msg += " for " + e.Type
		if e.Range != "" {
			msg += " (" + e.Range + ")"
		}
	}
	return msg
}

func (e *NumberError) Unwrap() error { return e.Err }

func numberError(num []byte, typ, bounds string, err error) *NumberError {
	text := string(num)
	switch {
	case text == "":
		text = `""`
	case len(text) > 40: // abi/... imports only the standard library: no internal/textutil here
		text = text[:37] + "..."
	}
	return &NumberError{Num: text, Type: typ, Range: bounds, Err: err}
}

// ParseInt converts number text to an integer of bitSize bits (8, 16, 32 or
// 64; 0 means 64). The conversion is exact: any spelling of an integral
// value is accepted ("12", "1.2e1", "120e-1"), as JSON Schema's "integer"
// accepts it, and a fraction or a value outside the type's range is an
// error rather than a rounded or wrapped result.
func ParseInt(num []byte, bitSize int) (int64, error) {
	if bitSize <= 0 || bitSize > 64 {
		bitSize = 64
	}
	limit := uint64(1) << uint(bitSize-1) // the magnitude of the minimum
	neg, mag, err := parseIntegral(num)
	switch {
	case err != nil:
	case neg && mag <= limit:
		return -int64(mag-1) - 1, nil // mag-1 fits even when mag is the limit
	case !neg && mag < limit:
		return int64(mag), nil
	default:
		err = ErrRange
	}
	bounds := "-" + strconv.FormatUint(limit, 10) + " to " + strconv.FormatUint(limit-1, 10)
	return 0, numberError(num, "int"+strconv.Itoa(bitSize), bounds, err)
}

// ParseUint is ParseInt for unsigned integers. A negative value other than
// zero is out of range.
func ParseUint(num []byte, bitSize int) (uint64, error) {
	if bitSize <= 0 || bitSize > 64 {
		bitSize = 64
	}
	max := ^uint64(0) >> uint(64-bitSize)
	neg, mag, err := parseIntegral(num)
	switch {
	case err != nil:
	case !neg && mag <= max:
		return mag, nil
	default:
		err = ErrRange
	}
	return 0, numberError(num, "uint"+strconv.Itoa(bitSize), "0 to "+strconv.FormatUint(max, 10), err)
}

// ParseFloat converts number text to the nearest float64, or float32 when
// bitSize is 32. A value too large for the type is ErrRange; a value too
// small rounds to zero, as strconv does.
func ParseFloat(num []byte, bitSize int) (float64, error) {
	typ := "float64"
	if bitSize == 32 {
		typ = "float32"
	}
	if end, _, msg := scanNumber(num, 0); msg != "" || end != len(num) {
		return 0, numberError(num, typ, "", ErrSyntax)
	}
	f, err := strconv.ParseFloat(string(num), bitSize)
	if err != nil {
		return 0, numberError(num, typ, "", ErrRange)
	}
	return f, nil
}

// parseIntegral returns the sign and magnitude of an integral number. It
// fails with ErrSyntax, ErrNotInteger, or ErrRange for magnitudes beyond 64
// bits. Zero is never negative.
func parseIntegral(num []byte) (neg bool, mag uint64, err error) {
	if end, _, msg := scanNumber(num, 0); msg != "" || end != len(num) {
		return false, 0, ErrSyntax
	}
	i := 0
	if num[0] == '-' {
		neg = true
		i++
	}
	// Collect the significant digits and the power of ten they are scaled by.
	var digits []byte
	exp := 0
	for ; i < len(num) && num[i] != '.' && num[i] != 'e' && num[i] != 'E'; i++ {
		digits = append(digits, num[i])
	}
	if i < len(num) && num[i] == '.' {
		for i++; i < len(num) && num[i] != 'e' && num[i] != 'E'; i++ {
			digits = append(digits, num[i])
			exp--
		}
	}
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	if len(digits) == 0 {
		return false, 0, nil
	}
	if i < len(num) {
		e, ok := exponent(num[i+1:])
		switch {
		case !ok && num[i+1] == '-':
			return false, 0, ErrNotInteger
		case !ok:
			return false, 0, ErrRange
		}
		exp += e
	}
	for digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	if exp < 0 {
		return false, 0, ErrNotInteger
	}
	if len(digits)+exp > 20 { // 2^64 has 20 digits
		return false, 0, ErrRange
	}
	var ok bool
	for _, c := range digits {
		if mag, ok = mulAdd(mag, uint64(c-'0')); !ok {
			return false, 0, ErrRange
		}
	}
	for ; exp > 0; exp-- {
		if mag, ok = mulAdd(mag, 0); !ok {
			return false, 0, ErrRange
		}
	}
	return neg, mag, nil
}

// mulAdd returns m*10+d, or false if that overflows uint64.
func mulAdd(m, d uint64) (uint64, bool) {
	if m > (^uint64(0)-d)/10 {
		return 0, false
	}
	return m*10 + d, true
}

// exponent parses an exponent's digits, with an optional sign; false means
// its magnitude is beyond any integer this package converts to.
func exponent(b []byte) (int, bool) {
	neg := false
	if b[0] == '+' || b[0] == '-' {
		neg = b[0] == '-'
		b = b[1:]
	}
	e := 0
	for _, c := range b {
		e = e*10 + int(c-'0')
		if e > 1<<30 {
			return 0, false
		}
	}
	if neg {
		e = -e
	}
	return e, true
}
