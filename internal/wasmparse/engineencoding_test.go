package wasmparse

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tetratelabs/wabin/leb128"
)

// TestCountPastLimitExceeds: a vector count past its implementation limit
// is Exceeds (W054 and its kin), with the limit's message at the count's
// offset, however few bytes follow it. Attack pass 46d, row 1: countMax
// checked the count against the bytes left first, so a 15-byte module
// declaring 2^32-1 imports was only malformed ("length out of bounds"),
// which the host did not refuse, and wazero allocated for 2^32-1 imports
// before reading one (a fatal out of memory in `call`).
func TestCountPastLimitExceeds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		wasm  []byte
		limit Limit
	}{
		{"2^32-1 imports", module(section(2, []byte{0xff, 0xff, 0xff, 0xff, 0x0f})), LimitImports},
		{"2^24 functions", module(section(3, []byte{0x80, 0x80, 0x80, 0x08})), LimitFunctions},
		{"2^32-1 data segments", module(section(11, []byte{0xff, 0xff, 0xff, 0xff, 0x0f})), LimitDataSegments},
		{"1,000,001 types", module(section(1, []byte{0xc1, 0x84, 0x3d})), LimitTypes},
	} {
		m := Parse(c.wasm)
		if len(m.Problems) != 1 {
			t.Errorf("%s: %d problems, want 1: %s", c.name, len(m.Problems), problemsOf(m))
			continue
		}
		p := m.Problems[0]
		if p.Kind != Exceeds || p.Limit != c.limit || p.Offset != 10 || !strings.Contains(p.Message, "more than the limit of") {
			t.Errorf("%s: %v limit %v at %#x: %s; want past the limit of %s at 0xa", c.name, kindName(p.Kind), p.Limit, p.Offset, p.Message, c.limit.What())
		}
		if _, ok := m.Exceeded(); !ok {
			t.Errorf("%s: Exceeded() is false", c.name)
		}
	}
}

// TestOverlongNegativeBlockTypeMalformed: a block type is 0x40, a value
// type's byte, or a non-negative s33 type index; a negative s33 of more
// than one byte is malformed at the block type's offset, as wasmtime's
// wasmparser refuses it (read_block_type: "valtype encodings are in their
// canonical form"). Attack pass 46d, row 2: the reader took c0 7f as the
// empty type and ff 7f as i32, so lint passed a module Subako refuses.
func TestOverlongNegativeBlockTypeMalformed(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		body []byte
		at   int // the block type's offset in the body
	}{
		"block c0 7f (empty)":  {[]byte{0, 0x02, 0xc0, 0x7f, 0x0b, 0x0b}, 2},
		"block ff 7f (i32)":    {[]byte{0, 0x02, 0xff, 0x7f, 0x41, 0, 0x0b, 0x1a, 0x0b}, 2},
		"if c0 7f (empty)":     {[]byte{0, 0x41, 0, 0x04, 0xc0, 0x7f, 0x0b, 0x0b}, 4},
		"loop c0 ff 7f (3 b.)": {[]byte{0, 0x03, 0xc0, 0xff, 0x7f, 0x0b, 0x0b}, 2},
	} {
		w := oneFunction(c.body)
		m := Parse(w)
		if len(m.Problems) != 1 {
			t.Errorf("%s: %d problems, want 1: %s", name, len(m.Problems), problemsOf(m))
			continue
		}
		want := len(w) - len(c.body) + c.at
		if p := m.Problems[0]; p.Kind != Malformed || p.Offset != want || !strings.Contains(p.Message, "malformed block type") {
			t.Errorf("%s: %s at %#x: %s; want malformed block type at %#x", name, kindName(p.Kind), p.Offset, p.Message, want)
		}
	}
	// A type index in more bytes than it needs stays valid (an s33, as wasmparser reads it).
	if m := Parse(oneFunction([]byte{0, 0x02, 0x80, 0x00, 0x0b, 0x0b})); len(m.Problems) != 0 {
		t.Errorf("block of type index 0 as 80 00: %s", problemsOf(m))
	}
}

// TestOverlongHeapTypeMalformed: ref.null's heap type is one byte in 2.0
// (a reference type's); a negative s33 of more bytes is malformed, in a
// function and in a constant expression, as wasmparser's
// HeapType::from_reader reads it again as one byte (0xf0: "invalid
// abstract heap type"). Attack pass 46d, row 2: f0 7f was read as func; in
// a global's initialiser wazero took it too, so lint passed the module.
func TestOverlongHeapTypeMalformed(t *testing.T) {
	t.Parallel()
	global := module(section(6, []byte{1, 0x70, 0x00, 0xd0, 0xf0, 0x7f, 0x0b}))
	body := []byte{0, 0xd0, 0xf0, 0x7f, 0x1a, 0x0b}
	fn := oneFunction(body)
	for name, c := range map[string]struct {
		wasm []byte
		at   int
	}{
		"a funcref global of ref.null f0 7f": {global, 14},
		"ref.null f0 7f in a function":       {fn, len(fn) - len(body) + 2},
	} {
		m := Parse(c.wasm)
		if len(m.Problems) != 1 {
			t.Errorf("%s: %d problems, want 1: %s", name, len(m.Problems), problemsOf(m))
			continue
		}
		if p := m.Problems[0]; p.Kind != Malformed || p.Offset != c.at || p.Message != "malformed heap type" {
			t.Errorf("%s: %s at %#x: %s; want malformed heap type at %#x", name, kindName(p.Kind), p.Offset, p.Message, c.at)
		}
	}
	if m := Parse(oneFunction([]byte{0, 0xd0, 0x70, 0x1a, 0x0b})); len(m.Problems) != 0 {
		t.Errorf("ref.null 70: %s", problemsOf(m))
	}
}

// memoryFunction is a module with one memory and one function of type
// () -> () whose body is body.
func memoryFunction(body []byte) []byte {
	code := append(leb128.EncodeUint32(uint32(len(body))), body...)
	return module(emptyFuncType, section(3, []byte{1, 0}), section(5, []byte{1, 0, 1}), section(10, append([]byte{1}, code...)))
}

// TestEngineBytesShortensOverlongU32s: the opcode after 0xfc and 0xfd and
// a typed select's count of types, u32s that wazero reads as one byte,
// reach engines in their shortest form, in a function body (whose size and
// the code section's are written again) and in a constant expression;
// Parse reports nothing, as the module is valid. Attack pass 46d, row 3:
// EngineBytes handed them on as written; wazero's interpreter refused
// fc 80 00 where its compiler took it (the verdict followed the cache), and
// both read fd 8c 00 (v128.const) as i16x8.shr_s then unreachable.
func TestEngineBytesShortensOverlongU32s(t *testing.T) {
	t.Parallel()
	v128 := make([]byte, 16)
	for name, c := range map[string]struct{ written, shortest []byte }{
		"i32.trunc_sat_f32_s as fc 80 00": {
			memoryFunction([]byte{0, 0x43, 0, 0, 0, 0, 0xfc, 0x80, 0x00, 0x1a, 0x0b}),
			memoryFunction([]byte{0, 0x43, 0, 0, 0, 0, 0xfc, 0x00, 0x1a, 0x0b}),
		},
		"memory.copy as fc 8a 80 80 80 00": {
			memoryFunction([]byte{0, 0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x8a, 0x80, 0x80, 0x80, 0x00, 0, 0, 0x0b}),
			memoryFunction([]byte{0, 0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x0a, 0, 0, 0x0b}),
		},
		"select (result i32) as 1c 81 00 7f": {
			memoryFunction([]byte{0, 0x41, 0, 0x41, 0, 0x41, 0, 0x1c, 0x81, 0x00, 0x7f, 0x1a, 0x0b}),
			memoryFunction([]byte{0, 0x41, 0, 0x41, 0, 0x41, 0, 0x1c, 0x01, 0x7f, 0x1a, 0x0b}),
		},
		"v128.const as fd 8c 00, i32x4.add as fd ae 81 00": {
			memoryFunction(slices.Concat([]byte{0, 0xfd, 0x8c, 0x00}, v128, []byte{0xfd, 0x0c}, v128, []byte{0xfd, 0xae, 0x81, 0x00, 0x1a, 0x0b})),
			memoryFunction(slices.Concat([]byte{0, 0xfd, 0x0c}, v128, []byte{0xfd, 0x0c}, v128, []byte{0xfd, 0xae, 0x01, 0x1a, 0x0b})),
		},
		"a v128 global of fd 8c 00": {
			module(section(6, slices.Concat([]byte{1, 0x7b, 0, 0xfd, 0x8c, 0x00}, v128, []byte{0x0b}))),
			module(section(6, slices.Concat([]byte{1, 0x7b, 0, 0xfd, 0x0c}, v128, []byte{0x0b}))),
		},
		"a body of 130 bytes shrinking to 126 (its size one byte shorter)": {
			memoryFunction(slices.Concat([]byte{0}, bytes.Repeat([]byte{0x01}, 116), []byte{0x43, 0, 0, 0, 0, 0xfc, 0x80, 0x80, 0x80, 0x80, 0x00, 0x1a, 0x0b})),
			memoryFunction(slices.Concat([]byte{0}, bytes.Repeat([]byte{0x01}, 116), []byte{0x43, 0, 0, 0, 0, 0xfc, 0x00, 0x1a, 0x0b})),
		},
	} {
		m := Parse(c.written)
		if len(m.Problems) != 0 {
			t.Errorf("%s: %s", name, problemsOf(m))
			continue
		}
		got, err := m.EngineBytes(c.written)
		if err != nil || !bytes.Equal(got, c.shortest) {
			t.Errorf("%s: EngineBytes = %x, %v; want %x", name, got, err, c.shortest)
		}
		if again := Parse(got); len(again.Problems) != 0 || len(again.overlong) != 0 {
			t.Errorf("%s: the engine's bytes: %s, %d overlong", name, problemsOf(again), len(again.overlong))
		}
	}
	// Canonical forms, and overlong u32s wazero reads as written (an index), are handed on as they are.
	for _, w := range [][]byte{
		memoryFunction(slices.Concat([]byte{0, 0xfd, 0x0c}, v128, []byte{0xfd, 0x0c}, v128, []byte{0xfd, 0xae, 0x01, 0x1a, 0x0b})),
		memoryFunction([]byte{0, 0x02, 0x80, 0x00, 0x0b, 0x10, 0x80, 0x00, 0x0b}), // block of type 0, call 0
	} {
		m := Parse(w)
		if len(m.Problems) != 0 {
			t.Errorf("%x: %s", w, problemsOf(m))
		}
		if got, err := m.EngineBytes(w); err != nil || &got[0] != &w[0] {
			t.Errorf("%x: EngineBytes made a copy (%v)", w, err)
		}
	}
}

// nameSection is a custom section "name" of the subsections.
func nameSection(subsections ...[]byte) []byte {
	payload := []byte{4, 'n', 'a', 'm', 'e'}
	for _, s := range subsections {
		payload = append(payload, s...)
	}
	return section(0, payload)
}

// TestEngineBytesTrimsHeavyNames: a name section whose decoding by wazero
// would hold more than EngineNamesMax reaches engines without its local
// names, or without the whole section when its function names alone weigh
// more; Parse says so in NameTrim (W056) and reports no problem. Attack
// pass 46d, row 4: a compiled module kept wazero's decoding of its name
// section on the host's heap (12,000,000 local-name entries, a 24 MB
// module: 343 MiB for as long as serve served it).
func TestEngineBytesTrimsHeavyNames(t *testing.T) {
	t.Parallel()
	const heavy = EngineNamesMax/nameMapAssocHeld + 1 // empty local-name maps, two bytes each
	locals := section(2, append(leb128.EncodeUint32(heavy), make([]byte, 2*heavy)...))
	funcs := section(1, []byte{1, 0, 1, 'f'})
	code := memoryFunction([]byte{0, 0x0b})
	w := append(append([]byte{}, code...), nameSection(funcs, locals)...)
	m := Parse(w)
	if len(m.Problems) != 0 || len(m.NameIssues) != 0 {
		t.Fatalf("%s %v", problemsOf(m), m.NameIssues)
	}
	want := NameTrim{Offset: len(code), Decoded: nameMapAssocHeld*heavy + nameAssocHeld + nameHeld(1), Whole: false}
	if m.NameTrim == nil || *m.NameTrim != want {
		t.Fatalf("NameTrim = %+v, want %+v", m.NameTrim, want)
	}
	got, err := m.EngineBytes(w)
	if wantBytes := append(append([]byte{}, code...), nameSection(funcs)...); err != nil || !bytes.Equal(got, wantBytes) {
		t.Errorf("EngineBytes kept %d bytes (%v), want the module with its function names only (%d)", len(got), err, len(wantBytes))
	}
	// At the bound, the section is kept whole.
	atBound := append(append([]byte{}, code...), nameSection(section(2, append(leb128.EncodeUint32(heavy-1), make([]byte, 2*(heavy-1))...)))...)
	if m := Parse(atBound); m.NameTrim != nil {
		t.Errorf("%d local-name entries (%d bytes decoded): NameTrim %+v", heavy-1, nameMapAssocHeld*(heavy-1), m.NameTrim)
	}
	// Function names past the bound: the whole section is left out.
	const names = EngineNamesMax/nameAssocHeld + 1
	fw := append(append([]byte{}, code...), nameSection(section(1, append(leb128.EncodeUint32(names), make([]byte, 2*names)...)))...)
	m = Parse(fw)
	if m.NameTrim == nil || !m.NameTrim.Whole {
		t.Fatalf("%d function names: NameTrim %+v, want the whole section", names, m.NameTrim)
	}
	if got, err := m.EngineBytes(fw); err != nil || !bytes.Equal(got, code) {
		t.Errorf("EngineBytes kept %d bytes (%v), want the module without its name section (%d)", len(got), err, len(code))
	}
}

// TestRealNameSectionsWeighed: the toolchains' modules' name sections
// weigh far below EngineNamesMax, so engines get them whole.
func TestRealNameSectionsWeighed(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../testdata/toolchain/*.wasm")
	if len(files) == 0 {
		t.Fatal("no modules in testdata/toolchain")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := Parse(b)
		for _, c := range m.Customs {
			if c.Name != "name" {
				continue
			}
			_, msg, w := nameSectionProblem(b, c.PayloadOffset, c.Offset+c.Size)
			t.Logf("%s: a name section of %d bytes weighs %d decoded (%s)", filepath.Base(f), c.Size, w.local+w.other, msg)
			if w.local+w.other > EngineNamesMax/16 {
				t.Errorf("%s: its name section weighs %d decoded", f, w.local+w.other)
			}
		}
		if m.NameTrim != nil {
			t.Errorf("%s: NameTrim %+v", f, m.NameTrim)
		}
	}
}
