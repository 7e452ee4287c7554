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

func TestInterpretCostMeasure(t *testing.T) {
	for _, c := range []struct {
		name  string
		funcs int
		body  []byte
		data  int
	}{
		{"1 func, 1M eqz", 1, eqzChain(1 << 20), 0},
		{"16 funcs, 1M eqz", 16, eqzChain(1 << 20), 0},
		{"100k empty funcs", 100_000, nil, 0},
		{"999k empty funcs", 999_000, nil, 0},
		{"100k funcs of 64 eqz", 100_000, eqzChain(64), 0},
		{"1 func, 1M nop", 1, bytes.Repeat([]byte{wasm.OpcodeNop}, 1<<20), 0},
		{"16 MiB data", 1, nil, 16 << 20},
		{"1 func, 256K eqz", 1, eqzChain(1 << 18), 0},
		{"1 func, 64K eqz", 1, eqzChain(1 << 16), 0},
		{"64 funcs, 64K eqz", 64, eqzChain(1 << 16), 0},
	} {
		w := shapedModule(c.funcs, c.body, c.data)
		a := interpretAlloc(t, w)
		t.Logf("%-24s size %9d  alloc %11d  per byte %6.1f", c.name, len(w), a, float64(a)/float64(len(w)))
	}
	hello := buildWasm(t, "../../examples/hello")
	p := wasmparse.Parse(hello)
	t.Logf("hello size %d funcs %d maxbody %d alloc %d", len(hello), p.NumCodes, p.MaxBodySize, interpretAlloc(t, hello))
}
