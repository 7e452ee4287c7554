package wasmparse

import (
	"runtime"
	"strings"
	"testing"

	"github.com/tetratelabs/wabin/leb128"
)

// Attack pass 47a, rows 1 and 2: the typing of multi-value types. A call
// (two bytes) of a function type of 1,000 results pushed 1,000 values of
// four bytes each onto the validator's operand stack, and a br_table in an
// unreachable stack popped and pushed back every target's label types,
// 1,000 per target byte. The stack now holds such a list as one entry (a
// run), br_table types each label once, and the values pushed as runs
// count against LimitMultiValues, which bounds what wazero's compiler
// allocates for them.

// manyResults is the type () -> (i32 x n).
func manyResults(n int) []byte {
	return append(append([]byte{0x60, 0}, leb128.EncodeUint32(uint32(n))...), []byte(strings.Repeat("\x7f", n))...)
}

// manyParams is the type (i32 x n) -> ().
func manyParams(n int) []byte {
	return append(append([]byte{0x60}, leb128.EncodeUint32(uint32(n))...), append([]byte(strings.Repeat("\x7f", n)), 0)...)
}

// twoFunctions is a module of type 0 (given), type 1 () -> (), function 0
// of type 0 with the body unreachable, and function 1 of type 1 with body1
// (locals, instructions and end included).
func twoFunctions(type0, body1 []byte) []byte {
	types := section(1, append([]byte{2}, append(type0, 0x60, 0, 0)...))
	funcs := section(3, []byte{2, 0, 1})
	b0 := []byte{0, 0x00, 0x0b}
	code := []byte{2}
	code = append(append(code, leb128.EncodeUint32(uint32(len(b0)))...), b0...)
	code = append(append(code, leb128.EncodeUint32(uint32(len(body1)))...), body1...)
	return module(types, funcs, section(10, code))
}

// callsOfManyResults is a module whose function 0 has type () -> (i32 x
// 1000) and function 1, of type () -> (), calls it calls times in a row
// and then ends unreachable: valid, and the operand stack holds calls x
// 1000 values before the unreachable drops them.
func callsOfManyResults(calls int) []byte {
	b1 := append([]byte{0}, []byte(strings.Repeat("\x10\x00", calls))...)
	return twoFunctions(manyResults(1000), append(b1, 0x00, 0x0b))
}

// blocksOfManyResults is the same calls, each in a block it leaves at once
// (block, call 0, br 0, end): the stack never holds more than 1,000
// values, but each call still produces 1,000.
func blocksOfManyResults(calls int) []byte {
	b1 := append([]byte{0}, []byte(strings.Repeat("\x02\x40\x10\x00\x0c\x00\x0b", calls))...)
	return twoFunctions(manyResults(1000), append(b1, 0x0b))
}

// unreachableCallsOfManyParams is calls of a function of type (i32 x
// 1000) -> () after an unreachable: valid, each call's parameters unknown.
func unreachableCallsOfManyParams(calls int) []byte {
	b1 := append([]byte{0, 0x00}, []byte(strings.Repeat("\x10\x00", calls))...)
	return twoFunctions(manyParams(1000), append(b1, 0x0b))
}

// brTablesOfManyResults is one function of type () -> (): a block of type
// () -> (i32 x 1000), made unreachable, then tables br_tables of 65,520
// targets each to that block, then the block's end and an unreachable.
func brTablesOfManyResults(tables int) []byte {
	types := section(1, append([]byte{2}, append(manyResults(1000), 0x60, 0, 0)...))
	funcs := section(3, []byte{1, 1})
	const targets = 65520
	bt := append([]byte{0x0e}, leb128.EncodeUint32(targets)...)
	bt = append(bt, make([]byte, targets+1)...) // every target and the default: label 0
	body := []byte{0, 0x02, 0x00, 0x00}
	for range tables {
		body = append(body, bt...)
	}
	body = append(body, 0x0b, 0x00, 0x0b)
	code := append([]byte{1}, leb128.EncodeUint32(uint32(len(body)))...)
	return module(types, funcs, section(10, append(code, body...)))
}

// allocations is what Parse(b) allocates, garbage included.
func allocations(b []byte) (*Module, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := Parse(b)
	runtime.ReadMemStats(&after)
	return m, after.TotalAlloc - before.TotalAlloc
}

// TestMultiValueCallsStackBounded: the reader's promise (bench/RESULTS.md,
// TestHostileMemory) is at most 32 times the input allocated. 20,000 calls
// of a function of 1,000 results (a 40 KB module) allocated 492 MB, 12,000
// times the input, and 1,000,000 calls killed `subakogo lint --static`.
// The stack holds each call's results as one entry; MaxOperands still
// counts values. 1,999 calls are valid; 2,001 are past LimitMultiValues,
// refused before wazero sees them.
func TestMultiValueCallsStackBounded(t *testing.T) { // not parallel: measures the process's memory
	for _, tc := range []struct {
		calls  int
		limit  Limit
		values int
	}{{1999, 0, 1999000}, {2001, LimitMultiValues, 2001000}, {20000, LimitMultiValues, 2001000}} {
		b := callsOfManyResults(tc.calls)
		m, total := allocations(b)
		t.Logf("%d calls, %d bytes: allocates %.1fx the input, MaxOperands %d, problems %s", tc.calls, len(b), float64(total)/float64(len(b)), m.MaxOperands, problemsOf(m))
		if total > 32*uint64(len(b)) {
			t.Errorf("%d calls: allocates %d bytes for a %d-byte input, past 32 times the input", tc.calls, total, len(b))
		}
		if m.MultiValues != tc.values {
			t.Errorf("%d calls: MultiValues %d, want %d", tc.calls, m.MultiValues, tc.values)
		}
		p, exceeded := m.Exceeded()
		switch {
		case tc.limit == 0 && (len(m.Problems) > 0 || m.MaxOperands < tc.values):
			t.Errorf("%d calls: problems %s, MaxOperands %d; want valid, at least %d", tc.calls, problemsOf(m), m.MaxOperands, tc.values)
		case tc.limit != 0 && (!exceeded || p.Limit != tc.limit):
			t.Errorf("%d calls: %+v, want past %s", tc.calls, m.Problems, tc.limit.What())
		case tc.limit != 0 && p.Offset != len(b)-(1+2*tc.calls+2)+1+2*2000: // the 2,001st call
			t.Errorf("%d calls: refused at %#x, want the 2,001st call's", tc.calls, p.Offset)
		}
	}
}

// brTableOfManyResults is one reachable br_table of targets targets (and
// the default) to a block of 1,000 results, left by a call of them.
func brTableOfManyResults(targets int) []byte {
	b1 := []byte{0, 0x02, 0x00, 0x10, 0x00, 0x41, 0x00, 0x0e}
	b1 = append(b1, leb128.EncodeUint32(uint32(targets))...)
	b1 = append(b1, make([]byte, targets+1)...)
	b1 = append(b1, 0x0b, 0x00, 0x0b)
	return twoFunctions(manyResults(1000), b1)
}

// TestMultiValuesCountedAsProduced: the limit counts the values produced,
// not the stack's height, as wazero's compiler allocates for each (a block
// left at once after each call: 1,000 values on the stack at most), and
// the values a reachable br_table passes each of its targets (65,520
// targets of 1,000: 54 s in wazero's compiler).
func TestMultiValuesCountedAsProduced(t *testing.T) {
	t.Parallel()
	if m := Parse(blocksOfManyResults(2000)); len(m.Problems) > 0 || m.MultiValues != 2000000 || m.MaxOperands > 3000 {
		t.Errorf("2,000 blocks: %s, MultiValues %d, MaxOperands %d; want valid, 2,000,000, at most 3,000", problemsOf(m), m.MultiValues, m.MaxOperands)
	}
	if p, ok := Parse(blocksOfManyResults(2001)).Exceeded(); !ok || p.Limit != LimitMultiValues {
		t.Errorf("2,001 blocks: %+v, want past %s", p, LimitMultiValues.What())
	}
	// The call's 1,000, 1,000 for each target and the default, and the
	// block's 1,000 at its end.
	if m := Parse(brTableOfManyResults(1997)); len(m.Problems) > 0 || m.MultiValues != 2000000 {
		t.Errorf("a br_table of 1,997 targets: %s, MultiValues %d; want valid, 2,000,000", problemsOf(m), m.MultiValues)
	}
	if p, ok := Parse(brTableOfManyResults(1998)).Exceeded(); !ok || p.Limit != LimitMultiValues {
		t.Errorf("a br_table of 1,998 targets: %+v, want past %s", p, LimitMultiValues.What())
	}
}

// TestBrTableTypedOncePerLabel: a br_table in an unreachable stack typed
// each target's 1,000 label types, 640 times the reader's time per byte
// (lint --static: 3.5 s for 1 MB). Its labels are typed once each, and
// the count of types the slow paths compare stays under the input's size.
// So does a call of 1,000 parameters after unreachable, which popped
// 1,000 unknown values.
func TestBrTableTypedOncePerLabel(t *testing.T) {
	t.Parallel()
	for name, b := range map[string][]byte{
		"br_tables":                         brTablesOfManyResults(4),
		"calls of 1,000 params unreachable": unreachableCallsOfManyParams(100000),
	} {
		m := Parse(b)
		if len(m.Problems) > 0 {
			t.Errorf("%s: %s, want valid", name, problemsOf(m))
		}
		t.Logf("%s: %d bytes, %d types compared", name, len(b), m.typingWork)
		if m.typingWork > len(b)/100 {
			t.Errorf("%s: %d types compared for %d bytes", name, m.typingWork, len(b))
		}
	}
}

// TestRunsTypeLikeValues: lists held as runs are popped, in part or
// whole, with the messages of values popped one at a time.
func TestRunsTypeLikeValues(t *testing.T) {
	t.Parallel()
	// type 0: () -> (i32 i64 i32); type 1: (i64 i32) -> (); type 2: (i32) -> ();
	// type 3: () -> (). Function 0, of type 3, has the body; 1 is of type 1, 2 of type 2.
	types := section(1, []byte{4, 0x60, 0, 3, 0x7f, 0x7e, 0x7f, 0x60, 2, 0x7e, 0x7f, 0, 0x60, 1, 0x7f, 0, 0x60, 0, 0})
	mod := func(body ...byte) []byte {
		body = append([]byte{0}, append(body, 0x0b)...)
		code := append([]byte{3}, leb128.EncodeUint32(uint32(len(body)))...)
		code = append(append(code, body...), 2, 0, 0x0b, 2, 0, 0x0b)
		return module(types, section(3, []byte{3, 3, 1, 2}), section(10, code))
	}
	for _, tc := range []struct {
		body []byte
		want string
	}{
		// block (type 0) unreachable end: i32 i64 i32 on the stack
		{[]byte{0x02, 0, 0x00, 0x0b, 0x1a, 0x1a, 0x1a}, ""},
		{[]byte{0x02, 0, 0x00, 0x0b, 0x10, 1, 0x1a}, ""},                                                          // call (i64 i32) pops two of the run
		{[]byte{0x02, 0, 0x00, 0x0b, 0x10, 1}, "values remaining on the stack at end of function"},                // one left
		{[]byte{0x02, 0, 0x00, 0x0b, 0x1a, 0x10, 1}, "call expects i32, found i64"},                               // i32 i64: top i64
		{[]byte{0x02, 0, 0x00, 0x0b, 0x10, 2, 0x10, 2}, "call expects i32, found i64"},                            // second pop i64
		{[]byte{0x02, 0, 0x00, 0x0b, 0x0c, 0}, ""},                                                                // br 0 to the function, of no results: the run is dropped
		{[]byte{0x02, 0, 0x00, 0x0b, 0x41, 0, 0x0d, 0, 0x1a, 0x1a, 0x1a}, ""},                                     // br_if to the function: the run stays
		{[]byte{0x02, 0, 0x00, 0x0b, 0x02, 1, 0x1a, 0x1a, 0x0b, 0x1a}, ""},                                        // block (type 1) takes i64 i32 from the run
		{[]byte{0x02, 0, 0x00, 0x0b, 0x02, 1, 0x0b}, "values remaining on the stack at end of block"},             // its params left in it
		{[]byte{0x02, 0, 0x02, 0, 0x00, 0x0b, 0x0c, 0, 0x0b, 0x1a, 0x1a, 0x1a}, ""},                               // br with the run on top
		{[]byte{0x02, 0, 0x02, 0, 0x02, 0, 0x00, 0x0b, 0x41, 0, 0x0e, 1, 0, 1, 0x0b, 0x0b, 0x1a, 0x1a, 0x1a}, ""}, // br_table: both labels (i32 i64 i32), the run on top
		{[]byte{0x02, 0, 0x02, 0, 0x02, 0, 0x00, 0x0b, 0x41, 0, 0x0e, 1, 0, 2, 0x0b, 0x0b, 0x1a, 0x1a, 0x1a}, "br_table targets carry different types"},
		{[]byte{0x02, 0, 0x00, 0x41, 0, 0x0e, 1, 0, 0, 0x0b, 0x1a, 0x1a, 0x1a}, ""},                                       // unreachable: unknowns
		{[]byte{0x02, 0, 0x00, 0x41, 0, 0x41, 0, 0x0e, 1, 0, 0, 0x0b, 0x1a, 0x1a, 0x1a}, ""},                              // one known, i32 on top
		{[]byte{0x02, 0, 0x00, 0x41, 0, 0x0e, 1, 0, 1, 0x0b, 0x1a, 0x1a, 0x1a}, "br_table targets carry different types"}, // the default carries nothing: every operand known
		{[]byte{0x02, 0, 0x00, 0x42, 0, 0x41, 0, 0x0e, 1, 0, 0, 0x0b, 0x1a, 0x1a, 0x1a}, "br_table expects i32, found i64"},
	} {
		b := mod(tc.body...)
		m := Parse(b)
		got := problemsOf(m)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("% x: %q, want %q", tc.body, got, tc.want)
		}
		parseBothWays(t, "runs", b)
	}
}

// hostileMultiValue are attack pass 47a's shapes of rows 1 and 2, each at
// two sizes, the second four times the first, all valid.
var hostileMultiValue = []struct {
	name  string
	build func(n int) []byte
	n     int
}{
	{"calls of 1,000 results", callsOfManyResults, 1996},
	{"blocks of a call of 1,000 results", blocksOfManyResults, 1996},
	{"br_tables to a label of 1,000 types", brTablesOfManyResults, 4},
	{"calls of 1,000 params unreachable", unreachableCallsOfManyParams, 400000},
}

// BenchmarkHostileMultiValue parses each: time per byte (MB/s) stays the
// same from one size to the next, and allocations stay within the input's
// size times a small factor.
//
//	go test -run '^$' -bench HostileMultiValue -benchmem ./internal/wasmparse
func BenchmarkHostileMultiValue(b *testing.B) {
	for _, h := range hostileMultiValue {
		for _, scale := range []int{1, 4} {
			n := h.n * scale / 4
			b.Run(h.name+"/"+itoa(int64(n)), func(b *testing.B) {
				in := h.build(n)
				if m := Parse(in); len(m.Problems) > 0 {
					b.Fatal(problemsOf(m))
				}
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					Parse(in)
				}
			})
		}
	}
}
