// Package wasmbuild builds small WebAssembly modules for tests: a valid
// WASI command to start from (encoded with wabin), and byte-level edits for
// what wabin cannot express (shared or 64-bit memories, proposal opcodes).
package wasmbuild

import (
	"bytes"
	"encoding/binary"

	wabin "github.com/tetratelabs/wabin/binary"
	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"
)

// Command returns a minimal valid WASI command: it imports fd_write,
// defines _start (function 1, named "start") with the given body and
// exports it with one page of memory.
func Command() *wasm.Module {
	i32 := wasm.ValueTypeI32
	return &wasm.Module{
		TypeSection: []*wasm.FunctionType{
			{Params: []wasm.ValueType{i32, i32, i32, i32}, Results: []wasm.ValueType{i32}},
			{},
		},
		ImportSection: []*wasm.Import{
			{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "fd_write", DescFunc: 0},
		},
		FunctionSection: []wasm.Index{1},
		MemorySection:   &wasm.Memory{Min: 1},
		ExportSection: []*wasm.Export{
			{Type: wasm.ExternTypeFunc, Name: "_start", Index: 1},
			{Type: wasm.ExternTypeMemory, Name: "memory", Index: 0},
		},
		CodeSection: []*wasm.Code{{Body: []byte{wasm.OpcodeEnd}}},
		NameSection: &wasm.NameSection{FunctionNames: wasm.NameMap{{Index: 1, Name: "start"}}},
	}
}

// Encode encodes a module.
func Encode(m *wasm.Module) []byte { return wabin.EncodeModule(m) }

// Section encodes one section with its id and size.
func Section(id byte, payload []byte) []byte {
	out := append([]byte{id}, leb128.EncodeUint32(uint32(len(payload)))...)
	return append(out, payload...)
}

// Custom encodes a custom section.
func Custom(name string, payload []byte) []byte {
	p := append(leb128.EncodeUint32(uint32(len(name))), name...)
	return Section(0, append(p, payload...))
}

// ReplaceSection swaps the payload of the first section with the id in an
// encoded module; it inserts the section in order when there is none.
func ReplaceSection(b []byte, id byte, payload []byte) []byte {
	order := func(id byte) int {
		rank := [14]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 13: 6, 6: 7, 7: 8, 8: 9, 9: 10, 12: 11, 10: 12, 11: 13}
		return rank[id]
	}
	pos := 8
	for pos < len(b) {
		sid := b[pos]
		size, n, err := leb128.DecodeUint32(bytes.NewReader(b[pos+1:]))
		if err != nil {
			panic(err)
		}
		end := pos + 1 + int(n) + int(size)
		switch {
		case sid == id:
			return concat(b[:pos], Section(id, payload), b[end:])
		case sid != 0 && order(sid) > order(id):
			return concat(b[:pos], Section(id, payload), b[pos:])
		}
		pos = end
	}
	return concat(b, Section(id, payload))
}

// Append adds raw bytes (usually a custom section) at the end.
func Append(b []byte, more ...[]byte) []byte { return concat(append([][]byte{b}, more...)...) }

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// HugeNameCount is a valid command without names followed by a name
// section whose subsection (1: function names, 2: local names) declares
// 2^32-1 entries and holds one: about 100 bytes that wazero's name decoder
// once answered by allocating 96 GiB.
func HugeNameCount(subsection byte) []byte {
	m := Command()
	m.NameSection = nil
	entries := leb128.EncodeUint32(1<<32 - 1)
	switch subsection {
	case 1:
		entries = append(entries, 1, 5, 's', 't', 'a', 'r', 't') // func 1 "start"
	case 2:
		entries = append(entries, 1, 0) // func 1, no locals
	default:
		panic("HugeNameCount: subsection 1 or 2")
	}
	sub := append([]byte{subsection}, leb128.EncodeUint32(uint32(len(entries)))...)
	return Append(Encode(m), Custom("name", append(sub, entries...)))
}

// QuadraticDWARF is a valid command followed by .debug_abbrev and
// .debug_info sections that cost a DWARF reader quadratic time and memory:
// abbrevs abbreviations in one table with no end between them, and units
// compilation units, each pointing at a different abbreviation, so each
// unit's table runs to the end of the section (Go's debug/dwarf parses and
// keeps every one). 20,000 of each, 344 KB, once held lint past 2 minutes
// and 5 GB.
func QuadraticDWARF(abbrevs, units int) []byte {
	var abbrev []byte
	offsets := make([]uint32, 0, abbrevs)
	for id := 1; id <= abbrevs; id++ {
		offsets = append(offsets, uint32(len(abbrev)))
		abbrev = append(abbrev, leb128.EncodeUint32(uint32(id))...)
		abbrev = append(abbrev, 0x11, 0, 0, 0) // compile_unit, no children, no attributes
	}
	abbrev = append(abbrev, 0)
	var info []byte
	for i := range units {
		info = binary.LittleEndian.AppendUint32(info, 7) // unit length: version, abbrev offset, address size
		info = binary.LittleEndian.AppendUint16(info, 4) // DWARF 4
		info = binary.LittleEndian.AppendUint32(info, offsets[i%len(offsets)])
		info = append(info, 4) // address size
	}
	m := Command()
	m.NameSection = nil
	return Append(Encode(m), Custom(".debug_abbrev", abbrev), Custom(".debug_info", info))
}
