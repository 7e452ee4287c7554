package host

import (
	"bytes"
	"context"
	"runtime"
	"testing"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// shapedModule builds a valid command of funcs defined functions, each
// body the given instructions (an end appended), and one data segment of
// data bytes: the shapes whose interpreter preparation the cost model is
// fitted on.
func shapedModule(funcs int, instrs []byte, data int) []byte {
	w := wasmbuild.Command()
	w.FunctionSection, w.CodeSection = nil, nil
	body := append(append([]byte{}, instrs...), wasm.OpcodeEnd)
	for range funcs {
		w.FunctionSection = append(w.FunctionSection, 1)
		w.CodeSection = append(w.CodeSection, &wasm.Code{Body: body})
	}
	if data > 0 {
		w.DataSection = []*wasm.DataSegment{{OffsetExpression: &wasm.ConstantExpression{Opcode: wasm.OpcodeI32Const, Data: []byte{0}}, Init: make([]byte, data)}}
		w.MemorySection = &wasm.Memory{Min: uint32(data/wasmPage + 1)}
	}
	return wasmbuild.Encode(w)
}

// eqzChain is a body of n+1 interpreter operations in 2+n bytes: the most
// operations per code byte a body can have (each i32.eqz is one byte and
// one operation).
func eqzChain(n int) []byte {
	return append(append([]byte{wasm.OpcodeI32Const, 0}, bytes.Repeat([]byte{wasm.OpcodeI32Eqz}, n)...), wasm.OpcodeDrop)
}

// emptyIfs is a body of n empty ifs (5 bytes each): the most heap per code
// byte found in wazero's interpreter preparation.
func emptyIfs(n int) []byte {
	body := append([]byte{wasm.OpcodeI32Const, 0}, bytes.Repeat([]byte{wasm.OpcodeIf, 0x40, wasm.OpcodeEnd, wasm.OpcodeI32Const, 0}, n)...)
	return append(body, wasm.OpcodeDrop)
}

// interpretAlloc answers the bytes the Go heap allocated while wazero's
// interpreter prepared wasm (TotalAlloc's growth: every allocation, freed
// or not, so an upper bound on the peak it added).
func interpretAlloc(t *testing.T, wasm []byte) uint64 {
	t.Helper()
	ctx := context.Background()
	rt, err := newRuntime(ctx, runtimeConfig(true, MemoryLimit))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, err := rt.CompileModule(ctx, wasm)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	_ = c.Close(ctx)
	return after.TotalAlloc - before.TotalAlloc
}

// TestInterpretCostModel: for each shape the model was fitted on, the heap
// wazero's interpreter allocates to prepare the module stays within what
// interpretCost reckons for it (the model is conservative).
func TestInterpretCostModel(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates about 2 GB in all, measuring")
	}
	for _, c := range []struct {
		name  string
		funcs int
		body  []byte
		data  int
	}{
		{"1 function of 1M i32.eqz", 1, eqzChain(1 << 20), 0},
		{"16 functions of 1M i32.eqz", 16, eqzChain(1 << 20), 0},
		{"64 functions of 64K i32.eqz", 64, eqzChain(1 << 16), 0},
		{"999,000 empty functions", 999_000, nil, 0},
		{"100,000 functions of 64 i32.eqz", 100_000, eqzChain(64), 0},
		{"1 function of 52K empty ifs", 1, emptyIfs(52 << 10), 0},
		{"16 functions of 52K empty ifs", 16, emptyIfs(52 << 10), 0},
		{"1 function of 1M nop", 1, bytes.Repeat([]byte{wasm.OpcodeNop}, 1<<20), 0},
		{"16 MiB of data", 1, nil, 16 << 20},
	} {
		w := shapedModule(c.funcs, c.body, c.data)
		got, want := interpretAlloc(t, w), interpretCost(len(w), wasmparse.Parse(w))
		t.Logf("%-32s %9d bytes: allocated %11d, reckoned %11d", c.name, len(w), got, want)
		if int64(got) > want {
			t.Errorf("%s: allocated %d, more than the %d reckoned", c.name, got, want)
		}
	}
}

// TestInterpretableShapes: EngineAuto sends issue 30's 10 MB module of
// 999,000 functions (577 MB to interpret) to the compiler, and interprets
// a Go module (examples/hello, 2.5 MB), whose preparation it also measures
// within the model.
func TestInterpretableShapes(t *testing.T) {
	many := shapedModule(999_000, eqzChain(4), 0)
	if p := wasmparse.Parse(many); len(many) < 10_000_000 || interpretable(many, p) {
		t.Errorf("%d bytes, %d functions: interpretable, reckoned %d", len(many), p.NumCodes, interpretCost(len(many), p))
	}
	hello := buildWasm(t, "../../examples/hello")
	p := wasmparse.Parse(hello)
	if !interpretable(hello, p) {
		t.Fatalf("examples/hello (%d bytes, %d functions) is not interpretable: reckoned %d", len(hello), p.NumCodes, interpretCost(len(hello), p))
	}
	got, want := interpretAlloc(t, hello), interpretCost(len(hello), p)
	t.Logf("examples/hello: %d bytes, %d functions, largest body %d: allocated %d, reckoned %d", len(hello), p.NumCodes, p.MaxBodySize, got, want)
	if int64(got) > want {
		t.Errorf("examples/hello: allocated %d, more than the %d reckoned", got, want)
	}
}

// TestInterpretLargestAllowed: the largest module of each shape that
// EngineAuto still interprets allocates less than InterpretMaxHeap to
// prepare, measured.
func TestInterpretLargestAllowed(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates about 1 GB in all, measuring")
	}
	for _, c := range []struct {
		name  string
		build func(n int) []byte
		max   int
	}{
		{"one function of n i32.eqz", func(n int) []byte { return shapedModule(1, eqzChain(n), 0) }, 1 << 22},
		{"n functions of 64 i32.eqz", func(n int) []byte { return shapedModule(n, eqzChain(64), 0) }, 1 << 20},
		{"n empty functions", func(n int) []byte { return shapedModule(n, nil, 0) }, 1 << 21},
		{"one function of n empty ifs", func(n int) []byte { return shapedModule(1, emptyIfs(n), 0) }, 1 << 20},
		{"n functions of 1K empty ifs", func(n int) []byte { return shapedModule(n, emptyIfs(1024), 0) }, 1 << 14},
		{"n functions of 4K i32.eqz", func(n int) []byte { return shapedModule(n, eqzChain(4096), 0) }, 1 << 12},
		{"n bytes of data", func(n int) []byte { return shapedModule(1, nil, n) }, InterpretMaxBytes},
	} {
		allowed := func(n int) bool { // what Compile hands the interpreter under EngineAuto
			w := c.build(n)
			p := wasmparse.Parse(w)
			_, exceeded := p.Exceeded()
			return !exceeded && interpretable(w, p)
		}
		lo, hi := 1, c.max // lo allowed; hi refused, or the largest tried
		if !allowed(lo) {
			t.Fatalf("%s: refused at 1", c.name)
		}
		if allowed(hi) {
			lo = hi
		}
		for hi-lo > max(hi/128, 1) {
			if mid := lo + (hi-lo)/2; allowed(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		w := c.build(lo)
		got := interpretAlloc(t, w)
		t.Logf("%-28s n=%-8d %9d bytes: allocated %11d of %d", c.name, lo, len(w), got, InterpretMaxHeap)
		if got >= InterpretMaxHeap {
			t.Errorf("%s, n=%d: allocated %d, past the bound of %d", c.name, lo, got, InterpretMaxHeap)
		}
	}
}
