package wasmparse

// The opcodes the validator and its fast path switch on, by their names in
// the specification's binary format; the tables of opInfo (opcodes.go) hold
// every opcode with its immediates and typing.
const (
	opUnreachable  = 0x00
	opNop          = 0x01
	opBlock        = 0x02
	opLoop         = 0x03
	opIf           = 0x04
	opElse         = 0x05
	opTry          = 0x06 // legacy exception handling
	opEnd          = 0x0b
	opBr           = 0x0c
	opBrIf         = 0x0d
	opBrTable      = 0x0e
	opReturn       = 0x0f
	opCall         = 0x10
	opCallIndirect = 0x11
	opDelegate     = 0x18 // legacy exception handling
	opDrop         = 0x1a
	opSelect       = 0x1b
	opSelectT      = 0x1c
	opTryTable     = 0x1f // exception handling
	opLocalGet     = 0x20
	opLocalSet     = 0x21
	opLocalTee     = 0x22
	opGlobalGet    = 0x23
	opGlobalSet    = 0x24
	opTableGet     = 0x25
	opTableSet     = 0x26
	opMemorySize   = 0x3f
	opMemoryGrow   = 0x40
	opI32Const     = 0x41
	opI64Const     = 0x42
	opF32Const     = 0x43
	opF64Const     = 0x44
	opRefNull      = 0xd0
	opRefIsNull    = 0xd1
	opRefFunc      = 0xd2

	// The prefixes of multi-byte opcodes: a u32 follows.
	prefixGC      = 0xfb
	prefixMisc    = 0xfc // saturating conversions, bulk memory and tables
	prefixSIMD    = 0xfd
	prefixThreads = 0xfe

	// The 0xFC instructions the validator types itself.
	miscMemoryInit = 8
	miscDataDrop   = 9
	miscMemoryCopy = 10
	miscMemoryFill = 11
	miscTableInit  = 12
	miscElemDrop   = 13
	miscTableCopy  = 14
	miscTableGrow  = 15
	miscTableSize  = 16
	miscTableFill  = 17

	// blockEmpty is the block type of a block with no results.
	blockEmpty = 0x40
)
