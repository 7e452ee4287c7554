package wasmparse

import (
	"sync"

	"github.com/tetratelabs/wabin/wasm"
)

// immKind says which immediates follow an opcode.
type immKind uint8

const (
	immNone        immKind = iota
	immBlock               // blocktype
	immLabel               // labelidx
	immBrTable             // vec(labelidx) labelidx
	immFunc                // funcidx
	immCallIndir           // typeidx tableidx
	immLocal               // localidx
	immGlobal              // globalidx
	immTable               // tableidx
	immMem                 // memarg
	immMemIdx              // memidx (a 0x00 byte in 2.0)
	immI32                 // s32
	immI64                 // s64
	immF32                 // 4 bytes
	immF64                 // 8 bytes
	immV128                // 16 bytes
	immLane                // lane index byte
	immMemLane             // memarg, lane index byte
	immShuffle             // 16 lane index bytes
	immHeap                // heaptype
	immSelectT             // vec(valtype)
	immMemInit             // dataidx memidx
	immData                // dataidx
	immMemCopy             // memidx memidx
	immTableInit           // elemidx tableidx
	immElem                // elemidx
	immTableCopy           // tableidx tableidx
	immTag                 // tagidx
	immTryTable            // blocktype vec(catch)
	immType                // typeidx
	immTwoIdx              // two u32 indices (struct.get, array.copy, cont.bind, ...)
	immBrOnCast            // flags labelidx heaptype heaptype
	immResume              // typeidx vec(handler)
	immResumeThrow         // typeidx tagidx vec(handler)
	immZeroByte            // atomic.fence
)

// opInfo describes one instruction: its name, immediates, the proposal it
// belongs to (0 for WebAssembly 2.0) and, for the many instructions whose
// typing is a fixed signature, that signature.
type opInfo struct {
	name   string
	imm    immKind
	feat   Feature
	feat2  Feature // a second proposal the instruction needs, e.g. return_call_ref's function-references
	in     [3]ValType
	nin    uint8
	out    ValType // 0: no result
	simple bool    // typing is exactly in -> out
	align  uint8   // memory access: natural alignment (log2) + 1; 0 for other instructions
	lanes  uint8   // lane-indexed SIMD: number of lanes
}

// Opcode tables by prefix; a nil entry is an opcode nobody defines.
var (
	ops1  [256]*opInfo
	opsFB [32]*opInfo
	opsFC [32]*opInfo
	opsFD [0x114]*opInfo
	opsFE [0x4f]*opInfo
)

// sigType maps the one-letter codes used in the tables below.
func sigType(c byte) ValType {
	switch c {
	case 'i':
		return I32
	case 'I':
		return I64
	case 'f':
		return F32
	case 'F':
		return F64
	case 'v':
		return V128
	}
	panic("bad signature letter " + string(c))
}

// mk builds an opInfo. sig is "in:out" with the letters of sigType, or "" when
// the validator types the instruction itself.
func mk(name string, imm immKind, feat Feature, sig string) *opInfo {
	o := &opInfo{name: name, imm: imm, feat: feat}
	if sig != "" {
		o.simple = true
		i := 0
		for ; sig[i] != ':'; i++ {
			o.in[o.nin] = sigType(sig[i])
			o.nin++
		}
		if i+1 < len(sig) {
			o.out = sigType(sig[i+1])
		}
	}
	return o
}

// buildOpTablesOnce fills the tables on the first Parse rather than at
// start, which every subakogo command would pay for.
var buildOpTablesOnce sync.Once

func buildOpTables() {
	// Control, parametric, variable, table and reference instructions: typed by the validator.
	for _, d := range []struct {
		op  byte
		imm immKind
	}{
		{0x00, immNone}, {0x01, immNone}, {0x02, immBlock}, {0x03, immBlock}, {0x04, immBlock},
		{0x05, immNone}, {0x0b, immNone}, {0x0c, immLabel}, {0x0d, immLabel}, {0x0e, immBrTable},
		{0x0f, immNone}, {0x10, immFunc}, {0x11, immCallIndir}, {0x1a, immNone}, {0x1b, immNone},
		{0x1c, immSelectT}, {0x20, immLocal}, {0x21, immLocal}, {0x22, immLocal}, {0x23, immGlobal},
		{0x24, immGlobal}, {0x25, immTable}, {0x26, immTable}, {0x3f, immMemIdx}, {0x40, immMemIdx},
		{0xd0, immHeap}, {0xd1, immNone}, {0xd2, immFunc},
	} {
		ops1[d.op] = mk(wasm.InstructionName(d.op), d.imm, 0, "")
	}
	// Loads and stores: name, signature, natural alignment.
	for _, d := range []struct {
		op    byte
		sig   string
		align uint8
	}{
		{0x28, "i:i", 2}, {0x29, "i:I", 3}, {0x2a, "i:f", 2}, {0x2b, "i:F", 3},
		{0x2c, "i:i", 0}, {0x2d, "i:i", 0}, {0x2e, "i:i", 1}, {0x2f, "i:i", 1},
		{0x30, "i:I", 0}, {0x31, "i:I", 0}, {0x32, "i:I", 1}, {0x33, "i:I", 1}, {0x34, "i:I", 2}, {0x35, "i:I", 2},
		{0x36, "ii:", 2}, {0x37, "iI:", 3}, {0x38, "if:", 2}, {0x39, "iF:", 3},
		{0x3a, "ii:", 0}, {0x3b, "ii:", 1}, {0x3c, "iI:", 0}, {0x3d, "iI:", 1}, {0x3e, "iI:", 2},
	} {
		o := mk(wasm.InstructionName(d.op), immMem, 0, d.sig)
		o.align = d.align + 1
		ops1[d.op] = o
	}
	ops1[opI32Const] = mk("i32.const", immI32, 0, ":i")
	ops1[opI64Const] = mk("i64.const", immI64, 0, ":I")
	ops1[opF32Const] = mk("f32.const", immF32, 0, ":f")
	ops1[opF64Const] = mk("f64.const", immF64, 0, ":F")
	// Numeric instructions 0x45..0xc4 in ranges of one signature.
	for _, rg := range []struct {
		from, to byte
		sig      string
	}{
		{0x45, 0x45, "i:i"}, {0x46, 0x4f, "ii:i"}, {0x50, 0x50, "I:i"}, {0x51, 0x5a, "II:i"},
		{0x5b, 0x60, "ff:i"}, {0x61, 0x66, "FF:i"}, {0x67, 0x69, "i:i"}, {0x6a, 0x78, "ii:i"},
		{0x79, 0x7b, "I:I"}, {0x7c, 0x8a, "II:I"}, {0x8b, 0x91, "f:f"}, {0x92, 0x98, "ff:f"},
		{0x99, 0x9f, "F:F"}, {0xa0, 0xa6, "FF:F"}, {0xa7, 0xa7, "I:i"}, {0xa8, 0xa9, "f:i"},
		{0xaa, 0xab, "F:i"}, {0xac, 0xad, "i:I"}, {0xae, 0xaf, "f:I"}, {0xb0, 0xb1, "F:I"},
		{0xb2, 0xb3, "i:f"}, {0xb4, 0xb5, "I:f"}, {0xb6, 0xb6, "F:f"}, {0xb7, 0xb8, "i:F"},
		{0xb9, 0xba, "I:F"}, {0xbb, 0xbb, "f:F"}, {0xbc, 0xbc, "f:i"}, {0xbd, 0xbd, "F:I"},
		{0xbe, 0xbe, "i:f"}, {0xbf, 0xbf, "I:F"}, {0xc0, 0xc1, "i:i"}, {0xc2, 0xc4, "I:I"},
	} {
		for op := int(rg.from); op <= int(rg.to); op++ {
			ops1[op] = mk(wasm.InstructionName(byte(op)), immNone, 0, rg.sig)
		}
	}
	// Post-2.0 single-byte opcodes.
	for _, d := range []struct {
		op   byte
		name string
		imm  immKind
		feat Feature
	}{
		{0x06, "try", immBlock, FeatExceptionHandlingLegacy},
		{0x07, "catch", immTag, FeatExceptionHandlingLegacy},
		{0x08, "throw", immTag, featEHShared},
		{0x09, "rethrow", immLabel, FeatExceptionHandlingLegacy},
		{0x0a, "throw_ref", immNone, FeatExceptionHandling},
		{0x12, "return_call", immFunc, FeatTailCall},
		{0x13, "return_call_indirect", immCallIndir, FeatTailCall},
		{0x14, "call_ref", immType, FeatFunctionReferences},
		{0x15, "return_call_ref", immType, FeatTailCall},
		{0x18, "delegate", immLabel, FeatExceptionHandlingLegacy},
		{0x19, "catch_all", immNone, FeatExceptionHandlingLegacy},
		{0x1f, "try_table", immTryTable, FeatExceptionHandling},
		{0xd3, "ref.eq", immNone, FeatGC},
		{0xd4, "ref.as_non_null", immNone, FeatFunctionReferences},
		{0xd5, "br_on_null", immLabel, FeatFunctionReferences},
		{0xd6, "br_on_non_null", immLabel, FeatFunctionReferences},
		{0xe0, "cont.new", immType, FeatStackSwitching},
		{0xe1, "cont.bind", immTwoIdx, FeatStackSwitching},
		{0xe2, "suspend", immTag, FeatStackSwitching},
		{0xe3, "resume", immResume, FeatStackSwitching},
		{0xe4, "resume_throw", immResumeThrow, FeatStackSwitching},
		{0xe5, "resume_throw_ref", immResume, FeatStackSwitching},
		{0xe6, "switch", immTwoIdx, FeatStackSwitching},
	} {
		ops1[d.op] = mk(d.name, d.imm, d.feat, "")
	}
	ops1[0x15].feat2 = FeatFunctionReferences // return_call_ref: a tail call through a typed reference

	// 0xFC: saturating truncation, bulk memory, table instructions; wide arithmetic.
	for i, sig := range []string{"f:i", "f:i", "F:i", "F:i", "f:I", "f:I", "F:I", "F:I"} {
		opsFC[i] = mk(wasm.MiscInstructionName(byte(i)), immNone, 0, sig)
	}
	for _, d := range []struct {
		op  byte
		imm immKind
	}{{8, immMemInit}, {9, immData}, {10, immMemCopy}, {11, immMemIdx}, {12, immTableInit}, {13, immElem}, {14, immTableCopy}, {15, immTable}, {16, immTable}, {17, immTable}} {
		opsFC[d.op] = mk(wasm.MiscInstructionName(d.op), d.imm, 0, "")
	}
	for i, n := range []string{"i64.add128", "i64.sub128", "i64.mul_wide_s", "i64.mul_wide_u"} {
		opsFC[19+i] = mk(n, immNone, FeatWideArithmetic, "")
	}

	initSIMD()
	initThreads()
	initGC()
	buildFastSigs()
}

func initSIMD() {
	name := func(op int) string { return wasm.VectorInstructionName(byte(op)) }
	set := func(op int, imm immKind, sig string) { opsFD[op] = mk(name(op), imm, 0, sig) }
	// Loads and stores with their natural alignment.
	for op, align := range []uint8{4, 3, 3, 3, 3, 3, 3, 0, 1, 2, 3} { // 0x00..0x0a
		set(op, immMem, "i:v")
		opsFD[op].align = align + 1
	}
	set(0x0b, immMem, "iv:")
	opsFD[0x0b].align = 5
	set(0x0c, immV128, ":v")
	set(0x0d, immShuffle, "vv:v")
	set(0x0e, immNone, "vv:v")
	for op, sig := range []string{"i:v", "i:v", "i:v", "I:v", "f:v", "F:v"} { // splats 0x0f..0x14
		set(0x0f+op, immNone, sig)
	}
	for _, d := range []struct {
		op    int
		sig   string
		lanes uint8
	}{
		{0x15, "v:i", 16}, {0x16, "v:i", 16}, {0x17, "vi:v", 16}, {0x18, "v:i", 8}, {0x19, "v:i", 8}, {0x1a, "vi:v", 8},
		{0x1b, "v:i", 4}, {0x1c, "vi:v", 4}, {0x1d, "v:I", 2}, {0x1e, "vI:v", 2}, {0x1f, "v:f", 4}, {0x20, "vf:v", 4},
		{0x21, "v:F", 2}, {0x22, "vF:v", 2},
	} {
		set(d.op, immLane, d.sig)
		opsFD[d.op].lanes = d.lanes
	}
	for op := 0x23; op <= 0x4c; op++ { // comparisons
		set(op, immNone, "vv:v")
	}
	set(0x4d, immNone, "v:v")
	for op := 0x4e; op <= 0x51; op++ {
		set(op, immNone, "vv:v")
	}
	set(0x52, immNone, "vvv:v")
	set(0x53, immNone, "v:i")
	for i, align := range []uint8{0, 1, 2, 3} {
		set(0x54+i, immMemLane, "iv:v") // load*_lane
		opsFD[0x54+i].align, opsFD[0x54+i].lanes = align+1, 16>>align
		set(0x58+i, immMemLane, "iv:") // store*_lane
		opsFD[0x58+i].align, opsFD[0x58+i].lanes = align+1, 16>>align
	}
	set(0x5c, immMem, "i:v")
	opsFD[0x5c].align = 3
	set(0x5d, immMem, "i:v")
	opsFD[0x5d].align = 4
	// The rest of 2.0 SIMD: unary v:v, binary vv:v, and the exceptions below.
	for op := 0x5e; op <= 0xff; op++ {
		if name(op) == "" {
			continue
		}
		set(op, immNone, "vv:v")
	}
	for _, op := range []int{0x5e, 0x5f, 0x60, 0x61, 0x62, 0x67, 0x68, 0x69, 0x6a, 0x74, 0x75, 0x7a, 0x7c, 0x7d, 0x7e, 0x7f,
		0x80, 0x81, 0x87, 0x88, 0x89, 0x8a, 0x94, 0xa0, 0xa1, 0xa7, 0xa8, 0xa9, 0xaa, 0xc0, 0xc1, 0xc7, 0xc8, 0xc9, 0xca,
		0xe0, 0xe1, 0xe3, 0xec, 0xed, 0xef, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff} {
		set(op, immNone, "v:v")
	}
	for _, op := range []int{0x63, 0x64, 0x83, 0x84, 0xa3, 0xa4, 0xc3, 0xc4} { // all_true, bitmask
		set(op, immNone, "v:i")
	}
	for _, op := range []int{0x6b, 0x6c, 0x6d, 0x8b, 0x8c, 0x8d, 0xab, 0xac, 0xad, 0xcb, 0xcc, 0xcd} { // shifts
		set(op, immNone, "vi:v")
	}
	for i, n := range []string{"i8x16.relaxed_swizzle", "i32x4.relaxed_trunc_f32x4_s", "i32x4.relaxed_trunc_f32x4_u",
		"i32x4.relaxed_trunc_f64x2_s_zero", "i32x4.relaxed_trunc_f64x2_u_zero", "f32x4.relaxed_madd", "f32x4.relaxed_nmadd",
		"f64x2.relaxed_madd", "f64x2.relaxed_nmadd", "i8x16.relaxed_laneselect", "i16x8.relaxed_laneselect",
		"i32x4.relaxed_laneselect", "i64x2.relaxed_laneselect", "f32x4.relaxed_min", "f32x4.relaxed_max",
		"f64x2.relaxed_min", "f64x2.relaxed_max", "i16x8.relaxed_q15mulr_s", "i16x8.relaxed_dot_i8x16_i7x16_s",
		"i32x4.relaxed_dot_i8x16_i7x16_add_s"} {
		opsFD[0x100+i] = mk(n, immNone, FeatRelaxedSIMD, "")
	}
}

func initThreads() {
	opsFE[0x00] = mk("memory.atomic.notify", immMem, FeatThreads, "")
	opsFE[0x01] = mk("memory.atomic.wait32", immMem, FeatThreads, "")
	opsFE[0x02] = mk("memory.atomic.wait64", immMem, FeatThreads, "")
	opsFE[0x03] = mk("atomic.fence", immZeroByte, FeatThreads, "")
	names := []string{
		"i32.atomic.load", "i64.atomic.load", "i32.atomic.load8_u", "i32.atomic.load16_u", "i64.atomic.load8_u",
		"i64.atomic.load16_u", "i64.atomic.load32_u", "i32.atomic.store", "i64.atomic.store", "i32.atomic.store8",
		"i32.atomic.store16", "i64.atomic.store8", "i64.atomic.store16", "i64.atomic.store32",
	}
	for _, rmw := range []string{"add", "sub", "and", "or", "xor", "xchg", "cmpxchg"} {
		for _, w := range []string{"i32.atomic.rmw.", "i64.atomic.rmw.", "i32.atomic.rmw8.", "i32.atomic.rmw16.", "i64.atomic.rmw8.", "i64.atomic.rmw16.", "i64.atomic.rmw32."} {
			suffix := rmw
			if w != "i32.atomic.rmw." && w != "i64.atomic.rmw." {
				suffix += "_u"
			}
			names = append(names, w+suffix)
		}
	}
	for i, n := range names {
		opsFE[0x10+i] = mk(n, immMem, FeatThreads, "")
	}
}

func initGC() {
	for i, d := range []struct {
		name string
		imm  immKind
	}{
		{"struct.new", immType}, {"struct.new_default", immType}, {"struct.get", immTwoIdx}, {"struct.get_s", immTwoIdx},
		{"struct.get_u", immTwoIdx}, {"struct.set", immTwoIdx}, {"array.new", immType}, {"array.new_default", immType},
		{"array.new_fixed", immTwoIdx}, {"array.new_data", immTwoIdx}, {"array.new_elem", immTwoIdx}, {"array.get", immType},
		{"array.get_s", immType}, {"array.get_u", immType}, {"array.set", immType}, {"array.len", immNone},
		{"array.fill", immType}, {"array.copy", immTwoIdx}, {"array.init_data", immTwoIdx}, {"array.init_elem", immTwoIdx},
		{"ref.test", immHeap}, {"ref.test", immHeap}, {"ref.cast", immHeap}, {"ref.cast", immHeap},
		{"br_on_cast", immBrOnCast}, {"br_on_cast_fail", immBrOnCast}, {"any.convert_extern", immNone},
		{"extern.convert_any", immNone}, {"ref.i31", immNone}, {"i31.get_s", immNone}, {"i31.get_u", immNone},
	} {
		opsFB[i] = mk(d.name, d.imm, FeatGC, "")
	}
}

// lookupOp finds the instruction for a prefix (0 for none) and sub-opcode.
func lookupOp(prefix byte, sub uint32) *opInfo {
	switch prefix {
	case 0:
		return ops1[sub]
	case 0xfb:
		if sub < uint32(len(opsFB)) {
			return opsFB[sub]
		}
	case 0xfc:
		if sub < uint32(len(opsFC)) {
			return opsFC[sub]
		}
	case 0xfd:
		if sub < uint32(len(opsFD)) {
			return opsFD[sub]
		}
	case 0xfe:
		if sub < uint32(len(opsFE)) {
			return opsFE[sub]
		}
	}
	return nil
}
