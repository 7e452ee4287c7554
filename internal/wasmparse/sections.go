package wasmparse

import (
	"slices"
	"unicode/utf8"
)

// valType reads a value type, noting which proposal a non-2.0 type belongs to.
func (p *parser) valType() ValType {
	r := &p.r
	off := r.pos
	c := r.byte()
	switch c {
	case 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f:
		return ValType(c)
	case codeRef, codeRefNull:
		ht := p.heapType()
		if ht < 0 {
			if f := abstractHeap[byte(-ht-1)].feat; f != 0 {
				p.use(f, off, p.fn)
			}
		}
		p.use(FeatFunctionReferences, off, p.fn)
		return ValType(c) | ValType(ht+1)<<8
	}
	if h, ok := abstractHeap[c]; ok {
		p.use(h.feat, off, p.fn)
		return ValType(c)
	}
	r.fail(off, "malformed value type 0x"+hex(c))
	return 0
}

// heapType reads a heap type: a type index (>= 0), or -(code+1) for an abstract one.
func (p *parser) heapType() int64 {
	r := &p.r
	off := r.pos
	v := r.signed(33)
	if v >= 0 {
		return v
	}
	code := byte(v & 0x7f)
	if _, ok := abstractHeap[code]; !ok || r.pos != off+1 {
		// An abstract heap type is one byte: wasmparser reads a negative
		// s33 again as its first byte, so f0 7f is 0xf0, no heap type,
		// where wazero took it as func (attack pass 46d, row 2).
		r.fail(off, "malformed heap type")
	}
	return -int64(code) - 1
}

func (p *parser) refType() ValType {
	off := p.r.pos
	t := p.valType()
	if !t.IsRef() {
		p.r.fail(off, "malformed reference type")
	}
	return t
}

// limits reads table or memory limits with every flag the proposals define.
func (p *parser) limits(memory bool) Limits {
	r := &p.r
	off := r.pos
	flags := r.byte()
	l := Limits{HasMax: flags&1 != 0, Shared: flags&2 != 0, Is64: flags&4 != 0, HasPage: flags&8 != 0, PageLog2: 16}
	if flags&^0x0f != 0 || (!memory && flags&0x0a != 0) {
		r.fail(off, "malformed limits flags 0x"+hex(flags))
	}
	if l.Shared {
		p.use(FeatThreads, off, -1)
	}
	if l.Is64 {
		p.use(FeatMemory64, off, -1)
		l.Min = r.u64()
		if l.HasMax {
			l.Max = r.u64()
		}
	} else {
		l.Min = uint64(r.u32())
		if l.HasMax {
			l.Max = uint64(r.u32())
		}
	}
	if l.HasPage {
		p.use(FeatCustomPageSizes, off, -1)
		l.PageLog2 = r.u32()
	}
	return l
}

func (p *parser) tableType() TableType {
	t := p.refType()
	return TableType{Elem: t, Limits: p.limits(false)}
}

func (p *parser) globalType() GlobalType {
	t := p.valType()
	off := p.r.pos
	mut := p.r.byte()
	if mut > 1 {
		p.r.fail(off, "malformed mutability")
	}
	return GlobalType{Type: t, Mutable: mut == 1}
}

func (p *parser) typeSection() {
	r := &p.r
	n := r.countMax(1, LimitTypes, 0)
	p.m.Types = make([]Type, 0, min(n, r.remaining()/3)) // a type takes 3 bytes or more
	for i := 0; i < n; i++ {
		off := r.pos
		if r.peek() == 0x4e { // rec group
			r.pos++
			p.use(FeatGC, off, -1)
			k := r.countMax(1, LimitTypes, len(p.m.Types))
			for j := 0; j < k; j++ {
				p.subType()
			}
			continue
		}
		p.subType()
	}
	p.m.sigs = trimSpare(p.m.sigs) // the types are all read
}

func (p *parser) subType() {
	r := &p.r
	off := r.pos
	c := r.byte()
	if c == 0x50 || c == 0x4f {
		p.use(FeatGC, off, -1)
		k := r.count(1)
		for j := 0; j < k; j++ {
			r.u32()
		}
		off = r.pos
		c = r.byte()
	}
	t := Type{Kind: TypeKind(c)}
	switch TypeKind(c) {
	case TypeFunc:
		m := p.m
		t.at = uint32(len(m.sigs))
		np := r.countMax(1, LimitParams, 0)
		for range np {
			m.sigs = append(m.sigs, p.valType())
		}
		nr := r.countMax(1, LimitResults, 0)
		p.sigWeight += (np + nr) * (np + nr)
		r.check(off, LimitSignatureWeight, p.sigWeight)
		for range nr {
			m.sigs = append(m.sigs, p.valType())
		}
		t.nparams, t.nresults = uint16(np), uint16(nr)
	case TypeStruct:
		p.use(FeatGC, off, -1)
		nf := r.count(2)
		for j := 0; j < nf; j++ {
			p.fieldType()
		}
	case TypeArray:
		p.use(FeatGC, off, -1)
		p.fieldType()
	case TypeCont:
		p.use(FeatStackSwitching, off, -1)
		r.signed(33)
	default:
		r.fail(off, "malformed type: expected 0x60 (func), found 0x"+hex(c))
	}
	p.m.Types = append(p.m.Types, t)
}

// trimSpare copies s into an array of its length when append left much of
// its capacity unused, which would otherwise stay live with the module.
func trimSpare[T any](s []T) []T {
	if cap(s)-len(s) > len(s)/8 {
		return append([]T(nil), s...)
	}
	return s
}

func (p *parser) fieldType() {
	r := &p.r
	if c := r.peek(); c == codeI8 || c == codeI16 {
		r.pos++
	} else {
		p.valType()
	}
	if r.byte() > 1 {
		r.fail(r.pos-1, "malformed mutability")
	}
}

// importSection reads the imports and checks each as it goes: only the
// index spaces keep what the imported tables, memories and globals are.
func (p *parser) importSection() {
	r := &p.r
	m := p.m
	n := r.countMax(4, LimitImports, 0)
	m.imports = make([]importEntry, 0, n)
	var text []byte
	var prevMod []byte
	defer func() { // also when a problem cuts the section short
		m.importText = string(text)
		m.funcSpace, m.globalSpace = trimSpare(m.funcSpace), trimSpare(m.globalSpace)
	}()
	for i := 0; i < n; i++ {
		p.itemSpace, p.itemIdx, p.itemMod, p.itemName = "import", i, nil, nil
		im := Import{Offset: r.pos}
		mod, name := r.nameBytes(), r.nameBytes()
		p.itemMod, p.itemName = mod, name
		e := importEntry{offset: im.Offset}
		if i > 0 && string(mod) == string(prevMod) {
			e.mod = m.imports[i-1].mod
		} else {
			e.mod = textRange{uint32(len(text)), uint32(len(mod))}
			text = append(text, mod...)
		}
		prevMod = mod
		e.name = textRange{uint32(len(text)), uint32(len(name))}
		text = append(text, name...)
		item := itemRef{space: "import", idx: i, mod: mod, name: name}
		koff := r.pos
		im.Kind = ExternKind(r.byte())
		switch im.Kind {
		case ExternFunc:
			im.TypeIndex = r.u32()
			m.NumImportedFuncs++
			m.funcSpace = append(m.funcSpace, im.TypeIndex)
			p.funcType(im.TypeIndex, im.Offset, SectionImport, item)
		case ExternTable:
			t := p.tableType()
			m.NumImportedTables++
			r.check(im.Offset, LimitTables, m.NumImportedTables)
			m.tableSpace = append(m.tableSpace, t)
			p.checkLimits(t.Limits, 0xffffffff, im.Offset, SectionImport, item, "table")
		case ExternMemory:
			l := p.limits(true)
			m.NumImportedMemories++
			r.check(im.Offset, LimitMemories, m.NumImportedMemories)
			p.checkLimits(l, 65536, im.Offset, SectionImport, item, "memory")
			if m.NumImportedMemories == 2 {
				m.use(FeatMultiMemory, im.Offset, -1)
			}
		case ExternGlobal:
			g := p.globalType()
			m.NumImportedGlobals++
			m.globalSpace = append(m.globalSpace, g)
		case ExternTag:
			p.use(featEHShared, koff, -1)
			if r.byte() != 0 {
				r.fail(r.pos-1, "malformed tag attribute")
			}
			im.TypeIndex = r.u32()
			m.NumImportedTags++
			p.funcType(im.TypeIndex, im.Offset, SectionImport, item)
		default:
			r.fail(koff, "malformed import kind 0x"+hex(byte(im.Kind)))
		}
		e.typeIndex, e.kind = im.TypeIndex, im.Kind
		m.imports = append(m.imports, e)
	}
}

func (p *parser) functionSection() {
	r := &p.r
	m := p.m
	p.haveFn = true
	n := r.countMax(1, LimitFunctions, m.NumImportedFuncs)
	m.Funcs = make([]uint32, n)
	for i := range m.Funcs {
		off := r.pos
		m.Funcs[i] = r.u32()
		if ti := m.Funcs[i]; int(ti) >= len(m.Types) || m.Types[ti].Kind != TypeFunc {
			p.funcType(ti, off, SectionFunction, itemRef{space: "func", idx: m.NumImportedFuncs + i})
		}
	}
	m.funcSpace = append(m.funcSpace, m.Funcs...)
}

func (p *parser) tableSection() {
	r := &p.r
	n := r.countMax(3, LimitTables, p.m.NumImportedTables)
	for i := 0; i < n; i++ {
		t := Table{Offset: r.pos}
		if r.pos+1 < len(r.b) && r.b[r.pos] == 0x40 {
			// function-references: 0x40 0x00 tabletype expr
			p.use(FeatFunctionReferences, r.pos, -1)
			r.pos++
			if r.byte() != 0 {
				r.fail(r.pos-1, "malformed table")
			}
			t.Type = p.tableType()
			e := p.constExpr(t.Type.Elem)
			t.Init = &e
		} else {
			t.Type = p.tableType()
		}
		p.m.Tables = append(p.m.Tables, t)
		p.m.tableSpace = append(p.m.tableSpace, t.Type)
	}
}

func (p *parser) memorySection() {
	r := &p.r
	n := r.countMax(2, LimitMemories, p.m.NumImportedMemories)
	for i := 0; i < n; i++ {
		off := r.pos
		p.m.Memories = append(p.m.Memories, Memory{Limits: p.limits(true), Offset: off})
	}
}

func (p *parser) tagSection() {
	r := &p.r
	n := r.countMax(2, LimitTags, p.m.NumImportedTags)
	p.m.Tags = make([]Tag, 0, n)
	if n == 0 {
		p.use(featEHShared, p.secStart, -1) // the section itself is beyond 2.0
	}
	for i := 0; i < n; i++ {
		off := r.pos
		p.use(featEHShared, off, -1)
		if r.byte() != 0 {
			r.fail(r.pos-1, "malformed tag attribute")
		}
		p.m.Tags = append(p.m.Tags, Tag{TypeIndex: r.u32(), Offset: off})
	}
}

func (p *parser) globalSection() {
	r := &p.r
	n := r.countMax(3, LimitGlobals, p.m.NumImportedGlobals)
	most := min(n, r.remaining()/5) // a global takes 5 bytes or more
	p.m.Globals = make([]Global, 0, most)
	p.m.globalSpace = slices.Grow(p.m.globalSpace, most)
	for i := 0; i < n; i++ {
		g := Global{Offset: r.pos}
		g.Type = p.globalType()
		g.Init = p.constExpr(g.Type.Type)
		p.m.Globals = append(p.m.Globals, g)
		p.m.globalSpace = append(p.m.globalSpace, g.Type)
	}
}

func (p *parser) exportSection() {
	r := &p.r
	n := r.countMax(3, LimitExports, 0)
	p.m.Exports = make([]Export, 0, n)
	for i := 0; i < n; i++ {
		p.itemSpace, p.itemIdx, p.itemMod, p.itemName = "export", i, nil, nil
		e := Export{Offset: r.pos}
		name := r.nameBytes()
		e.Name = string(name)
		p.itemName = name
		koff := r.pos
		e.Kind = ExternKind(r.byte())
		if e.Kind > ExternTag {
			r.fail(koff, "malformed export kind 0x"+hex(byte(e.Kind)))
		}
		e.Index = r.u32()
		p.m.Exports = append(p.m.Exports, e)
	}
}

func (p *parser) startSection() {
	p.m.Start = int64(p.r.u32())
}

func (p *parser) elemSection() {
	r := &p.r
	m := p.m
	n := r.countMax(2, LimitElemSegments, 0)
	m.elemTypes = make([]ValType, 0, min(n, r.remaining()/3)) // a segment takes 3 bytes or more
	for i := 0; i < n; i++ {
		pos := r.pos
		typ, table := FuncRef, uint32(0)
		flags := r.u32()
		if flags > 7 {
			r.fail(pos, "malformed elements segment kind")
		}
		active := flags&1 == 0
		if flags&3 == 2 {
			table = r.u32()
		}
		if active {
			p.constExpr(p.addrType())
		}
		exprs := flags&4 != 0
		if flags&3 != 0 {
			if exprs {
				typ = p.refType()
			} else if r.byte() != 0 {
				r.fail(r.pos-1, "malformed element kind")
			}
		}
		item := func() string { return "elem[" + itoa(int64(i)) + "]" }
		if active {
			if int(table) >= len(m.tableSpace) {
				m.problem(Problem{Kind: Invalid, Offset: pos, Section: SectionElement, Item: item(), Func: -1, Message: "unknown table " + itoa(int64(table))})
			} else if tt := m.tableSpace[table].Elem; tt.Is20() && typ.Is20() && tt != typ {
				m.problem(Problem{Kind: Invalid, Offset: pos, Section: SectionElement, Item: item(), Func: -1, Message: "type mismatch: segment of " + typ.String() + " for a table of " + tt.String()})
			}
		}
		// The entries are checked as they are read and not kept: a
		// function named here may be referenced (ref.func) in code.
		k := r.countMax(1, LimitElemEntries, 0)
		m.ElemEntries += uint64(k)
		unknown := false
		for range k {
			if exprs {
				p.constExpr(typ)
				continue
			}
			f := r.u32()
			if unknown {
				continue
			}
			if int(f) >= len(m.funcSpace) {
				m.problem(Problem{Kind: Invalid, Offset: pos, Section: SectionElement, Item: item(), Func: -1, Message: "unknown function " + itoa(int64(f))})
				unknown = true
				continue
			}
			m.declared.set(f, len(m.funcSpace))
		}
		m.elemTypes = append(m.elemTypes, typ)
	}
}

// codeSection reads the function bodies and validates each as it is read,
// so nothing is kept per function but the count.
func (p *parser) codeSection() {
	r := &p.r
	m := p.m
	p.haveCd = true
	m.MaxOperands = -1 // until every body was read
	n := r.countMax(2, LimitFunctions, m.NumImportedFuncs)
	c := p.newFuncCheck(!p.structureBroken())
	untyped := false
	window := p.r
	for i := 0; i < n; i++ {
		off := r.pos
		size := int(r.u32())
		body := r.pos
		if size > r.remaining() {
			r.fail(off, "unexpected end: function body "+itoa(int64(i))+" runs past the section")
		}
		m.NumCodes++
		m.MaxBodySize = max(m.MaxBodySize, size)
		window.pos = body + size
		if size > LimitFunctionSize.Max() {
			m.problem(Problem{Kind: Exceeds, Limit: LimitFunctionSize, Offset: off, Section: SectionCode, Func: int64(m.NumImportedFuncs + i),
				Message: itoa(int64(size)) + " " + LimitFunctionSize.What() + ", more than the limit of " + itoa(int64(LimitFunctionSize.Max()))})
		} else if i < len(m.Funcs) {
			problems := len(m.Problems) + m.Dropped
			c.function(i, body, body+size)
			if !c.validate || !c.typecheck || len(m.Problems)+m.Dropped != problems {
				untyped = true
			}
		}
		p.r = window
		p.fn = -1
	}
	m.MaxOperands = cap(c.vals) + c.maxExtra // a run is one entry of vals and up to 1,000 values
	m.MultiValues = c.multiValues
	m.typingWork = c.work
	if untyped {
		m.MaxOperands = -1
	}
}

func (p *parser) dataSection() {
	r := &p.r
	n := r.countMax(2, LimitDataSegments, 0)
	for i := 0; i < n; i++ {
		pos := r.pos
		active, memory := true, uint32(0)
		flags := r.u32()
		switch flags {
		case 0:
			p.constExpr(p.addrType())
		case 1:
			active = false
		case 2:
			memory = r.u32()
			if memory != 0 {
				p.use(FeatMultiMemory, pos, -1)
			}
			p.constExpr(p.addrType())
		default:
			r.fail(pos, "malformed data segment kind")
		}
		r.bytes(int(r.u32()))
		if active && int(memory) >= p.m.NumImportedMemories+len(p.m.Memories) {
			p.m.problem(Problem{Kind: Invalid, Offset: pos, Section: SectionData, Item: "data[" + itoa(int64(i)) + "]", Func: -1, Message: "unknown memory " + itoa(int64(memory))})
		}
		p.m.NumDatas++
	}
}

// customSection records a custom section and reads the first name
// section. It never panics: a file may hold millions of custom sections,
// and a broken one costs a problem, not an unwinding.
func (p *parser) customSection(sec *Section, end int) {
	r := &p.r
	m := p.m
	n, off, msg := r.u32Safe()
	switch {
	case msg != "":
	case int64(n) > int64(r.remaining()):
		off, msg = r.pos, "unexpected end"
	case !utf8.Valid(r.b[r.pos : r.pos+int(n)]):
		off, msg = sec.PayloadOffset, "malformed UTF-8 encoding"
	}
	if msg != "" {
		if !p.alreadySaid(off, msg) {
			m.problem(Problem{Kind: Malformed, Offset: off, Section: SectionCustom, Func: -1, Message: msg})
		}
		return
	}
	raw := r.b[r.pos : r.pos+int(n)]
	r.pos += int(n)
	if len(m.Customs) < maxSections { // past it, the name is not worth an allocation
		sec.Name = string(raw)
		m.Customs = append(m.Customs, Custom{Name: sec.Name, Offset: p.secStart, PayloadOffset: r.pos, Size: end - p.secStart})
	}
	if string(raw) != "name" {
		return
	}
	issue := NameIssue{Offset: p.secStart, Message: "a second name section"}
	if !p.names {
		p.names = true
		off, msg, w := nameSectionProblem(r.b, r.pos, end)
		if msg == "" {
			m.NameTrim = w.trim(p.secStart)
			p.nameSection(end)
			return
		}
		issue = NameIssue{Offset: off, Message: msg}
	}
	if len(m.NameIssues) < maxSections {
		m.NameIssues = append(m.NameIssues, issue)
	}
}

// nameSection reads function names; a broken name section is not an error
// of the module (custom sections are not validated), so failures are dropped.
func (p *parser) nameSection(end int) {
	saved := p.r
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(*decodeError); !ok {
				panic(e)
			}
		}
		p.r = saved
	}()
	r := &p.r
	for r.pos < end {
		id := r.byte()
		size := int(r.u32())
		if size > r.remaining() {
			return
		}
		next := r.pos + size
		if id == 1 {
			n := r.count(2)
			if n > p.m.NumFuncs() {
				return // more names than functions: not worth reading
			}
			names := make([]funcName, 0, n)
			for i := 0; i < n; i++ {
				idx := r.u32()
				if len(names) > 0 && idx <= names[len(names)-1].idx {
					return // the format sorts names by index; this map is broken
				}
				names = append(names, funcName{idx, r.name()})
			}
			p.m.funcNames = names
		}
		r.pos = next
	}
}

func hex(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// addrType is the type of segment offsets: i32 in 2.0; with memory64 or
// table64 in the module it depends on the target, so it is not checked.
func (p *parser) addrType() ValType {
	if p.m.Features[FeatMemory64].Count > 0 {
		return Unknown
	}
	return I32
}
