package wasmparse

import (
	"strconv"

	"github.com/tetratelabs/wabin/wasm"
)

// ValType is a value type. The low byte is its binary code (0x7f i32 ...
// 0x6f externref, or 0x63/0x64 for (ref null? ht)); for typed references the
// heap type sits above it (heapBits). The zero value is the validator's
// "unknown" type of an unreachable stack.
type ValType uint32

// The WebAssembly 2.0 value types.
const (
	Unknown   ValType = 0
	I32       ValType = ValType(wasm.ValueTypeI32)
	I64       ValType = ValType(wasm.ValueTypeI64)
	F32       ValType = ValType(wasm.ValueTypeF32)
	F64       ValType = ValType(wasm.ValueTypeF64)
	V128      ValType = ValType(wasm.ValueTypeV128)
	FuncRef   ValType = ValType(wasm.ValueTypeFuncref)
	ExternRef ValType = ValType(wasm.ValueTypeExternref)
)

// Binary codes of types that only post-2.0 proposals define.
const (
	codeRef     = 0x64 // (ref ht)
	codeRefNull = 0x63 // (ref null ht)
	codeI8      = 0x78 // packed, GC struct/array fields
	codeI16     = 0x77
)

// abstractHeap names the abstract heap types and the proposal each belongs to.
var abstractHeap = map[byte]struct {
	name string
	feat Feature
}{
	0x70: {"func", 0}, 0x6f: {"extern", 0},
	0x6e: {"any", FeatGC}, 0x6d: {"eq", FeatGC}, 0x6c: {"i31", FeatGC}, 0x6b: {"struct", FeatGC},
	0x6a: {"array", FeatGC}, 0x71: {"none", FeatGC}, 0x72: {"noextern", FeatGC}, 0x73: {"nofunc", FeatGC},
	0x69: {"exn", FeatExceptionHandling}, 0x74: {"noexn", FeatExceptionHandling},
	0x68: {"cont", FeatStackSwitching}, 0x75: {"nocont", FeatStackSwitching},
}

// Is20 reports whether t is one of the WebAssembly 2.0 value types.
func (t ValType) Is20() bool {
	switch t {
	case I32, I64, F32, F64, V128, FuncRef, ExternRef:
		return true
	}
	return false
}

// IsRef reports whether t is a reference type (2.0 or later).
func (t ValType) IsRef() bool {
	c := byte(t)
	return c == codeRef || c == codeRefNull || (c >= 0x68 && c <= 0x75)
}

func (t ValType) String() string {
	c := byte(t)
	switch t {
	case Unknown:
		return "unknown"
	case I32, I64, F32, F64, V128, FuncRef, ExternRef:
		return wasm.ValueTypeName(c)
	}
	if c == codeRef || c == codeRefNull {
		ht := int64(t>>8) - 1
		s := "(ref "
		if c == codeRefNull {
			s += "null "
		}
		if ht >= 0 {
			return s + strconv.FormatInt(ht, 10) + ")"
		}
		return s + abstractHeap[byte(-ht-1)].name + ")"
	}
	if h, ok := abstractHeap[c]; ok {
		return h.name + "ref"
	}
	return "0x" + strconv.FormatUint(uint64(c), 16)
}

// FuncType is a function signature.
type FuncType struct {
	Params, Results []ValType
}

func (f FuncType) String() string {
	s := "("
	for i, p := range f.Params {
		if i > 0 {
			s += ", "
		}
		s += p.String()
	}
	s += ") -> ("
	for i, p := range f.Results {
		if i > 0 {
			s += ", "
		}
		s += p.String()
	}
	return s + ")"
}

// Equal reports whether two signatures are the same.
func (f FuncType) Equal(g FuncType) bool {
	if len(f.Params) != len(g.Params) || len(f.Results) != len(g.Results) {
		return false
	}
	for i := range f.Params {
		if f.Params[i] != g.Params[i] {
			return false
		}
	}
	for i := range f.Results {
		if f.Results[i] != g.Results[i] {
			return false
		}
	}
	return true
}

// TypeKind tells function types from the composite types of GC and stack switching.
type TypeKind byte

// Kinds of entries in the type section.
const (
	TypeFunc   TypeKind = 0x60
	TypeStruct TypeKind = 0x5f
	TypeArray  TypeKind = 0x5e
	TypeCont   TypeKind = 0x5d
)

// Type is one entry of the type index space (rec groups flattened). A
// function type's signature is Module.Signature: the entry holds only where
// it sits in the module's one array of value types, so that a hostile
// module of a million three-byte types costs 12 bytes for each, not two
// slices.
type Type struct {
	Kind              TypeKind
	nparams, nresults uint16 // at most LimitParams and LimitResults
	at                uint32 // of the parameters in Module.sigs, the results after them
}

// ExternKind is the kind of an import or export.
type ExternKind byte

// Import and export kinds.
const (
	ExternFunc   ExternKind = 0
	ExternTable  ExternKind = 1
	ExternMemory ExternKind = 2
	ExternGlobal ExternKind = 3
	ExternTag    ExternKind = 4
)

func (k ExternKind) String() string {
	switch k {
	case ExternFunc:
		return "function"
	case ExternTable:
		return "table"
	case ExternMemory:
		return "memory"
	case ExternGlobal:
		return "global"
	case ExternTag:
		return "tag"
	}
	return "kind 0x" + strconv.FormatUint(uint64(k), 16)
}

// Limits of a table or memory.
type Limits struct {
	Min, Max uint64
	PageLog2 uint32 // custom-page-sizes; 16 when absent
	HasMax   bool
	Shared   bool // threads
	Is64     bool // memory64 / table64
	HasPage  bool
}

// TableType is a table's element type and size.
type TableType struct {
	Elem   ValType
	Limits Limits
}

// Memory is a memory defined by the module.
type Memory struct {
	Limits
	Offset int
}

// Tag is an exception tag defined by the module.
type Tag struct {
	TypeIndex uint32
	Offset    int
}

// GlobalType is a global's value type and mutability.
type GlobalType struct {
	Type    ValType
	Mutable bool
}

// Import is one import entry, as Module.Import returns it. What an imported
// table, memory or global is goes to the index spaces, not here.
type Import struct {
	Module, Name string
	Offset       int    // of the entry
	TypeIndex    uint32 // functions and tags
	Kind         ExternKind
}

// importEntry is how the module keeps an import: its names as ranges of
// Module.importText, in 32 bytes where an Import takes 48, since a hostile
// module may hold 100,000 imports of four bytes each.
type importEntry struct {
	offset    int
	mod, name textRange
	typeIndex uint32
	kind      ExternKind
}

// textRange is a string's place in Module.importText.
type textRange struct{ at, n uint32 }

// Export is one export entry.
type Export struct {
	Name   string
	Kind   ExternKind
	Index  uint32
	Offset int
}

// ConstExpr is a constant expression, kept as the byte range of its
// instructions (the final end included).
type ConstExpr struct {
	Offset, End int
}

// Global is a global defined by the module.
type Global struct {
	Type   GlobalType
	Init   ConstExpr
	Offset int
}

// Table is a table defined by the module.
type Table struct {
	Type   TableType
	Init   *ConstExpr // function-references: a table with an initialiser
	Offset int
}

// SegmentMode says how an element or data segment is used.
type SegmentMode byte

// Segment modes.
const (
	ModeActive SegmentMode = iota
	ModePassive
	ModeDeclarative
)

// LocalRun is a run of locals of one type, as the code section declares them.
type LocalRun struct {
	Count uint32
	Type  ValType
}

// Custom is a custom section.
type Custom struct {
	Name          string
	Offset        int // of the section id byte
	PayloadOffset int // after the name
	Size          int // of the whole section, header included
}

// Section is one section as it appears in the file.
type Section struct {
	ID            byte
	Name          string // custom sections: their name; others: the section's name
	Offset        int    // of the id byte
	PayloadOffset int
	PayloadSize   int
}

// SectionName names a section id the way messages should.
func SectionName(id byte) string {
	if id == 13 {
		return "tag"
	}
	if id <= 12 {
		return wasm.SectionIDName(id)
	}
	return "unknown section " + strconv.Itoa(int(id))
}
