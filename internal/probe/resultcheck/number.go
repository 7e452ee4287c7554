package resultcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// UnreadableNumber (P056): the result holds a number past a double's
// range (Subako's client, which reads JSON numbers as float64, cannot read
// the result), or one subakogo does not read exactly (past
// offlineschema.HugeNumber: more than 1,000 characters or an exponent past
// ±1,000). It is reported beside the result's other problems, never in
// their place (attack pass 51b, row 3: a member "x":1e1001 made every
// check of the result not-checked, and a result that is no
// CallToolResult passed).
const UnreadableNumber Kind = "unreadable-number"

// numberProblem names the first number of doc (a decoded result), in the
// order of the members' names so that the finding does not move run to
// run, that a double cannot hold or that HugeNumber finds; ok is false
// when there is none. Each number is parsed once by strconv (linear in its
// bytes).
func numberProblem(doc any) (Problem, bool) {
	n, overflow, ok := walkNumbers(doc, true)
	if !ok {
		return Problem{}, false
	}
	if overflow {
		return Problem{UnreadableNumber, fmt.Sprintf("the result holds the number %s, past a double's range (about 1.8e308): Subako's client, which reads JSON numbers as float64, cannot read the result", shortNumber(n))}, true
	}
	f, _ := strconv.ParseFloat(string(n), 64)
	return Problem{UnreadableNumber, fmt.Sprintf("the result holds the number %s, of more than 1,000 characters or with an exponent past 1,000, which subakogo does not read exactly (a double reads it as %s)", shortNumber(n), strconv.FormatFloat(f, 'g', -1, 64))}, true
}

// walkNumbers finds a number of v a double cannot hold (overflow) or that
// HugeNumber finds: the first in the decoder's order, or in the order of
// the members' names when sorted.
func walkNumbers(v any, sorted bool) (n json.Number, overflow, ok bool) {
	switch v := v.(type) {
	case json.Number:
		if _, err := strconv.ParseFloat(string(v), 64); errors.Is(err, strconv.ErrRange) {
			return v, true, true
		}
		if _, huge := offlineschema.HugeNumber(v); huge {
			return v, false, true
		}
	case map[string]any:
		if !sorted {
			for _, e := range v {
				if n, o, ok := walkNumbers(e, false); ok {
					return n, o, true
				}
			}
			break
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if n, o, ok := walkNumbers(v[k], true); ok {
				return n, o, true
			}
		}
	case []any:
		for _, e := range v {
			if n, o, ok := walkNumbers(e, sorted); ok {
				return n, o, true
			}
		}
	}
	return "", false, false
}

// clientReading is doc as Subako's client reads it, the one reading every
// check of a result judges: each number whose exact value is not that of
// the shortest form of the double a float64 reader holds for it (Go's
// encoding/json, JavaScript's JSON.parse: the nearest double) is replaced
// by that form (strconv.FormatFloat(f, 'g', -1, 64); ±1e309 past a
// double's range). The schema library reads numbers exactly (big.Rat), so
// without it {"n":1e-400} passed exclusiveMinimum: 0 though a client reads
// 0, and a priority of -1e-400 broke minimum: 0 though a client reads -0
// (attack pass 51e, rows 2 and 3). doc itself is not changed: the objects
// and arrays on the way to a replaced number are copied, the rest shared.
// unreadable says whether a number a double cannot hold or HugeNumber
// finds was met (numberProblem names it). One walk.
func clientReading(doc any) (out any, unreadable bool) {
	var r reader
	out, _ = r.value(doc)
	return out, r.unreadable
}

type reader struct {
	buf        [32]byte
	unreadable bool
}

func (r *reader) value(doc any) (any, bool) {
	switch v := doc.(type) {
	case json.Number:
		if n, changed := r.number(v); changed {
			return n, true
		}
	case map[string]any:
		var out map[string]any
		for k, e := range v {
			n, changed := r.value(e)
			if !changed {
				continue
			}
			if out == nil {
				out = maps.Clone(v)
			}
			out[k] = n
		}
		if out != nil {
			return out, true
		}
	case []any:
		var out []any
		for i, e := range v {
			n, changed := r.value(e)
			if !changed {
				continue
			}
			if out == nil {
				out = slices.Clone(v)
			}
			out[i] = n
		}
		if out != nil {
			return out, true
		}
	}
	return doc, false
}

// number is n as a client reads it, changed when n is not exactly that
// double's shortest form.
func (r *reader) number(n json.Number) (json.Number, bool) {
	if smallInteger(n) {
		return n, false
	}
	_, huge := offlineschema.HugeNumber(n)
	f, err := strconv.ParseFloat(string(n), 64)
	if errors.Is(err, strconv.ErrRange) {
		r.unreadable = true
		if f < 0 {
			return "-1e309", true
		}
		return "1e309", true
	}
	r.unreadable = r.unreadable || huge
	s := strconv.AppendFloat(r.buf[:0], f, 'g', -1, 64)
	if string(s) == string(n) {
		return n, false
	}
	read := string(s)
	if !huge && sameDecimal(string(n), read) {
		return n, false
	}
	return json.Number(read), true
}

// readAs is n as a client reads it, and whether that is another value
// than n's own.
func readAs(n json.Number) (json.Number, bool) {
	var r reader
	return r.number(n)
}

// smallInteger: n is an integer of at most 15 digits, which a double
// holds exactly.
func smallInteger(n json.Number) bool {
	s := strings.TrimPrefix(string(n), "-")
	if len(s) > 15 || s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// sameDecimal says whether two JSON numbers (under HugeNumber) are the
// same value, the sign of a zero included.
func sameDecimal(a, b string) bool {
	an, ai, af, ae := decimal(a)
	bn, bi, bf, be := decimal(b)
	if an != bn {
		return false
	}
	if ai+af == "" || bi+bf == "" {
		return ai+af == bi+bf
	}
	return ae == be && joinedEqual(ai, af, bi, bf)
}

// decimal reads a JSON number as a sign and significant digits i then f
// (their concatenation, without leading or trailing zeros; both empty for
// a zero) and e, where the value is 0.(i f) × 10^e.
func decimal(s string) (neg bool, i, f string, e int) {
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	mant, exp, _ := strings.Cut(strings.ToLower(s), "e")
	i, f, _ = strings.Cut(mant, ".")
	if exp != "" {
		sign := 1
		switch exp[0] {
		case '-':
			sign, exp = -1, exp[1:]
		case '+':
			exp = exp[1:]
		}
		v, _ := strconv.Atoi(strings.TrimLeft(exp, "0")) // under HugeNumber: at most 4 digits
		e = sign * v
	}
	i = strings.TrimLeft(i, "0")
	e += len(i)
	if i == "" {
		z := len(f) - len(strings.TrimLeft(f, "0"))
		f, e = f[z:], e-z
	}
	if f = strings.TrimRight(f, "0"); f == "" {
		i = strings.TrimRight(i, "0")
	}
	return neg, i, f, e
}

// joinedEqual says whether a1+a2 == b1+b2, without joining them.
func joinedEqual(a1, a2, b1, b2 string) bool {
	if len(a1)+len(a2) != len(b1)+len(b2) {
		return false
	}
	if len(a1) > len(b1) {
		a1, a2, b1, b2 = b1, b2, a1, a2
	}
	k := len(b1) - len(a1)
	return b1[:len(a1)] == a1 && b1[len(a1):] == a2[:k] && a2[k:] == b2
}

// sentAs is a note for a failure at pointer (in the value validated, orig
// as the result sent it) when the value there is a number a client reads
// as another: the message prints the double judged, the note the number
// as it was sent (bounded; a decoded json.Number holds only the number's
// grammar). "" otherwise.
func sentAs(orig any, pointer string) string {
	v := orig
	if pointer != "" {
		for _, tok := range strings.Split(pointer[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch c := v.(type) {
			case map[string]any:
				v = c[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(c) {
					return ""
				}
				v = c[i]
			default:
				return ""
			}
		}
	}
	n, ok := v.(json.Number)
	if !ok {
		return ""
	}
	read, changed := readAs(n)
	if !changed {
		return ""
	}
	if read == "1e309" || read == "-1e309" {
		return fmt.Sprintf(" (the result sent %s, past a double's range)", shortNumber(n))
	}
	return fmt.Sprintf(" (the result sent %s, which a client reads as %s)", shortNumber(n), shortNumber(read))
}

// shortNumber is n cut to 40 bytes, with its length when cut.
func shortNumber(n json.Number) string {
	if len(n) <= 40 {
		return string(n)
	}
	return fmt.Sprintf("%s... (%d bytes)", n[:40], len(n))
}
