package tooldiff

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
)

// decimal is a JSON number read exactly from its literal, whatever its
// size (1e400 is past float64, 1e1000000000 past any big.Rat one would
// want to build): value = sign × 0.digits × 10^exp, digits without
// leading or trailing zeros ("" for zero). Comparing two is linear in
// their lengths.
type decimal struct {
	neg    bool
	digits string
	exp    int64
}

// parseDecimal reads a JSON number literal.
func parseDecimal(s string) (decimal, bool) {
	var d decimal
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mant, expPart, hasExp := strings.Cut(strings.ToLower(s), "e")
	var e int64
	if hasExp {
		v, err := strconv.ParseInt(strings.TrimPrefix(expPart, "+"), 10, 64)
		if err != nil || v > 1<<40 || v < -(1<<40) {
			return decimal{}, false
		}
		e = v
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) {
		return decimal{}, false
	}
	all := intPart + frac
	lead := len(all) - len(strings.TrimLeft(all, "0"))
	all = strings.TrimRight(all[lead:], "0")
	if all == "" {
		return decimal{}, true // zero, of either sign
	}
	d.digits = all
	d.exp = e + int64(len(intPart)) - int64(lead)
	return d, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cmpDecimal is -1, 0 or 1 as a <, ==, > b.
func cmpDecimal(a, b decimal) int {
	sign := func(x decimal) int {
		switch {
		case x.digits == "":
			return 0
		case x.neg:
			return -1
		}
		return 1
	}
	sa, sb := sign(a), sign(b)
	if sa != sb || sa == 0 {
		return cmpInt(int64(sa), int64(sb))
	}
	c := cmpInt(a.exp, b.exp)
	if c == 0 {
		c = strings.Compare(a.digits, b.digits) // same exponent: digit by digit
	}
	return c * sa
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// isInteger reports whether d has no fractional part.
func (d decimal) isInteger() bool { return d.digits == "" || int64(len(d.digits)) <= d.exp }

// String is d's canonical literal: "0", "-1.25", "1e400".
func (d decimal) String() string {
	if d.digits == "" {
		return "0"
	}
	s := d.digits
	e := d.exp - int64(len(d.digits)) // value = digits × 10^e
	switch point := d.exp; {
	case e >= 0 && e <= 20:
		s += strings.Repeat("0", int(e))
	case e < 0 && point > 0:
		s = s[:point] + "." + s[point:]
	case e < 0 && point >= -20:
		s = "0." + strings.Repeat("0", int(-point)) + s
	default:
		s += "e" + strconv.FormatInt(e, 10)
	}
	if d.neg {
		s = "-" + s
	}
	return s
}

// maxRatExp bounds the exponent of a number turned into a big.Rat, for
// multipleOf: 10^1000 is a few hundred bytes; past it the answer is
// "not decided".
const maxRatExp = 1000

// number reads a JSON number as an exact rational, when it is not too
// large for one.
func number(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	d, ok := parseDecimal(string(n))
	if !ok || d.exp > maxRatExp || d.exp < -maxRatExp {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

// jsonDecimal reads a JSON number as a decimal.
func jsonDecimal(v any) (decimal, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return decimal{}, false
	}
	return parseDecimal(string(n))
}
