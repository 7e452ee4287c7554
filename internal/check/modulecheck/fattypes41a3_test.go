package modulecheck

import (
	"bytes"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"
)

// TestFatTypes (attack pass 41a, follow-up: fat types): wazero keys every
// function type by a string built one value type's name at a time, in this
// process whichever engine runs the module, so a module of many types of
// 1,000 parameters and 1,000 results cost it seconds of CPU and gigabytes
// of garbage a megabyte. The types' signature weight, the sum of (params +
// results) squared, is bounded: the command's own types weigh 25 and four
// fat ones 16,000,000, so the fourth is W054, at its offset.
func TestFatTypes(t *testing.T) {
	t.Parallel()
	i32 := wasm.ValueTypeI32
	fat := &wasm.FunctionType{Params: make([]wasm.ValueType, 1000), Results: make([]wasm.ValueType, 1000)}
	for i := range fat.Params {
		fat.Params[i], fat.Results[i] = i32, i32
	}
	b := build(func(m *wasm.Module) {
		for range 4 {
			m.TypeSection = append(m.TypeSection, fat)
		}
	})
	size, n, _ := leb128.DecodeUint32(bytes.NewReader(b[9:]))
	if b[8] != 1 || size < 4*2005 {
		t.Fatalf("the type section is not first: %x", b[8:12])
	}
	fourth := 9 + int(n) + 1 + 8 + 3 + 3*2005 // the count, the command's two types, three fat ones
	if b[fourth] != 0x60 {
		t.Fatalf("byte %#x is %#x, not a function type", fourth, b[fourth])
	}
	_, fs := Check(b)
	var got *rules.Finding
	for i := range fs {
		if fs[i].Rule == rules.ModuleLimit {
			got = &fs[i]
		}
	}
	want := "type section: 16000025 signature weight (the sum over function types of (parameters + results) squared), more than the limit of 16000000"
	if got == nil || got.Offset != fourth || got.Message != want {
		t.Errorf("findings %v; want W054 at %#x: %q", fs, fourth, want)
	}
}
