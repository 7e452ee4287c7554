package wasmparse

import (
	"encoding/binary"
	"strings"
)

// sectionRank orders the known sections as the binary format requires
// (the tag section sits between memory and global, data count before code).
var sectionRank = [14]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 13: 6, 6: 7, 7: 8, 8: 9, 9: 10, 12: 11, 10: 12, 11: 13}

type parser struct {
	m        *Module
	input    []byte
	r        reader
	section  SectionID
	secStart int // offset of the current section's id byte
	// The entry being decoded, for the item of a decoding problem: its
	// index space ("" for none), index and, once read, names.
	itemSpace         string
	itemIdx           int
	itemMod, itemName []byte // in the input
	fn                int64  // function being decoded, -1 outside code
	cut               bool   // the current section runs past the end of the file (already reported)
	beyond            bool   // a post-2.0 feature was met since the flag was last cleared
	haveFn            bool   // a function section was seen
	haveCd            bool   // a code section was seen
	checked           bool   // checkModule ran
	names             bool   // a name section was read
	sigWeight         int    // the function types' signature weight so far (LimitSignatureWeight)
	// messages caches the section-level messages, which hostile inputs can
	// repeat once per two bytes: they are built once per section id.
	messages map[int]string
}

// Parse decodes and validates b. It always returns a module; what went wrong
// is in its Problems.
func Parse(b []byte) *Module {
	buildOpTablesOnce.Do(buildOpTables)
	m := &Module{Size: len(b), Start: -1}
	if len(b) < 4 || string(b[:4]) != "\x00asm" {
		m.Kind = NotWasm
		return m
	}
	if len(b) < 8 {
		m.Kind = CoreModule
		m.problem(Problem{Kind: Malformed, Offset: len(b), Section: SectionHeader, Func: -1, Message: "unexpected end: the version field is cut short"})
		return m
	}
	m.Version = binary.LittleEndian.Uint32(b[4:8])
	switch {
	case m.Version == 1:
		m.Kind = CoreModule
	case b[6] == 1 && b[7] == 0:
		m.Kind = Component
		return m
	default:
		m.Kind = UnknownVersion
		return m
	}
	p := &parser{m: m, input: b, r: reader{b: b, pos: 8}, fn: -1}
	p.sections(b)
	p.finish()
	m.resolveEH()
	m.nameItems()
	m.seen = nil
	return m
}

// structureBroken reports whether the index spaces are too damaged for
// function bodies to be checked meaningfully.
func (p *parser) structureBroken() bool {
	for _, pr := range p.m.Problems {
		switch pr.Section {
		case SectionType, SectionImport, SectionFunction, SectionHeader:
			return true
		}
	}
	return false
}

// codeRank is the rank of the code section: every section the function
// bodies depend on comes before it.
const codeRank = 12

func (p *parser) sections(b []byte) {
	m := p.m
	lastRank := 0
	for p.r.pos < len(b) {
		start := p.r.pos
		id, size, ok := p.sectionHeader(b)
		if !ok {
			return
		}
		payload := p.r.pos
		end := payload + size
		truncated := end > len(b)
		if truncated {
			end = len(b)
		}
		name := SectionName(id)
		sec := Section{ID: id, Name: name, Offset: start, PayloadOffset: payload, PayloadSize: end - payload}
		p.section, p.secStart = SectionID(id), start
		p.itemSpace = ""
		switch {
		case id > 13:
			m.problem(Problem{Kind: Malformed, Offset: start, Section: SectionID(id), Func: -1, Message: p.message(int(id), func() string { return "malformed section id " + itoa(int64(id)) })})
			p.r.pos = end
			p.keep(sec, false)
			continue
		case id != 0 && sectionRank[id] <= lastRank:
			dup := sectionRank[id] == lastRank
			msg := p.message(int(id)<<1|boolInt(dup), func() string {
				if dup {
					return "duplicate " + name + " section"
				}
				return "unexpected content after last section: " + name + " section out of order"
			})
			m.problem(Problem{Kind: Malformed, Offset: start, Section: SectionID(id), Func: -1, Message: msg})
			p.r.pos = end
			p.keep(sec, false)
			continue
		case id != 0:
			lastRank = sectionRank[id]
		}
		if truncated {
			m.problem(Problem{Kind: Malformed, Offset: start, Section: SectionID(id), Func: -1,
				Message: "unexpected end: the " + name + " section claims " + itoa(int64(size)) + " bytes but the file ends " + itoa(int64(len(b)-payload)) + " bytes after its start"})
		}
		if id != 0 && sectionRank[id] >= codeRank {
			p.checkModule()
		}
		p.r.b = b[:end]
		p.cut = truncated
		if id == 0 {
			p.customSection(&sec, end)
		} else {
			p.decode(id, end)
		}
		p.r.b = b
		p.r.pos = end
		p.keep(sec, id != 0)
	}
}

// keep records a section. The known sections, at most one each, are always
// kept; custom and misplaced ones only up to maxSections, so a file of
// millions of two-byte sections costs no more than its own size.
func (p *parser) keep(s Section, known bool) {
	m := p.m
	if !known && len(m.Sections) >= maxSections+13 {
		m.MoreSections++
		return
	}
	m.Sections = append(m.Sections, s)
}

// message returns the cached message for key, building it the first time.
func (p *parser) message(key int, build func() string) string {
	if msg, ok := p.messages[key]; ok {
		return msg
	}
	if p.messages == nil {
		p.messages = map[int]string{}
	}
	msg := build()
	p.messages[key] = msg
	return msg
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sectionHeader reads a section's id and size without panicking: it runs
// once per section.
func (p *parser) sectionHeader(b []byte) (id byte, size int, ok bool) {
	r := &p.r
	id = b[r.pos]
	r.pos++
	n, off, msg := r.u32Safe()
	if msg != "" {
		p.m.problem(Problem{Kind: Malformed, Offset: off, Section: SectionHeader, Func: -1, Message: msg + " in a section header"})
		return 0, 0, false
	}
	return id, int(n), true
}

// decode runs one section decoder, recording a decoding failure as a
// problem.
func (p *parser) decode(id byte, end int) {
	defer func() {
		if e := recover(); e != nil {
			de, isOurs := e.(*decodeError)
			if !isOurs {
				panic(e)
			}
			if !p.alreadySaid(de.offset, de.msg) {
				pr := de.problem(p.section, -1)
				pr.Item = p.item()
				p.m.problem(pr)
			}
		}
	}()
	r := &p.r
	switch id {
	case 1:
		p.typeSection()
	case 2:
		p.importSection()
	case 3:
		p.functionSection()
	case 4:
		p.tableSection()
	case 5:
		p.memorySection()
	case 6:
		p.globalSection()
	case 7:
		p.exportSection()
	case 8:
		p.startSection()
	case 9:
		p.elemSection()
	case 10:
		p.codeSection()
	case 11:
		p.dataSection()
	case 12:
		p.m.HasDataCount = true
		p.m.DataCount = r.u32()
	case 13:
		p.tagSection()
	}
	if r.pos != end {
		r.fail(r.pos, "section size mismatch: "+itoa(int64(end-r.pos))+" bytes left over")
	}
}

// item names the entry being decoded, "" outside one.
func (p *parser) item() string {
	if p.itemSpace == "" {
		return ""
	}
	s := p.itemSpace + "[" + itoa(int64(p.itemIdx)) + "]"
	switch {
	case len(p.itemMod) > 0:
		s += " " + string(p.itemMod) + "." + string(p.itemName)
	case len(p.itemName) > 0:
		s += " " + string(p.itemName)
	}
	return s
}

// alreadySaid tells a failure at the end of a section that the end of the
// file cut short: that was reported once already.
func (p *parser) alreadySaid(off int, msg string) bool {
	return p.cut && off >= len(p.r.b)-16 && strings.HasPrefix(msg, "unexpected end")
}

// finish checks what only the whole module can tell.
func (p *parser) finish() {
	m := p.m
	p.checkModule()
	if len(m.Funcs) != m.NumCodes {
		off := m.Size
		for _, s := range m.Sections {
			if s.ID == 10 || (s.ID == 3 && !p.haveCd) {
				off = s.Offset
			}
		}
		m.problem(Problem{Kind: Malformed, Offset: off, Section: SectionCode, Func: -1,
			Message: "function and code section have inconsistent lengths: " + itoa(int64(len(m.Funcs))) + " functions, " + itoa(int64(m.NumCodes)) + " bodies"})
	}
	if m.HasDataCount && int(m.DataCount) != m.NumDatas {
		off := m.Size
		for _, s := range m.Sections {
			if s.ID == 12 {
				off = s.Offset
			}
		}
		m.problem(Problem{Kind: Malformed, Offset: off, Section: SectionDataCount, Func: -1,
			Message: "data count and data section have inconsistent lengths: count " + itoa(int64(m.DataCount)) + ", " + itoa(int64(m.NumDatas)) + " segments"})
	}
}

// use records a feature and notes that something beyond 2.0 was met, so
// the function checker stops typing what it cannot type.
func (p *parser) use(f Feature, offset int, fn int64) {
	p.m.use(f, offset, fn)
	p.beyond = true
}
