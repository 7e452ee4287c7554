package wasmparse

import "slices"

// fastSig is the fixed typing of a single-byte WebAssembly 2.0 instruction
// that fast takes from a table: a numeric one without immediates, or a load
// or store.
type fastSig struct {
	kind     fastKind
	nin      uint8
	in0, in1 uint8 // value type codes
	out      uint8 // 0: no result
	natural  uint8 // loads and stores: log2 of the natural alignment
}

type fastKind uint8

const (
	fastNone    fastKind = iota // not in the table: fast's switch or body handles it
	fastNumeric                 // no immediates
	fastMemory                  // a memarg
)

// fastSigs is indexed by opcode; buildOpTables fills it from ops1.
var fastSigs [256]fastSig

// buildFastSigs derives fastSigs from ops1's plain 2.0 instructions.
func buildFastSigs() {
	for op, o := range ops1 {
		if o == nil || !o.simple || o.feat != 0 || o.nin > 2 {
			continue
		}
		s := fastSig{nin: o.nin, in0: uint8(o.in[0]), in1: uint8(o.in[1]), out: uint8(o.out)}
		switch {
		case o.imm == immNone:
			s.kind = fastNumeric
		case o.imm == immMem && o.align != 0:
			s.kind, s.natural = fastMemory, o.align-1
		default:
			continue
		}
		fastSigs[op] = s
	}
}

// fast checks the common single-byte WebAssembly 2.0 instructions in one
// switch, reading their immediates in place. It returns at the first
// instruction it leaves to body, rewound to its start: another opcode, or
// an encoding it does not take apart (a block typed by an index, a memarg
// with flags). A problem panics here exactly as in body, with the same
// message at the same offset. It reports whether the function's final end
// was reached.
//
// Most instructions never reach its switch: straight, which it calls
// first, takes every run of instructions that types without a call. The
// reading position, the operand stack and the innermost block's height live
// in locals; they are written back to c before anything that reads them
// from there, and read again after.
func (c *funcCheck) fast() bool {
	r := &c.p.r
	b := r.b
	locals := c.localTypes
	hasMemory := c.memories() > 0
	pos, vals := r.pos, c.vals
	for {
		pos, vals = c.straight(b, pos, vals, locals, hasMemory)
		height := c.ctrls[len(c.ctrls)-1].height
		c.off = pos
		if pos >= len(b) {
			r.pos, c.vals = pos, vals
			return false
		}
		op := b[pos]
		pos++
		switch op {
		case opLocalGet, opLocalSet, opLocalTee:
			var idx uint32
			if pos < len(b) && b[pos] < 0x80 {
				idx = uint32(b[pos])
				pos++
			} else {
				r.pos = pos
				idx = r.u32Long()
				pos = r.pos
			}
			var t ValType
			if idx < uint32(len(locals)) {
				t = locals[idx]
			} else {
				t = c.local(idx)
			}
			if op != opLocalGet {
				if n := len(vals); n > height && vals[n-1] == t {
					vals = vals[:n-1]
				} else {
					r.pos, c.vals = pos, vals
					c.popType(t)
					pos, vals = r.pos, c.vals
				}
			}
			if op != opLocalSet {
				vals = append(vals, t)
			}
		case opI32Const, opI64Const:
			if pos < len(b) && b[pos] < 0x80 {
				pos++
			} else if pos+1 < len(b) && b[pos+1] < 0x80 {
				pos += 2 // two bytes are short enough for either width
			} else {
				r.pos = pos
				if op == opI32Const {
					r.s32()
				} else {
					r.s64()
				}
				pos = r.pos
			}
			if op == opI32Const {
				vals = append(vals, I32)
			} else {
				vals = append(vals, I64)
			}
		case opF32Const, opF64Const:
			n, t := 4, F32
			if op == opF64Const {
				n, t = 8, F64
			}
			if n > len(b)-pos {
				r.pos, c.vals = pos, vals
				r.bytes(n)
			}
			pos += n
			vals = append(vals, t)
		case opEnd:
			// A block of no parameters whose results are on top closes
			// without touching the stack (an if without else only when it
			// has no results).
			n := len(c.ctrls)
			if f := &c.ctrls[n-1]; n > 1 && len(f.params) == 0 && !f.unreachable &&
				(len(f.results) == 0 && len(vals) == height ||
					f.op != opIf &&
						len(f.results) == 1 && len(vals) == height+1 && vals[height] == f.results[0]) {
				c.ctrls = c.ctrls[:n-1]
				continue
			}
			r.pos, c.vals = pos, vals
			if c.end() {
				return true
			}
			pos, vals = r.pos, c.vals
		case opBlock, opLoop, opIf:
			if pos >= len(b) {
				r.pos = c.off
				c.vals = vals
				return false
			}
			var results []ValType
			switch bt := b[pos]; bt {
			case blockEmpty:
			case byte(I32), byte(I64), byte(F32), byte(F64), byte(V128), byte(FuncRef), byte(ExternRef):
				results = c.one[bt]
			default: // a type index
				r.pos = c.off
				c.vals = vals
				return false
			}
			pos++
			if op == opIf {
				if n := len(vals); n > height && vals[n-1] == I32 {
					vals = vals[:n-1]
				} else {
					r.pos, c.vals = pos, vals
					c.popType(I32)
					vals = c.vals
				}
			}
			if len(c.ctrls) > LimitNesting.Max() {
				r.pos, c.vals = pos, vals
				c.enter(frame{})
			}
			height = len(vals)
			c.ctrls = append(c.ctrls, frame{op: op, results: results, height: height, base: c.extra})
		case opBr:
			r.pos, c.vals = pos, vals
			c.popTypes(c.label(r.u32()).labelTypes())
			c.setUnreachable()
			pos, vals = r.pos, c.vals
		case opBrIf:
			r.pos, c.vals = pos, vals
			d := r.u32()
			c.pop1(I32)
			l := c.label(d)
			c.popTypes(l.labelTypes())
			c.pushLabel(l)
			pos, vals = r.pos, c.vals
		case opCall:
			r.pos = pos
			fn := r.u32()
			pos = r.pos
			// The parameters on top, in order, are popped at once; more
			// than one result is a run, pushed by pushList.
			if ti, ok := c.m.FuncTypeIndex(fn); ok {
				if ft, ok := c.m.Signature(ti); ok {
					if k := len(vals) - len(ft.Params); len(ft.Results) <= 1 && k >= height && slices.Equal(vals[k:], ft.Params) {
						vals = append(vals[:k], ft.Results...)
						continue
					}
					r.pos, c.vals = pos, vals
					c.popTypes(ft.Params)
					c.pushList(ft.Results, ti, true)
					pos, vals = r.pos, c.vals
					continue
				}
			}
			r.pos, c.vals = pos, vals
			c.call(fn)
			pos, vals = r.pos, c.vals
		case opGlobalGet:
			r.pos, c.vals = pos, vals
			vals = append(vals, c.global(r.u32()).Type)
			pos = r.pos
		case opGlobalSet:
			r.pos, c.vals = pos, vals
			c.globalSet(r.u32())
			pos, vals = r.pos, c.vals
		case opUnreachable:
			r.pos, c.vals = pos, vals
			c.setUnreachable()
			pos, vals = r.pos, c.vals
		case opNop:
		case opReturn:
			r.pos, c.vals = pos, vals
			c.popTypes(c.ctrls[0].results)
			c.setUnreachable()
			pos, vals = r.pos, c.vals
		case opDrop:
			r.pos, c.vals = pos, vals
			c.pop()
			pos, vals = r.pos, c.vals
		default:
			s := &fastSigs[op]
			switch s.kind {
			case fastNumeric:
			case fastMemory:
				if pos >= len(b) || b[pos] >= 32 { // flags or a long encoding
					r.pos = c.off
					c.vals = vals
					return false
				}
				im := immediates{align: uint32(b[pos])}
				pos++
				if pos < len(b) && b[pos] < 0x80 {
					im.offset = uint64(b[pos])
					pos++
				} else {
					r.pos = pos
					im.offset = uint64(r.u32Long())
					pos = r.pos
				}
				if !hasMemory || im.align > uint32(s.natural) {
					c.memArg(&im, s.natural)
				}
			default:
				r.pos = c.off
				c.vals = vals
				return false
			}
			n := len(vals)
			switch s.nin {
			case 1:
				if n > height && vals[n-1] == ValType(s.in0) {
					vals = vals[:n-1]
				} else {
					r.pos, c.vals = pos, vals
					c.popType(ValType(s.in0))
					pos, vals = r.pos, c.vals
				}
			case 2:
				if n > height+1 && vals[n-1] == ValType(s.in1) && vals[n-2] == ValType(s.in0) {
					vals = vals[:n-2]
				} else {
					r.pos, c.vals = pos, vals
					c.popType(ValType(s.in1))
					c.popType(ValType(s.in0))
					pos, vals = r.pos, c.vals
				}
			}
			if s.out != 0 {
				vals = append(vals, ValType(s.out))
			}
		}
	}
}

// straight types a run of the instructions that need no call: local.get,
// local.set and local.tee, the constants, the numeric instructions, loads
// and stores, global.get and global.set, call, br, br_if, br_table, return,
// nop, and blocks that take nothing and end with their results on top (or
// unreachable and empty), in their short encodings and when their operands
// are on top with their types. It stops at the first instruction that is
// anything else, or that would grow the stack or the blocks, without
// consuming it, and returns where that instruction starts and the stack;
// fast takes it from there. Having no call, it keeps its state in
// registers.
func (c *funcCheck) straight(b []byte, pos int, vals []ValType, locals []ValType, hasMemory bool) (int, []ValType) {
	m := c.m
	height := c.ctrls[len(c.ctrls)-1].height
	for pos < len(b) && len(vals) < cap(vals) {
		start := pos
		op := b[pos]
		pos++
		switch op {
		case opGlobalGet, opGlobalSet:
			if pos >= len(b) || b[pos] >= 0x80 || int(b[pos]) >= len(m.globalSpace) {
				return start, vals
			}
			g := m.globalSpace[b[pos]]
			pos++
			if op == opGlobalGet {
				vals = append(vals, g.Type)
				continue
			}
			if n := len(vals); !g.Mutable || n <= height || vals[n-1] != g.Type {
				return start, vals
			}
			vals = vals[:len(vals)-1]
		case opCall:
			fn, next, ok := uleb28(b, pos)
			if !ok || int(fn) >= len(m.funcSpace) {
				return start, vals
			}
			ti := m.funcSpace[fn]
			if int(ti) >= len(m.Types) || m.Types[ti].Kind != TypeFunc {
				return start, vals
			}
			t := &m.Types[ti]
			np, nr := int(t.nparams), int(t.nresults)
			k := len(vals) - np
			if nr > 1 || k < height || k+nr > cap(vals) || !slices.Equal(vals[k:], m.sigs[t.at:int(t.at)+np]) {
				return start, vals
			}
			pos = next
			vals = append(vals[:k], m.sigs[int(t.at)+np:int(t.at)+np+nr]...)
		case opBr, opBrIf: // br, br_if whose label's types are on top
			n := len(vals)
			if op == opBrIf {
				if n <= height || vals[n-1] != I32 {
					return start, vals
				}
				n--
			}
			if pos >= len(b) || b[pos] >= 0x80 || int(b[pos]) >= len(c.ctrls) {
				return start, vals
			}
			ts := c.ctrls[len(c.ctrls)-1-int(b[pos])].labelTypes()
			if k := n - len(ts); k < height || !slices.Equal(vals[k:n], ts) {
				return start, vals
			}
			pos++
			if op == opBrIf {
				vals = vals[:n]
				continue
			}
			vals = vals[:height]
			f := &c.ctrls[len(c.ctrls)-1]
			f.unreachable, c.extra = true, f.base
		case opBrTable: // br_table whose labels all carry nothing
			n := len(vals)
			if n <= height || vals[n-1] != I32 {
				return start, vals
			}
			count, next, ok := uleb28(b, pos)
			if !ok || count > uint32(LimitBrTable.Max()) {
				return start, vals
			}
			for range count + 1 { // the targets, then the default
				var d uint32
				if d, next, ok = uleb28(b, next); !ok || int(d) >= len(c.ctrls) || len(c.ctrls[len(c.ctrls)-1-int(d)].labelTypes()) != 0 {
					return start, vals
				}
			}
			pos = next
			vals = vals[:height]
			f := &c.ctrls[len(c.ctrls)-1]
			f.unreachable, c.extra = true, f.base
		case opReturn: // return with the results on top
			ts := c.ctrls[0].results
			if k := len(vals) - len(ts); k < height || !slices.Equal(vals[k:], ts) {
				return start, vals
			}
			vals = vals[:height]
			f := &c.ctrls[len(c.ctrls)-1]
			f.unreachable, c.extra = true, f.base
		case opNop:
		case opBlock, opLoop, opIf: // block, loop, if of no parameters
			if pos >= len(b) || len(c.ctrls) == cap(c.ctrls) || len(c.ctrls) > LimitNesting.Max() {
				return start, vals
			}
			var results []ValType
			switch bt := b[pos]; bt {
			case blockEmpty:
			case byte(I32), byte(I64), byte(F32), byte(F64), byte(V128), byte(FuncRef), byte(ExternRef):
				results = c.one[bt]
			default:
				return start, vals
			}
			if op == opIf {
				if n := len(vals); n <= height || vals[n-1] != I32 {
					return start, vals
				}
				vals = vals[:len(vals)-1]
			}
			pos++
			height = len(vals)
			c.ctrls = append(c.ctrls, frame{op: op, results: results, height: height, base: c.extra})
		case opEnd: // end of a block of no parameters whose results are on top
			n := len(c.ctrls)
			f := &c.ctrls[n-1]
			if n == 1 || len(f.params) != 0 || f.op == opIf && len(f.results) != 0 {
				return start, vals
			}
			switch {
			case f.unreachable && len(vals) == height && len(f.results) <= 1 && height+len(f.results) <= cap(vals):
				vals = append(vals, f.results...) // what the block leaves
			case f.unreachable:
				return start, vals
			case len(f.results) == 0 && len(vals) == height:
			case len(f.results) == 1 && len(vals) == height+1 && vals[height] == f.results[0]:
			default:
				return start, vals
			}
			c.ctrls = c.ctrls[:n-1]
			height = c.ctrls[n-2].height
		case opLocalGet, opLocalSet, opLocalTee:
			if pos >= len(b) || b[pos] >= 0x80 || int(b[pos]) >= len(locals) {
				return start, vals
			}
			t := locals[b[pos]]
			pos++
			if op != opLocalGet {
				n := len(vals)
				if n <= height || vals[n-1] != t {
					return start, vals
				}
				vals = vals[:n-1]
			}
			if op != opLocalSet {
				vals = append(vals, t)
			}
		case opI32Const, opI64Const:
			// The last byte of a full-length LEB128 must leave the unused
			// bits equal to the sign: in i32's fifth byte bits 3 to 6, in
			// i64's tenth bits 0 to 6.
			n, t, mask := 5, I32, byte(0x78)
			if op == opI64Const {
				n, t, mask = 10, I64, 0x7f
			}
			limit := min(pos+n-1, len(b))
			for pos < limit && b[pos] >= 0x80 {
				pos++
			}
			if pos == limit {
				if pos >= len(b) || pos < start+n || b[pos]&0x80 != 0 || b[pos]&mask != 0 && b[pos]&mask != mask {
					return start, vals
				}
			}
			pos++
			vals = append(vals, t)
		case opF32Const:
			if len(b)-pos < 4 {
				return start, vals
			}
			pos += 4
			vals = append(vals, F32)
		case opF64Const:
			if len(b)-pos < 8 {
				return start, vals
			}
			pos += 8
			vals = append(vals, F64)
		default:
			s := &fastSigs[op]
			switch s.kind {
			case fastNumeric:
			case fastMemory:
				// The alignment in one byte, at most natural; the offset in
				// at most four, so under 2^28.
				if !hasMemory || pos >= len(b) || b[pos] > s.natural {
					return start, vals
				}
				pos++
				limit := min(pos+4, len(b))
				for pos < limit && b[pos] >= 0x80 {
					pos++
				}
				if pos == limit {
					return start, vals
				}
				pos++
			default:
				return start, vals
			}
			n := len(vals)
			switch s.nin {
			case 1:
				if n <= height || vals[n-1] != ValType(s.in0) {
					return start, vals
				}
				vals = vals[:n-1]
			case 2:
				if n <= height+1 || vals[n-1] != ValType(s.in1) || vals[n-2] != ValType(s.in0) {
					return start, vals
				}
				vals = vals[:n-2]
			}
			if s.out != 0 {
				vals = append(vals, ValType(s.out))
			}
		}
	}
	return pos, vals
}

// uleb28 decodes an unsigned LEB128 of at most four bytes (so under 2^28,
// needing no range check) at b[pos:]; ok is false for anything else.
func uleb28(b []byte, pos int) (v uint32, next int, ok bool) {
	for i := 0; i < 4 && pos+i < len(b); i++ {
		c := b[pos+i]
		v |= uint32(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, pos + i + 1, true
		}
	}
	return 0, pos, false
}

// pop1 pops a value of type t, at once when it is on top.
func (c *funcCheck) pop1(t ValType) {
	if n := len(c.vals); n > c.ctrls[len(c.ctrls)-1].height && c.vals[n-1] == t {
		c.vals = c.vals[:n-1]
		return
	}
	c.popType(t)
}
