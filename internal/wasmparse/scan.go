package wasmparse

import (
	"encoding/binary"
	"math"
)

// Const is a constant a function body pushes (i32.const, i64.const,
// f32.const, f64.const) and the two instructions after it: what the code
// does with the constant, e.g. compare it (i64.eq) or add it first.
type Const struct {
	Func  int     // the function's index, imports first
	Type  ValType // I32, I64, F32 or F64
	Int   int64   // I32 and I64
	Float float64 // F32 and F64
	// Next and Next2 name the instructions that follow ("i64.eq"); ""
	// past the body's end.
	Next, Next2 string
}

// Constants calls visit for the constants of the function bodies of b, a
// module Parse read as m, at most maxBytes of the code section read. A
// body it cannot decode (one Parse reported) ends the scan of that body.
func Constants(b []byte, m *Module, maxBytes int, visit func(Const)) {
	sec, ok := findSection(m, SectionCode)
	if !ok {
		return
	}
	end := min(sec.PayloadOffset+sec.PayloadSize, len(b), sec.PayloadOffset+maxBytes)
	p := scratch(b, m, sec.PayloadOffset, end)
	n, ok := safely(func() int { return int(p.r.u32()) })
	if !ok {
		return
	}
	for i := 0; i < n && p.r.pos < end; i++ {
		size, ok := safely(func() int { return int(p.r.u32()) })
		if !ok || size > end-p.r.pos {
			return
		}
		bodyEnd := p.r.pos + size
		scanBody(p, m.NumImportedFuncs+i, bodyEnd, visit)
		p.r = reader{b: b[:end], pos: bodyEnd}
	}
}

// pending is a constant waiting for the instructions after it.
type pending struct {
	c    Const
	seen int // how many of Next, Next2 are known
}

// scanBody reads one body's instructions up to bodyEnd.
func scanBody(p *parser, fn, bodyEnd int, visit func(Const)) {
	p.r.b = p.r.b[:bodyEnd]
	p.fn = int64(fn)
	var waiting []pending
	flush := func(name string) {
		kept := waiting[:0]
		for _, w := range waiting {
			if w.seen == 0 {
				w.c.Next = name
			} else {
				w.c.Next2 = name
			}
			w.seen++
			if w.seen == 2 || name == "" {
				visit(w.c)
				continue
			}
			kept = append(kept, w)
		}
		waiting = kept
	}
	defer func() {
		_ = recover() // a body Parse reported: the scan of it ends here
		flush("")
	}()
	r := &p.r
	nl := int(r.u32())
	for range nl {
		r.u32()
		p.valType()
	}
	var im immediates
	var targets []uint32
	for r.pos < bodyEnd {
		prefix := byte(0)
		op := uint32(r.byte())
		if op >= prefixGC && op <= prefixThreads {
			prefix = byte(op)
			op = r.u32()
		}
		o := lookupOp(prefix, op)
		if o == nil {
			return
		}
		flush(o.name)
		at := r.pos
		readImm(p, o, &im, &targets)
		if prefix != 0 {
			continue
		}
		c := Const{Func: fn}
		switch op {
		case 0x41:
			c.Type, c.Int = I32, im.i64
		case 0x42:
			c.Type, c.Int = I64, im.i64
		case 0x43:
			c.Type, c.Float = F32, float64(math.Float32frombits(binary.LittleEndian.Uint32(r.b[at:])))
		case 0x44:
			c.Type, c.Float = F64, math.Float64frombits(binary.LittleEndian.Uint64(r.b[at:]))
		default:
			continue
		}
		waiting = append(waiting, pending{c: c})
	}
}

// DataSegments calls visit with each data segment's address in memory (-1
// for a passive segment or an offset that is not a plain constant) and its
// bytes, at most maxBytes of them in all.
func DataSegments(b []byte, m *Module, maxBytes int, visit func(addr int64, data []byte)) {
	sec, ok := findSection(m, SectionData)
	if !ok {
		return
	}
	end := min(sec.PayloadOffset+sec.PayloadSize, len(b))
	p := scratch(b, m, sec.PayloadOffset, end)
	defer func() { _ = recover() }() // a section Parse reported: the scan ends
	r := &p.r
	n := int(r.u32())
	left := maxBytes
	for i := 0; i < n && left > 0; i++ {
		addr := int64(-1)
		flags := r.u32()
		if flags == 2 {
			r.u32()
		}
		if flags != 1 {
			start := r.pos
			if r.pos+1 < len(r.b) && (r.b[r.pos] == 0x41 || r.b[r.pos] == 0x42) {
				r.pos++
				if v := r.s64(); r.pos < len(r.b) && r.b[r.pos] == 0x0b {
					addr = v
				}
			}
			r.pos = start
			p.constExpr(p.addrType())
		}
		data := r.bytes(int(r.u32()))
		if len(data) > left {
			data = data[:left]
		}
		left -= len(data)
		visit(addr, data)
	}
}

// findSection finds the section of id that Parse recorded.
func findSection(m *Module, id SectionID) (Section, bool) {
	for _, s := range m.Sections {
		if SectionID(s.ID) == id {
			return s, true
		}
	}
	return Section{}, false
}

// scratch is a parser over b[start:end] whose side effects (features
// counted, problems) go to a copy of m, not m.
func scratch(b []byte, m *Module, start, end int) *parser {
	buildOpTablesOnce.Do(buildOpTables)
	sm := &Module{Features: m.Features, Memories: m.Memories, NumImportedMemories: m.NumImportedMemories}
	return &parser{m: sm, input: b, r: reader{b: b[:end], pos: start}, fn: -1}
}

// safely runs f and reports whether it returned without a decoding panic.
func safely(f func() int) (v int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}
