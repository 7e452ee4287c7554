package offlineschema

import (
	"encoding/json"
	"reflect"
)

// This file is what comparing a JSON value (as jsonschema.UnmarshalJSON
// decodes it) with a const costs the validator, as its equals does.

// comparison is what the validator's equals(v, c) costs (work), and
// whether it finds the two unequal (differ), where it stops.
type comparison struct {
	work   int
	differ bool
}

// readings memoizes the comparisons of pairs of arrays and objects, by
// address: a walk compares each pair once, however many paths reach it
// (pass 46h: a const's numbers were read anew at each of 500 $refs,
// 0.88 s for a Work of 1,501). Each Work's walk has its own (Work may run
// on many goroutines on one Cost).
type readings struct {
	pairs map[[2]uintptr]comparison
	// read counts the pairs compared, each once (for tests: no pair is
	// read twice).
	read int
}

// address is an array's or an object's identity, for the memos: the
// decoded values of a schema and of an instance never share one.
func address(v any) uintptr {
	return reflect.ValueOf(v).Pointer()
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
