package wasmparse

// constExpr reads a constant expression up to its end and checks it by the
// 2.0 rules: only *.const, ref.null, ref.func and global.get of an imported,
// immutable global, leaving exactly one value of type want. Arithmetic is
// extended-const and GC allocations are gc: those are counted as features
// and not typed further. Reading an immutable global the module defines is
// counted as gc too; the global section appends each global only after its
// initialiser, so a global that is not yet defined stays unknown.
func (p *parser) constExpr(want ValType) ConstExpr {
	r := &p.r
	m := p.m
	e := ConstExpr{Offset: r.pos}
	// The offset of nearly every segment: i32.const then end.
	if want == I32 && r.pos+1 < len(r.b) && r.b[r.pos] == 0x41 {
		r.pos++
		r.s32()
		if r.pos < len(r.b) && r.b[r.pos] == 0x0b {
			r.pos++
			e.End = r.pos
			return e
		}
		r.pos = e.Offset
	}
	var stackBuf [2]ValType
	stack := stackBuf[:0]
	var im immediates
	var targets []uint32
	bad := ""   // first rule broken
	badOff := 0 // where
	typed := true
	for {
		off := r.pos
		prefix := byte(0)
		op := uint32(r.byte())
		if op >= 0xfb && op <= 0xfe {
			prefix = byte(op)
			op = r.u32()
			p.noteOverlong(off + 1)
		}
		if prefix == 0 && op == 0x0b { // end
			break
		}
		o := lookupOp(prefix, op)
		if o == nil {
			r.fail(off, "illegal opcode")
		}
		readImm(p, o, &im, &targets)
		var push ValType
		switch {
		case prefix == 0 && (op == 0x41 || op == 0x42 || op == 0x43 || op == 0x44), prefix == 0xfd && op == 0x0c:
			push = o.out
		case prefix == 0 && op == 0xd0: // ref.null
			switch im.heap {
			case -0x70 - 1:
				push = FuncRef
			case -0x6f - 1:
				push = ExternRef
			default:
				typed = false
			}
		case prefix == 0 && op == 0xd2: // ref.func
			if int(im.a) >= len(m.funcSpace) && bad == "" {
				bad, badOff = "unknown function "+itoa(int64(im.a)), off
			}
			m.declared.set(im.a, len(m.funcSpace))
			push = FuncRef
		case prefix == 0 && op == 0x23: // global.get
			switch {
			case int(im.a) >= len(m.globalSpace):
				if bad == "" {
					bad, badOff = "unknown global "+itoa(int64(im.a)), off
				}
			case m.globalSpace[im.a].Mutable:
				if bad == "" {
					bad, badOff = "constant expression required: global "+itoa(int64(im.a))+" is mutable", off
				}
			default:
				if int(im.a) >= m.NumImportedGlobals {
					// 2.0 reads only imported globals here; the GC proposal
					// allows an earlier global the module defines.
					p.use(FeatGC, off, -1)
				}
				push = m.globalSpace[im.a].Type
			}
		case prefix == 0 && (op == 0x6a || op == 0x6b || op == 0x6c || op == 0x7c || op == 0x7d || op == 0x7e):
			p.use(FeatExtendedConst, off, -1)
			typed = false
		case o.feat == FeatGC:
			p.use(FeatGC, off, -1)
			typed = false
		default:
			if bad == "" {
				bad, badOff = "constant expression required: "+o.name+" is not allowed here", off
			}
		}
		if push != 0 {
			stack = append(stack, push)
		}
	}
	e.End = r.pos
	switch {
	case bad != "":
	case !typed:
	case len(stack) != 1:
		bad, badOff = "type mismatch: a constant expression must leave exactly one value of type "+want.String(), e.Offset
	case want.Is20() && stack[0] != want:
		bad, badOff = "type mismatch: expected "+want.String()+", found "+stack[0].String(), e.Offset
	}
	if bad != "" {
		m.problem(Problem{Kind: Invalid, Offset: badOff, Section: p.section, Func: -1, Message: bad})
	}
	return e
}
