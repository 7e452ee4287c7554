package wasmparse

import (
	"strings"
	"testing"
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
