package resultcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

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

// numberProblem finds the first number of doc (a decoded result) that a
// double cannot hold or that HugeNumber finds, and says why it is
// reported; ok is false when there is none. One walk, each number parsed
// once by strconv (linear in its bytes).
func numberProblem(doc any) (Problem, bool) {
	n, overflow, ok := firstUnreadable(doc)
	if !ok {
		return Problem{}, false
	}
	if overflow {
		return Problem{UnreadableNumber, fmt.Sprintf("the result holds the number %s, past a double's range (about 1.8e308): Subako's client, which reads JSON numbers as float64, cannot read the result", shortNumber(n))}, true
	}
	f, _ := strconv.ParseFloat(string(n), 64)
	return Problem{UnreadableNumber, fmt.Sprintf("the result holds the number %s, of more than 1,000 characters or with an exponent past 1,000, which subakogo does not read exactly (a double reads it as %s)", shortNumber(n), strconv.FormatFloat(f, 'g', -1, 64))}, true
}

// firstUnreadable walks v for a number a double cannot hold (overflow)
// or that HugeNumber finds: a walk in the decoder's order says whether
// there is one, and only then a walk in the order of the members' names
// names the first, so that the finding does not move run to run.
func firstUnreadable(v any) (n json.Number, overflow, ok bool) {
	if _, _, ok := walkNumbers(v, false); !ok {
		return "", false, false
	}
	return walkNumbers(v, true)
}

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

// readable is doc with each number HugeNumber finds replaced by the
// double Subako's client reads for it (±1e309 past a double's range), so
// that the checks that read numbers (MCP's schema: a block's priority, a
// link's size) judge what the client would see without reading the huge
// one exactly. doc itself is not changed: the objects and arrays on the
// way to such a number are copied, the rest shared. One walk.
func readable(doc any) (any, bool) {
	switch v := doc.(type) {
	case json.Number:
		if _, huge := offlineschema.HugeNumber(v); !huge {
			return v, false
		}
		f, err := strconv.ParseFloat(string(v), 64)
		if errors.Is(err, strconv.ErrRange) {
			if f < 0 {
				return json.Number("-1e309"), true
			}
			return json.Number("1e309"), true
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
	case map[string]any:
		var out map[string]any
		for k, e := range v {
			r, changed := readable(e)
			if !changed {
				continue
			}
			if out == nil {
				out = maps.Clone(v)
			}
			out[k] = r
		}
		if out == nil {
			return v, false
		}
		return out, true
	case []any:
		var out []any
		for i, e := range v {
			r, changed := readable(e)
			if !changed {
				continue
			}
			if out == nil {
				out = slices.Clone(v)
			}
			out[i] = r
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	return doc, false
}

// shortNumber is n cut to 40 bytes, with its length when cut.
func shortNumber(n json.Number) string {
	if len(n) <= 40 {
		return string(n)
	}
	return fmt.Sprintf("%s... (%d bytes)", n[:40], len(n))
}
