package wasmparse

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/tetratelabs/wabin/leb128"
)

// Attack pass 47a: the reader's typing of multi-value types. A call (two
// bytes) of a function type of 1,000 results pushes 1,000 values of four
// bytes each onto the validator's operand stack, and a br_table in an
// unreachable stack pops and pushes back every target's label types, 1,000
// per target byte. Skipped unless SUBAKO_ATTACK=1, so that main stays green.

func attack47a(t *testing.T) {
	t.Helper()
	if os.Getenv("SUBAKO_ATTACK") != "1" {
		t.Skip("attack pass 47a reproduction: SUBAKO_ATTACK=1 runs it")
	}
}

// manyResults is the type () -> (i32 x n).
func manyResults(n int) []byte {
	return append(append([]byte{0x60, 0}, leb128.EncodeUint32(uint32(n))...), []byte(strings.Repeat("\x7f", n))...)
}

// callsOfManyResults is a module whose function 0 has type () -> (i32 x
// 1000) (its body: unreachable) and function 1, of type () -> (), calls it
// calls times in a row and then ends unreachable: valid, and the operand
// stack holds calls x 1000 values before the unreachable drops them.
func callsOfManyResults(calls int) []byte {
	types := section(1, append([]byte{2}, append(manyResults(1000), 0x60, 0, 0)...))
	funcs := section(3, []byte{2, 0, 1})
	b0 := []byte{0, 0x00, 0x0b}
	b1 := append([]byte{0}, []byte(strings.Repeat("\x10\x00", calls))...)
	b1 = append(b1, 0x00, 0x0b)
	code := []byte{2}
	code = append(append(code, leb128.EncodeUint32(uint32(len(b0)))...), b0...)
	code = append(append(code, leb128.EncodeUint32(uint32(len(b1)))...), b1...)
	return module(types, funcs, section(10, code))
}

// TestAttack47a_row1_MultiValueStackMemory: the reader's promise (bench/
// RESULTS.md, TestHostileMemory) is at most 10 times the input kept and 32
// times allocated. 20,000 calls (a 40 KB module) allocate some 80 MB, 2,000
// times the input; the same shape at 1,000,000 calls (a 2 MB module) took
// `subakogo lint --static` past 6 GB and killed it (exit 4), at 100,000
// calls (200 KB) 1.55 GB of RSS and "no findings".
func TestAttack47a_row1_MultiValueStackMemory(t *testing.T) {
	attack47a(t)
	b := callsOfManyResults(20000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := Parse(b)
	runtime.ReadMemStats(&after)
	total := after.TotalAlloc - before.TotalAlloc
	if got := problemsOf(m); got != "" {
		t.Logf("problems: %s", got)
	}
	t.Logf("%d bytes: allocates %.0fx the input (%d bytes), MaxOperands %d", len(b), float64(total)/float64(len(b)), total, m.MaxOperands)
	if total > 32*uint64(len(b)) {
		t.Errorf("allocates %d bytes for a %d-byte input, past 32 times the input", total, len(b))
	}
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

// TestAttack47a_row2_BrTableTypingTime: the reader reads 240-450 MB/s
// (bench/RESULTS.md) and "the time per byte flat"; a module of br_tables to
// a label of 1,000 types in an unreachable stack is read some 1,000 times
// slower than a module of the same size of nops (1 MB: 3.5 s of CPU in
// `subakogo lint --static`; a 7.6 MB function ~26 s, a 1 GiB module, which
// lint reads, about an hour), with no budget and nothing to stop it. The
// test compares the reading thread's CPU time with that of a module of the
// same size of nops: at most 20 times it.
func TestAttack47a_row2_BrTableTypingTime(t *testing.T) {
	attack47a(t)
	hostile := brTablesOfManyResults(4)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := cputime.CurrentThread()
	pm := Parse(nopBody(len(hostile)))
	plainTime := clock.Elapsed()
	clock = cputime.CurrentThread()
	hm := Parse(hostile)
	hostileTime := clock.Elapsed()
	if p := problemsOf(hm) + problemsOf(pm); p != "" {
		t.Logf("problems: %s", p)
	}
	t.Logf("%d bytes of br_tables: %v of CPU; %d bytes of nops: %v", len(hostile), hostileTime, len(nopBody(len(hostile))), plainTime)
	if hostileTime > 20*max(plainTime, 1e6) {
		t.Errorf("the br_tables took %v, more than 20 times the nops' %v (or 1 ms)", hostileTime, plainTime)
	}
}

// nopBody is a module of one function of about n bytes of nops.
func nopBody(n int) []byte {
	body := append([]byte{0}, []byte(strings.Repeat("\x01", n))...)
	return oneFunction(append(body, 0x0b))
}
