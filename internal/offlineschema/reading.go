package offlineschema

import (
	"encoding/json"
	"reflect"
	"strings"
)

// This file is the one home of what reading a JSON value (as
// jsonschema.UnmarshalJSON decodes it) costs the validator: reading it
// whole (hashing it for uniqueItems, comparing it with an enum's entries,
// reading its numbers exactly) and comparing it with a const, as its
// equals does. Work, Estimate's enums and their tests read these costs
// here, each value read once per walk (readings).

// reading is what reading a whole value costs, and what it holds.
type reading struct {
	// values counts it and every member and item, nested (as Values).
	values int
	// bytes is a step for each stringBytesPerWork of each string and
	// member name it holds.
	bytes int
	// numbers counts the numbers it holds, itself included; exact is
	// what reading them exactly costs (numberWork of each).
	numbers, exact int
}

// work is what reading the whole value costs, as the validator's hash
// and comparisons read it: a step for each value it holds, one for each
// stringBytesPerWork of its strings and names, and its numbers read
// exactly.
func (r reading) work() int { return r.values + r.bytes + r.exact }

// comparison is what the validator's equals(v, c) costs (work), and
// whether it finds the two unequal (differ), where it stops.
type comparison struct {
	work   int
	differ bool
}

// readings memoizes the readings of arrays and objects, and the
// comparisons of pairs of them, by address: a walk reads each value, and
// compares each pair, once, however many paths reach it (pass 46h: a
// const's numbers were read anew at each of 500 $refs, 0.88 s for a Work
// of 1,501). Work's walk and Estimate each have their own (Work may run
// on many goroutines on one Cost).
type readings struct {
	memo  map[uintptr]reading
	pairs map[[2]uintptr]comparison
	// read counts the members and items read and the pairs compared, each
	// once (for tests: no value is read twice).
	read int
}

// address is an array's or an object's identity, for the memos: the
// decoded values of a schema and of an instance never share one.
func address(v any) uintptr {
	return reflect.ValueOf(v).Pointer()
}

// of is v's reading.
func (r *readings) of(v any) reading {
	switch x := v.(type) {
	case string:
		return reading{values: 1, bytes: len(x) / stringBytesPerWork}
	case json.Number:
		return reading{values: 1, numbers: 1, exact: numberWork(x)}
	case []any:
		if len(x) == 0 {
			return reading{values: 1}
		}
	case map[string]any:
		if len(x) == 0 {
			return reading{values: 1}
		}
	default:
		return reading{values: 1}
	}
	key := address(v)
	if got, ok := r.memo[key]; ok {
		return got
	}
	got := reading{values: 1}
	add := func(e reading) {
		got.values += e.values
		got.bytes += e.bytes
		got.numbers += e.numbers
		got.exact += e.exact
	}
	switch x := v.(type) {
	case []any:
		r.read += len(x)
		for _, e := range x {
			add(r.of(e))
		}
	case map[string]any:
		r.read += len(x)
		for k, e := range x {
			got.bytes += len(k) / stringBytesPerWork
			add(r.of(e))
		}
	}
	if r.memo == nil {
		r.memo = map[uintptr]reading{}
	}
	r.memo[key] = got
	return got
}

// compare is what comparing instance value v with const c costs, as the
// validator's equals(v, c) walks them: it compares their types, and the
// lengths of two arrays, objects or strings, before anything else, and
// stops there when they differ (a step; pass 46h: a const of 100,000
// items was read whole against []); two arrays pair by pair up to the
// first pair that differs; two objects member by member, each of v's
// names looked up in c, in Go's map order, so any member may come first
// and each is counted; two numbers both read exactly (a big.Rat of each,
// numberWork); two strings of one length byte by byte. Arrays' and
// objects' comparisons are memoized.
func (r *readings) compare(v, c any) comparison {
	switch x := v.(type) {
	case []any:
		y, ok := c.([]any)
		if !ok || len(x) != len(y) {
			return comparison{work: 1, differ: true}
		}
		if len(x) == 0 {
			return comparison{work: 1}
		}
	case map[string]any:
		y, ok := c.(map[string]any)
		if !ok || len(x) != len(y) {
			return comparison{work: 1, differ: true}
		}
		if len(x) == 0 {
			return comparison{work: 1}
		}
	case string:
		y, ok := c.(string)
		if !ok || len(x) != len(y) {
			return comparison{work: 1, differ: true}
		}
		return comparison{work: 1 + len(x)/stringBytesPerWork, differ: x != y}
	case json.Number:
		y, ok := c.(json.Number)
		if !ok {
			return comparison{work: 1, differ: true}
		}
		return comparison{work: 1 + numberWork(x) + numberWork(y), differ: !mayEqual(x, y)}
	case bool:
		y, ok := c.(bool)
		return comparison{work: 1, differ: !ok || x != y}
	case nil:
		return comparison{work: 1, differ: c != nil}
	default:
		return comparison{work: 1, differ: true}
	}
	key := [2]uintptr{address(v), address(c)}
	if got, ok := r.pairs[key]; ok {
		return got
	}
	got := comparison{work: 1}
	switch x := v.(type) {
	case []any:
		y := c.([]any)
		for i := range x {
			r.read++
			p := r.compare(x[i], y[i])
			got.work += p.work
			if p.differ {
				got.differ = true
				break
			}
		}
	case map[string]any:
		y := c.(map[string]any)
		for k, e := range x {
			r.read++
			got.work += len(k) / stringBytesPerWork
			f, ok := y[k]
			if !ok {
				got.differ = true
				continue
			}
			p := r.compare(e, f)
			got.work += p.work
			got.differ = got.differ || p.differ
		}
	}
	if r.pairs == nil {
		r.pairs = map[[2]uintptr]comparison{}
	}
	r.pairs[key] = got
	return got
}

// mayEqual says whether two numbers may be equal as the validator judges
// them (exactly): false only where both are read (scalarKey) and differ.
func mayEqual(x, y json.Number) bool {
	if x == y {
		return true
	}
	kx, okx := scalarKey(x)
	ky, oky := scalarKey(y)
	return !okx || !oky || kx == ky
}

// constWork is what comparing v with a const c costs beyond the
// subschema's step (compare, less the step the subschema counts).
func (r *readings) constWork(c, v any) int {
	return r.compare(v, c).work - 1
}

// numberWork is what reading a JSON number exactly costs the validator
// beyond a step (it makes a big.Rat of it for an integer type, the
// bounds, multipleOf, const, enum and uniqueItems): a decimal mantissa of
// d digits costs about d²/2^17 steps and its exponent e (what is left
// after the fraction's digits, up to the 10^6 past which big.Rat refuses
// it at once) about e²/2^23, each with a linear term for the small ones
// (twice what was measured, for a slower machine's reading).
// Measured here: 1e999999 41 ms, 1e100000 0.54 ms, 100,000 digits 27 ms,
// 10,000 digits 0.21 ms. Attack pass 46c, row 5: numbers were a step
// each, so sixty of 1e999999 were Work 61 and took 1.2 s (the commands
// refuse numbers past HugeNumber first; Work bounds what it is given).
func numberWork(v any) int {
	n, ok := v.(json.Number)
	if !ok {
		return 0
	}
	mant, exp := string(n), ""
	if i := strings.IndexAny(mant, "eE"); i >= 0 {
		mant, exp = mant[:i], mant[i+1:]
	}
	digits, frac := 0, 0
	if whole, f, ok := strings.Cut(mant, "."); ok {
		digits, frac = len(strings.TrimPrefix(whole, "-"))+len(f), len(f)
	} else {
		digits = len(strings.TrimPrefix(whole, "-"))
	}
	const maxExp = 1_000_000 // big.Rat's bound
	e := 0
	for _, c := range strings.TrimLeft(exp, "+-") {
		if e = e*10 + int(c-'0'); e > maxExp {
			e = maxExp
			break
		}
	}
	e = min(e+frac, maxExp)
	return digits*digits>>17 + digits/64 + e*e>>23 + e/512
}
