package wasmparse

// checkModule checks the module-level rules of WebAssembly 2.0 that span
// sections: limits, exports, the start function and element segments. It
// runs once, before the code section (the function bodies need the
// declared function references it collects) or at the end. Imports,
// function types and data segments are checked as they are read.
func (p *parser) checkModule() {
	if p.checked {
		return
	}
	p.checked = true
	m := p.m
	inv := func(off int, section SectionID, item, msg string) {
		m.problem(Problem{Kind: Invalid, Offset: off, Section: section, Item: item, Func: -1, Message: msg})
	}
	memories := m.NumImportedMemories
	for i, t := range m.Tables {
		p.checkLimits(t.Type.Limits, 0xffffffff, t.Offset, SectionTable, itemRef{space: "table", idx: m.NumImportedTables + i}, "table")
	}
	for i, mem := range m.Memories {
		memories++
		p.checkLimits(mem.Limits, 65536, mem.Offset, SectionMemory, itemRef{space: "memory", idx: m.NumImportedMemories + i}, "memory")
		if memories == 2 {
			m.use(FeatMultiMemory, mem.Offset, -1)
		}
	}
	for i, tag := range m.Tags {
		p.funcType(tag.TypeIndex, tag.Offset, SectionTag, itemRef{space: "tag", idx: m.NumImportedTags + i})
	}
	seen := make(map[string]bool, len(m.Exports))
	for i, e := range m.Exports {
		item := "export[" + itoa(int64(i)) + "] " + e.Name
		if seen[e.Name] {
			inv(e.Offset, SectionExport, item, "duplicate export name "+quote(e.Name))
		}
		seen[e.Name] = true
		var n int
		switch e.Kind {
		case ExternFunc:
			n = len(m.funcSpace)
			m.declared.set(e.Index, len(m.funcSpace))
		case ExternTable:
			n = len(m.tableSpace)
		case ExternMemory:
			n = memories
		case ExternGlobal:
			n = len(m.globalSpace)
		case ExternTag:
			n = m.NumImportedTags + len(m.Tags)
		}
		if int(e.Index) >= n {
			inv(e.Offset, SectionExport, item, "unknown "+e.Kind.String()+" "+itoa(int64(e.Index))+" in export "+quote(e.Name))
		}
	}
	if m.Start >= 0 {
		off := p.sectionOffset(8)
		if ft, ok := m.FuncType(uint32(m.Start)); !ok {
			inv(off, SectionStart, "", "unknown function "+itoa(m.Start))
		} else if len(ft.Params) != 0 || len(ft.Results) != 0 {
			inv(off, SectionStart, "", "start function must take and return nothing, it is "+ft.String())
		}
	}
}

// funcType checks that type index ti names a function type.
func (p *parser) funcType(ti uint32, off int, section SectionID, it itemRef) {
	m := p.m
	switch {
	case int(ti) >= len(m.Types):
		m.problem(Problem{Kind: Invalid, Offset: off, Section: section, Item: it.String(), Func: -1, Message: "unknown type " + itoa(int64(ti))})
	case m.Types[ti].Kind != TypeFunc:
		m.problem(Problem{Kind: Invalid, Offset: off, Section: section, Item: it.String(), Func: -1, Message: "type " + itoa(int64(ti)) + " is not a function type"})
	}
}

// checkLimits applies the 2.0 bounds to a table or memory's limits.
func (p *parser) checkLimits(l Limits, bound uint64, off int, section SectionID, it itemRef, what string) {
	if l.Is64 || l.HasPage {
		return // a refused feature; its bounds are not 2.0's
	}
	if l.Min <= bound && (!l.HasMax || l.Max <= bound && l.Min <= l.Max) && (!l.Shared || l.HasMax) {
		return
	}
	m := p.m
	item := it.String()
	if l.Min > bound || (l.HasMax && l.Max > bound) {
		m.problem(Problem{Kind: Invalid, Offset: off, Section: section, Item: item, Func: -1,
			Message: what + " size must be at most " + itoa(int64(bound)) + " " + unit(what)})
	}
	if l.HasMax && l.Min > l.Max {
		m.problem(Problem{Kind: Invalid, Offset: off, Section: section, Item: item, Func: -1,
			Message: "size minimum must not be greater than maximum (" + itoa(int64(l.Min)) + " > " + itoa(int64(l.Max)) + ")"})
	}
	if l.Shared && !l.HasMax {
		m.problem(Problem{Kind: Invalid, Offset: off, Section: section, Item: item, Func: -1, Message: "shared memory must have maximum"})
	}
}

func unit(what string) string {
	if what == "memory" {
		return "pages (4GiB)" // as the specification's tests spell it
	}
	return "elements"
}

// sectionOffset is the offset of the first section with the id, or 0.
func (p *parser) sectionOffset(id byte) int {
	for _, s := range p.m.Sections {
		if s.ID == id {
			return s.Offset
		}
	}
	return 0
}

func quote(s string) string {
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'x', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
