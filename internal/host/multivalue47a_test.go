package host

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// multiValueCalls is a module of type 0 () -> (i32 x 1000) and type 1
// () -> (): function 0 of type 0 (body: unreachable), function 1 of type
// 1 calling function 0 calls times, each in a block it leaves at once when
// inBlocks, else in a row, then unreachable (attack pass 47a, row 1).
func multiValueCalls(calls int, inBlocks bool) []byte {
	types := append(append([]byte{2, 0x60, 0}, uleb(1000)...), bytes.Repeat([]byte{0x7f}, 1000)...)
	types = append(types, 0x60, 0, 0)
	b0 := []byte{0, 0x00, 0x0b}
	b1 := append([]byte{0}, bytes.Repeat([]byte{0x10, 0x00}, calls)...)
	if inBlocks {
		b1 = append([]byte{0}, bytes.Repeat([]byte{0x02, 0x40, 0x10, 0x00, 0x0c, 0x00, 0x0b}, calls)...)
	}
	b1 = append(b1, 0x00, 0x0b)
	code := append(append(append([]byte{2}, uleb(len(b0))...), b0...), uleb(len(b1))...)
	code = append(code, b1...)
	sec := func(id byte, p []byte) []byte { return append(append([]byte{id}, uleb(len(p))...), p...) }
	w := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range [][]byte{sec(1, types), sec(3, []byte{2, 0, 1}), sec(10, code)} {
		w = append(w, s...)
	}
	return w
}

// TestMultiValuesRefusedBeforeCompiling (attack pass 47a, row 1): calls of
// a function of 1,000 results, two bytes each, cost wazero's optimising
// compiler some 330 bytes a result (100,000 calls, a 200 KB module: 3.8
// GB, P011 in lint, call exit 3 after 58 s). Past LimitMultiValues, two
// million values, Compile refuses the module before any engine sees it,
// whichever the engine.
func TestMultiValuesRefusedBeforeCompiling(t *testing.T) {
	t.Parallel()
	for _, inBlocks := range []bool{false, true} {
		w := multiValueCalls(2001, inBlocks)
		if p, ok := wasmparse.Parse(w).Exceeded(); !ok || p.Limit != wasmparse.LimitMultiValues {
			t.Fatalf("the reader let the module through: %+v", p)
		}
		for i, err := range compileOnEach(t, w) {
			if err == nil || !strings.Contains(err.Error(), "refused before compiling: code section at offset 0x") ||
				!strings.Contains(err.Error(), "more than the limit of 2000000") {
				t.Errorf("%s, in blocks %v: Compile: %v, want it refused before compiling", bothEngines[i], inBlocks, err)
			}
		}
	}
}

// TestMultiValuesWorstAccepted: the most values the limit lets through,
// on the stack at once or left at once, cost wazero's optimising compiler
// less than 1 GiB of allocation (measured: 665 and 512 MB, 3.7 and 4.2 s),
// what a large ordinary module costs it.
func TestMultiValuesWorstAccepted(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates about 1.2 GB in all, measuring")
	}
	ctx := context.Background()
	for _, inBlocks := range []bool{false, true} {
		w := multiValueCalls(2000, inBlocks)
		if p := wasmparse.Parse(w); len(p.Problems) != 0 || p.MultiValues != 2000000 {
			t.Fatalf("not the worst module Compile hands an engine: %v, %d values", p.Problems, p.MultiValues)
		}
		rt, err := newRuntime(ctx, runtimeConfig(false, MemoryLimit))
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c, err := rt.CompileModule(ctx, w)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		_ = c.Close(ctx)
		_ = rt.Close(ctx)
		got := after.TotalAlloc - before.TotalAlloc
		t.Logf("in blocks %v: %d bytes compiled with %d MB allocated", inBlocks, len(w), got>>20)
		if got > 1<<30 {
			t.Errorf("in blocks %v: %d MB allocated, more than 1 GiB", inBlocks, got>>20)
		}
	}
}
