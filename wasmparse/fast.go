package wasmparse

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
// The reading position, the operand stack and the innermost block's height
// live in locals while the common instructions run; they are written back
// (out) before anything that reads them from c, and read again after (in).
func (c *funcCheck) fast() bool {
	r := &c.p.r
	b := r.b
	var pos, height int
	var vals []ValType
	pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
	for {
		c.off = pos
		if pos >= len(b) {
			r.pos, c.vals = pos, vals
			return false
		}
		op := b[pos]
		pos++
		switch op {
		case 0x20, 0x21, 0x22: // local.get, local.set, local.tee
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
			if idx < uint32(len(c.localTypes)) {
				t = c.localTypes[idx]
			} else {
				t = c.local(idx)
			}
			if op != 0x20 {
				if n := len(vals); n > height && vals[n-1] == t {
					vals = vals[:n-1]
				} else {
					r.pos, c.vals = pos, vals
					c.popType(t)
					pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
				}
			}
			if op != 0x21 {
				vals = append(vals, t)
			}
		case 0x41, 0x42: // i32.const, i64.const
			if pos < len(b) && b[pos] < 0x80 {
				pos++
			} else if pos+1 < len(b) && b[pos+1] < 0x80 {
				pos += 2 // two bytes are short enough for either width
			} else {
				r.pos = pos
				if op == 0x41 {
					r.s32()
				} else {
					r.s64()
				}
				pos = r.pos
			}
			if op == 0x41 {
				vals = append(vals, I32)
			} else {
				vals = append(vals, I64)
			}
		case 0x43, 0x44: // f32.const, f64.const
			n, t := 4, F32
			if op == 0x44 {
				n, t = 8, F64
			}
			if n > len(b)-pos {
				r.pos, c.vals = pos, vals
				r.bytes(n)
			}
			pos += n
			vals = append(vals, t)
		case 0x0b: // end
			// A block of no parameters whose results are on top closes
			// without touching the stack (an if without else only when it
			// has no results).
			n := len(c.ctrls)
			if f := &c.ctrls[n-1]; n > 1 && len(f.params) == 0 && !f.unreachable &&
				(len(f.results) == 0 && len(vals) == height ||
					f.op != 0x04 &&
						len(f.results) == 1 && len(vals) == height+1 && vals[height] == f.results[0]) {
				c.ctrls = c.ctrls[:n-1]
				height = c.ctrls[n-2].height
				continue
			}
			r.pos, c.vals = pos, vals
			if c.end() {
				return true
			}
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x02, 0x03, 0x04: // block, loop, if
			if pos >= len(b) {
				r.pos = c.off
				c.vals = vals
				return false
			}
			var results []ValType
			switch bt := b[pos]; bt {
			case 0x40:
			case 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f:
				results = c.one[bt]
			default: // a type index
				r.pos = c.off
				c.vals = vals
				return false
			}
			pos++
			if op == 0x04 {
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
			c.ctrls = append(c.ctrls, frame{op: op, results: results, height: height})
		case 0x0c: // br
			r.pos, c.vals = pos, vals
			c.popTypes(c.label(r.u32()).labelTypes())
			c.setUnreachable()
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x0d: // br_if
			r.pos, c.vals = pos, vals
			d := r.u32()
			c.pop1(I32)
			ts := c.label(d).labelTypes()
			c.popTypes(ts)
			c.pushTypes(ts)
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x10: // call
			r.pos = pos
			fn := r.u32()
			pos = r.pos
			// The parameters on top, in order, are popped at once.
			if ft, ok := c.m.FuncType(fn); ok {
				if k := len(vals) - len(ft.Params); k >= height && sameTypes(vals[k:], ft.Params) {
					vals = append(vals[:k], ft.Results...)
					continue
				}
			}
			r.pos, c.vals = pos, vals
			c.call(fn)
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x23: // global.get
			r.pos, c.vals = pos, vals
			vals = append(vals, c.global(r.u32()).Type)
			pos = r.pos
		case 0x24: // global.set
			r.pos, c.vals = pos, vals
			c.globalSet(r.u32())
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x00: // unreachable
			r.pos, c.vals = pos, vals
			c.setUnreachable()
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x01: // nop
		case 0x0f: // return
			r.pos, c.vals = pos, vals
			c.popTypes(c.ctrls[0].results)
			c.setUnreachable()
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
		case 0x1a: // drop
			r.pos, c.vals = pos, vals
			c.pop()
			pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
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
				if c.m.NumImportedMemories+len(c.m.Memories) == 0 || im.align > uint32(s.natural) {
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
					pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
				}
			case 2:
				if n > height+1 && vals[n-1] == ValType(s.in1) && vals[n-2] == ValType(s.in0) {
					vals = vals[:n-2]
				} else {
					r.pos, c.vals = pos, vals
					c.popType(ValType(s.in1))
					c.popType(ValType(s.in0))
					pos, vals, height = r.pos, c.vals, c.ctrls[len(c.ctrls)-1].height
				}
			}
			if s.out != 0 {
				vals = append(vals, ValType(s.out))
			}
		}
	}
}

// pop1 pops a value of type t, at once when it is on top.
func (c *funcCheck) pop1(t ValType) {
	if n := len(c.vals); n > c.ctrls[len(c.ctrls)-1].height && c.vals[n-1] == t {
		c.vals = c.vals[:n-1]
		return
	}
	c.popType(t)
}
