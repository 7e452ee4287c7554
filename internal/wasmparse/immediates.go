package wasmparse

// immediates holds what follows an opcode. Only the fields its immKind
// defines are set.
type immediates struct {
	a, b    uint32 // indices: label, func, type, table, local, global, data, elem, tag...
	block   int64  // block type: -64 empty, <0 value type code, >=0 type index
	blockVT ValType
	align   uint32
	memIdx  uint32
	offset  uint64
	lane    byte
	i64     int64
	heap    int64 // heap type as heapType returns it
	vt      ValType
	nvt     int // select t: number of types
	bytes   []byte
}

// readImm reads the immediates of o. targets receives br_table's label
// list (default last) and is reused across calls to avoid allocation.
func readImm(p *parser, o *opInfo, im *immediates, targets *[]uint32) {
	fn := p.fn
	r := &p.r
	switch o.imm {
	case immNone:
	case immBlock:
		readBlockType(p, im)
	case immLabel, immFunc, immLocal, immGlobal, immTable, immData, immElem, immTag, immType:
		im.a = r.u32()
	case immCallIndir, immTableInit, immTableCopy, immTwoIdx:
		im.a = r.u32()
		im.b = r.u32()
	case immBrTable:
		off := r.pos
		n := r.count(1)
		r.check(off, LimitBrTable, n)
		t := (*targets)[:0]
		for i := 0; i < n; i++ {
			t = append(t, r.u32())
		}
		t = append(t, r.u32())
		*targets = t
	case immMem:
		readMemArg(p, im)
	case immMemLane:
		readMemArg(p, im)
		im.lane = r.byte()
	case immMemIdx:
		off := r.pos
		im.memIdx = r.u32()
		if im.memIdx != 0 {
			p.use(FeatMultiMemory, off, fn)
		} else if r.pos-off != 1 {
			r.fail(off, "zero byte expected")
		}
	case immMemInit:
		im.a = r.u32()
		off := r.pos
		im.memIdx = r.u32()
		if im.memIdx != 0 {
			p.use(FeatMultiMemory, off, fn)
		} else if r.pos-off != 1 {
			r.fail(off, "zero byte expected")
		}
	case immMemCopy:
		for i := 0; i < 2; i++ {
			off := r.pos
			if idx := r.u32(); idx != 0 {
				p.use(FeatMultiMemory, off, fn)
				im.memIdx = idx
			} else if r.pos-off != 1 {
				r.fail(off, "zero byte expected")
			}
		}
	case immI32:
		im.i64 = int64(r.s32())
	case immI64:
		im.i64 = r.s64()
	case immF32:
		r.bytes(4)
	case immF64:
		r.bytes(8)
	case immV128:
		im.bytes = r.bytes(16)
	case immLane:
		im.lane = r.byte()
	case immShuffle:
		im.bytes = r.bytes(16)
	case immHeap:
		im.heap = p.heapType()
	case immSelectT:
		p.noteOverlong(r.pos)
		im.nvt = r.count(1)
		for i := 0; i < im.nvt; i++ {
			im.vt = p.valType()
		}
	case immTryTable:
		readBlockType(p, im)
		n := r.count(2)
		for i := 0; i < n; i++ {
			off := r.pos
			switch r.byte() {
			case 0, 1: // catch, catch_ref: tag label
				r.u32()
				r.u32()
			case 2, 3: // catch_all, catch_all_ref: label
				r.u32()
			default:
				r.fail(off, "malformed catch clause")
			}
		}
	case immBrOnCast:
		r.byte()
		im.a = r.u32()
		p.heapType()
		p.heapType()
	case immResume, immResumeThrow:
		im.a = r.u32()
		if o.imm == immResumeThrow {
			im.b = r.u32()
		}
		n := r.count(2)
		for i := 0; i < n; i++ {
			off := r.pos
			switch r.byte() {
			case 0: // on tag label
				r.u32()
				r.u32()
			case 1: // on tag switch
				r.u32()
			default:
				r.fail(off, "malformed resume handler")
			}
		}
	case immZeroByte:
		if r.byte() != 0 {
			r.fail(r.pos-1, "zero byte expected")
		}
	}
}

func readBlockType(p *parser, im *immediates) {
	r := &p.r
	off := r.pos
	c := r.peek()
	if c == 0x63 || c == 0x64 || (c >= 0x68 && c <= 0x75 && c != 0x6f && c != 0x70) {
		im.block = -1
		im.blockVT = p.valType()
		return
	}
	im.block = r.signed(33)
	if im.block < 0 && r.pos != off+1 {
		// The empty type and a value type are one byte; only a type index
		// is an s33 of several. wasmparser's read_block_type refuses an
		// overlong negative one (c0 7f for 0x40, ff 7f for i32), which
		// wazero took as the type (attack pass 46d, row 2).
		r.fail(off, "malformed block type: a negative s33 in more than one byte")
	}
	if im.block < 0 && im.block != -64 {
		code := byte(im.block & 0x7f)
		switch code {
		case 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f:
			im.blockVT = ValType(code)
		default:
			r.fail(off, "malformed block type")
		}
	}
}

func readMemArg(p *parser, im *immediates) {
	r := &p.r
	off := r.pos
	im.memIdx = 0
	if off+1 < len(r.b) && r.b[off] < 32 && r.b[off+1] < 0x80 {
		// Fast path: one-byte alignment (no memory index) and offset.
		im.align = uint32(r.b[off])
		im.offset = uint64(r.b[off+1])
		r.pos = off + 2
		return
	}
	im.align = r.u32()
	if im.align&0x40 != 0 {
		im.align &^= 0x40
		im.memIdx = r.u32()
		p.use(FeatMultiMemory, off, p.fn)
	}
	if im.align >= 32 {
		r.fail(off, "malformed memop flags") // an alignment of 2^32 or more cannot be encoded in 2.0
	}
	if p.m.Features[FeatMemory64].Count > 0 {
		im.offset = r.u64()
	} else {
		im.offset = uint64(r.u32())
	}
}
