package host

import (
	"context"
	"encoding/binary"
	"strings"
	"testing"
)

// TestMalformedRefusedBeforeCompiling: a module whose bytes do not decode
// is refused before wazero sees it, under every engine, allocating
// nothing to speak of: wazero allocates a vector's count before it reads
// one entry. Attack pass 46d, row 1: the reader's "length out of bounds"
// was a malformed problem, not a limit passed, so the host compiled such
// modules: 2^24 functions declared in 4 bytes allocated 64 MiB, 2^24
// locals before a malformed one 128 MiB under the interpreter, and a
// 15-byte module of 2^32-1 imports took call down with "out of memory"
// (exit 4).
func TestMalformedRefusedBeforeCompiling(t *testing.T) { // not parallel: measures the process's allocations
	header := []byte("\x00asm\x01\x00\x00\x00")
	funcs := append(append([]byte{}, header...), framed(3, []byte{0x80, 0x80, 0x80, 0x08})...)
	imports := append(append([]byte{}, header...), framed(2, []byte{0xff, 0xff, 0xff, 0xff, 0x0f})...)
	// One function of type () -> () whose locals are 2^24 i32 and then
	// one (ref null <heap type 0x40>), which does not decode.
	locals := append([]byte{}, header...)
	locals = append(locals, framed(1, []byte{1, 0x60, 0, 0})...)
	locals = append(locals, framed(3, []byte{1, 0})...)
	body := []byte{2, 0x80, 0x80, 0x80, 0x08, 0x7f, 1, 0x63, 0x40, 0x0b}
	locals = append(locals, framed(10, append([]byte{1, byte(len(body))}, body...))...)
	for _, engine := range []Engine{EngineAuto, EngineInterpreter} {
		h, err := New(context.Background(), Options{CacheDir: "-", Engine: engine})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Compile(context.Background(), header); err != nil { // the engine's runtime made
			t.Fatal(err)
		}
		for name, wasm := range map[string][]byte{"functions": funcs, "imports": imports, "locals": locals} {
			var cerr error
			got := allocated(func() { _, cerr = h.Compile(context.Background(), wasm) })
			if got > 8<<20 {
				t.Errorf("%v, %s: compiling a %d-byte module that does not decode allocated %d MiB", engine, name, len(wasm), got>>20)
			}
			if cerr == nil || !strings.Contains(cerr.Error(), "refused before compiling") {
				t.Errorf("%v, %s: Compile = %v, want a refusal before compiling", engine, name, cerr)
			}
		}
		h.Close(context.Background())
	}
}

// TestRefusalSeenPastManyProblems: a module whose first thousand problems
// are lesser ones (element segments naming no table: invalid) and whose
// data section then declares 2^22 segments in none of its bytes is still
// refused before compiling, allocating little. Attack pass 46e, row 2:
// the reader kept its first 1,000 problems and dropped the rest, the
// count among them, and wazero allocated the segments (224 MiB; 2^32-1
// took call down, exit 4).
func TestRefusalSeenPastManyProblems(t *testing.T) { // not parallel: measures the process's allocations
	elems := binary.AppendUvarint(nil, 1000)
	for k := range uint64(1000) {
		elems = append(elems, 0x02)                         // active, with a table index
		elems = binary.AppendUvarint(elems, k)              // a table that does not exist
		elems = append(elems, 0x41, 0x00, 0x0b, 0x00, 0x00) // offset i32.const 0, funcref, no entries
	}
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), framed(9, elems)...)
	wasm = append(wasm, framed(11, binary.AppendUvarint(nil, 1<<22))...)
	h, err := New(context.Background(), Options{CacheDir: "-", Engine: EngineInterpreter})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	if _, err := h.Compile(context.Background(), []byte("\x00asm\x01\x00\x00\x00")); err != nil { // the engine's runtime made
		t.Fatal(err)
	}
	var cerr error
	got := allocated(func() { _, cerr = h.Compile(context.Background(), wasm) })
	if got > 8<<20 || cerr == nil || !strings.Contains(cerr.Error(), "refused before compiling") {
		t.Errorf("Compile allocated %d MiB, error %v; want a refusal before compiling", got>>20, cerr)
	}
}
