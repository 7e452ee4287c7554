package host

import (
	"context"
	"encoding/binary"
	"runtime"
	"slices"
	"testing"

	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// framed frames payload as section id (its size as LEB128).
func framed(id byte, payload []byte) []byte {
	return append(binary.AppendUvarint([]byte{id}, uint64(len(payload))), payload...)
}

// oneFunctionWithMemory is a module with one function of type () -> (), one
// memory and the body.
func oneFunctionWithMemory(body []byte) []byte {
	w := []byte("\x00asm\x01\x00\x00\x00")
	w = append(w, framed(1, []byte{1, 0x60, 0, 0})...)
	w = append(w, framed(3, []byte{1, 0})...)
	w = append(w, framed(5, []byte{1, 0, 1})...)
	return append(w, framed(10, append(binary.AppendUvarint([]byte{1}, uint64(len(body))), body...))...)
}

// TestOverlongU32sCompileEverywhere: the opcode after 0xfc and 0xfd and a
// typed select's count of types are u32s, valid 2.0 in any of their LEB128
// forms, which wasmtime reads as such; the host compiles such a module
// under every engine, so its verdict does not depend on the engine or on
// the cache. Attack pass 46d, row 3: wazero reads them as one byte, so the
// interpreter refused fc 80 00 (P011 with a cold cache) where the compiler
// took it (no P011 once the cache held it), and both refused fd 8c 00
// (read as i16x8.shr_s) and 1c 81 00 ("too many type immediates").
func TestOverlongU32sCompileEverywhere(t *testing.T) {
	v128 := make([]byte, 16)
	cases := map[string][]byte{
		"i32.trunc_sat_f32_s as fc 80 00":    {0, 0x43, 0, 0, 0, 0, 0xfc, 0x80, 0x00, 0x1a, 0x0b},
		"memory.copy as fc 8a 00":            {0, 0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x8a, 0x00, 0, 0, 0x0b},
		"select (result i32) as 1c 81 00 7f": {0, 0x41, 0, 0x41, 0, 0x41, 0, 0x1c, 0x81, 0x00, 0x7f, 0x1a, 0x0b},
		"v128.const as fd 8c 00":             slices.Concat([]byte{0, 0xfd, 0x8c, 0x00}, v128, []byte{0x1a, 0x0b}),
		"i32x4.add as fd ae 81 00":           slices.Concat([]byte{0, 0xfd, 0x0c}, v128, []byte{0xfd, 0x0c}, v128, []byte{0xfd, 0xae, 0x81, 0x00, 0x1a, 0x0b}),
		// wazero reads these whole: EngineBytes leaves them as written.
		"block of type 0 as 02 80 00, call 0 as 10 80 00": {0, 0x02, 0x80, 0x00, 0x0b, 0x41, 0, 0x04, 0x80, 0x80, 0x00, 0x0b, 0x10, 0x80, 0x00, 0x0b},
		"i32.load memarg as 28 82 00 80 00":               {0, 0x41, 0, 0x28, 0x82, 0x00, 0x80, 0x00, 0x1a, 0x0b},
	}
	for name, body := range cases {
		w := oneFunctionWithMemory(body)
		if m := wasmparse.Parse(w); len(m.Problems) != 0 {
			t.Fatalf("%s: the reader: %v", name, m.Problems)
		}
		for i, err := range compileOnEach(t, w) {
			if err != nil {
				t.Errorf("%s, engine %v: %v; the module is valid 2.0", name, bothEngines[i], err)
			}
		}
	}
}

// localNamesSection is a module whose name section holds a local-names
// subsection of n functions, each with no local names (two bytes each).
func localNamesSection(n int) []byte {
	w := []byte("\x00asm\x01\x00\x00\x00")
	w = append(w, framed(1, []byte{1, 0x60, 0, 0})...)
	w = append(w, framed(3, []byte{1, 0})...)
	w = append(w, framed(5, []byte{1, 0, 1})...)
	w = append(w, framed(7, []byte{2, 6, '_', 's', 't', 'a', 'r', 't', 0, 0, 6, 'm', 'e', 'm', 'o', 'r', 'y', 2, 0})...)
	w = append(w, framed(10, []byte{1, 2, 0, 0x0b})...)
	sub := append(binary.AppendUvarint(nil, uint64(n)), make([]byte, 2*n)...)
	payload := append([]byte{4, 'n', 'a', 'm', 'e', 2}, binary.AppendUvarint(nil, uint64(len(sub)))...)
	return append(w, framed(0, append(payload, sub...))...)
}

// heldByCompile compiles w on a new host of the engine (with a cache of
// its own under auto) and answers the growth of the live heap the
// compiled module holds.
func heldByCompile(t *testing.T, e Engine, w []byte) int64 {
	t.Helper()
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: e})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := h.Compile(context.Background(), w)
	if err == nil {
		err = m.Compiled(context.Background())
	}
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(m)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// TestNameWeightModel: what a compiled module holds of its name section is
// within what the reader reckons (32 bytes a local-names entry), and near
// it: 1,000,000 entries, just under wasmparse.EngineNamesMax, are kept.
func TestNameWeightModel(t *testing.T) { // not parallel: measures the process's heap
	const n = 1000000
	w := localNamesSection(n)
	m := wasmparse.Parse(w)
	if m.NameTrim != nil {
		t.Fatalf("NameTrim %+v for %d entries", m.NameTrim, n)
	}
	held := heldByCompile(t, EngineInterpreter, w)
	t.Logf("%d local-name entries: %d bytes held, reckoned %d", n, held, 32*n)
	if held > 32*n+4<<20 || held < 16*n {
		t.Errorf("%d local-name entries held %d bytes; the reader reckons %d", n, held, 32*n)
	}
}

// TestHeavyNameSectionNotHeld: a module whose name section wazero would
// hold at more than wasmparse.EngineNamesMax is compiled without its
// local names, so the compiled module holds a few MiB. Attack pass 46d,
// row 4: 12,000,000 local-name entries (a 24 MB module) held 343 MiB of
// the host's heap, decoded again when the host loaded the worker's code.
func TestHeavyNameSectionNotHeld(t *testing.T) { // not parallel: measures the process's heap
	if testing.Short() {
		t.Skip("builds a 24 MB module")
	}
	const n = 12000000
	w := localNamesSection(n)
	held := heldByCompile(t, EngineAuto, w)
	t.Logf("a %d MB module of %d local-name entries: %d MiB held", len(w)>>20, n, held>>20)
	if held > 64<<20 {
		t.Errorf("a %d MB module's compiled code holds %d MiB of the host's heap (its name section, decoded)", len(w)>>20, held>>20)
	}
}

// TestTypesDecodeHeld measures what a module of as many function types as
// wasmtime allows (wasmparse.LimitTypes, 1,000,000), each () -> (), costs
// the host's process when it loads the compiled module: wazero decodes the
// module again there and keeps every type (attack pass 46d, row 4:
// 999,000 types, a 3 MB module, allocated 793 MiB and held 108 MiB).
// docs/serve-limits.md quotes the numbers; the test guards them.
func TestTypesDecodeHeld(t *testing.T) { // not parallel: measures the process's heap
	if testing.Short() {
		t.Skip("allocates ~800 MiB")
	}
	n := wasmparse.LimitTypes.Max()
	payload := binary.AppendUvarint(nil, uint64(n))
	for range n {
		payload = append(payload, 0x60, 0, 0)
	}
	w := append([]byte("\x00asm\x01\x00\x00\x00"), framed(1, payload)...)
	var held int64
	alloc := allocated(func() { held = heldByCompile(t, EngineAuto, w) })
	t.Logf("%d types (%d MB): %d MiB held, %d MiB allocated in this process", n, len(w)>>20, held>>20, alloc>>20)
	if held > 128<<20 || alloc > 1<<30 {
		t.Errorf("%d types: %d MiB held, %d MiB allocated; docs/serve-limits.md says at most 128 MiB and 1 GiB", n, held>>20, alloc>>20)
	}
}
