// Package wasmsize says what makes a WebAssembly module big, as go tool nm
// -size and twiggy do for native and Rust binaries: the size of each
// section, the code of each Go package (or Rust crate) from the name
// section's function names, and the largest data segments. It reads only
// what it needs and trusts nothing: a malformed module is an error, never
// a panic.
package wasmsize

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Report is a module's weight.
type Report struct {
	Total    int
	Sections []Part // by size, largest first: "code", "data", "custom name", ...
	Packages []Part // code bytes by Go package (or crate) of each named function, largest first
	Named    int    // code bytes of functions the name section names
	Code     int    // code bytes in all (function bodies)
	Data     []Segment
	DataSize int // bytes of every data segment's contents
}

// Part is a named share of the module.
type Part struct {
	Name  string
	Bytes int
}

// Segment is one data segment: its index, where its contents start in the
// file, and their size.
type Segment struct {
	Index, Offset, Bytes int
}

// MaxCustomRows is how many distinct custom section names get a row of
// their own; the custom sections of any further name share one counted row,
// so a module of a million distinct names costs memory in proportion to its
// size, not a row each (the module reader keeps as many, wasmparse's
// maxSections).
const MaxCustomRows = 1000

// MaxPackageRows is how many distinct packages get a row of their own, in
// the order the name section first names them; the code of functions of
// any further package shares one counted row. A Go module of 23 MB names
// fewer than a thousand.
const MaxPackageRows = 4000

var sectionNames = [...]string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count", "tag"}

// Analyze reads b. It keeps the largest topData data segments.
//
// Its memory is bounded whatever b holds: it keeps no record per code
// body, data segment or function name, only running totals, the topData
// largest segments seen so far (a min-heap), at most MaxCustomRows and
// MaxPackageRows rows, and where the code section and the name section's
// function names are; the names are then joined to the bodies by walking
// both in order (the spec lists function names by increasing index: a
// name out of that order is not joined, and its code counts as unnamed).
func Analyze(b []byte, topData int) (*Report, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" || b[4] != 1 || b[5] != 0 || b[6] != 0 || b[7] != 0 {
		return nil, errors.New("not a WebAssembly core module")
	}
	r := &Report{Total: len(b)}
	sections := map[string]int{}
	customs := 0                   // distinct custom section names with a row of their own
	moreCustoms, moreBytes := 0, 0 // the custom sections past MaxCustomRows names, folded into one row
	var code, names *reader        // the code section, the function-names subsection (the last one)
	top := &largest{n: max(topData, 0)}
	imported := 0
	seq := 0 // data segments read, across data sections
	rd := &reader{b: b, pos: 8}
	for rd.pos < len(b) {
		header := rd.pos
		id := rd.byte()
		size := rd.u32()
		start := rd.pos
		end := start + size
		if rd.err != nil || size < 0 || end > len(b) || end < start {
			return nil, errors.New("malformed section header")
		}
		name := "unknown"
		if int(id) < len(sectionNames) {
			name = sectionNames[id]
		}
		sub := &reader{b: b[:end], pos: start}
		switch id {
		case 0:
			n := sub.name()
			name = "custom " + n
			if n == "name" {
				if fn := funcNames(sub); fn != nil {
					names = fn
				}
			}
		case 2:
			imported = importedFuncs(sub)
		case 10:
			if code != nil {
				return nil, errors.New("code section: a second one")
			}
			code = &reader{b: sub.b, pos: sub.pos}
			for i, n := 0, sub.u32(); i < n && sub.err == nil; i++ {
				sz := sub.u32()
				r.Code += sz
				sub.skip(sz)
			}
		case 11:
			for i, n := 0, sub.u32(); i < n && sub.err == nil; i++ {
				flags := sub.u32()
				if flags == 2 {
					sub.u32()
				}
				if flags != 1 {
					sub.constExpr()
				}
				sz := sub.u32()
				top.add(Segment{Index: i, Offset: sub.pos, Bytes: sz}, seq)
				seq++
				r.DataSize += sz
				sub.skip(sz)
			}
		}
		if sub.err != nil {
			return nil, errors.New(name + " section: " + sub.err.Error())
		}
		rd.pos = end
		if id == 0 {
			if _, ok := sections[name]; !ok && customs == MaxCustomRows {
				moreCustoms++
				moreBytes += end - header
				continue
			} else if !ok {
				customs++
			}
		}
		sections[name] += end - header // the section's header counts too
	}
	if moreCustoms > 0 {
		sections[fmt.Sprintf("custom (%d more sections past %d names)", moreCustoms, MaxCustomRows)] = moreBytes
	}
	for n, s := range sections {
		r.Sections = append(r.Sections, Part{n, s})
	}
	if code != nil && names != nil {
		r.Packages, r.Named = packages(code, names, imported)
	}
	largestFirst := func(a, b Part) int {
		if a.Bytes != b.Bytes {
			return b.Bytes - a.Bytes
		}
		return strings.Compare(a.Name, b.Name)
	}
	slices.SortFunc(r.Sections, largestFirst)
	slices.SortFunc(r.Packages, largestFirst)
	r.Data = top.sorted()
	return r, nil
}

// packages joins the function names (names, at the subsection's count)
// to the code bodies (code, at the section's count, read whole before) in
// one walk of each: names in increasing order of index are joined to the
// body of their function, the others are skipped. It answers the code
// bytes by package, at most MaxPackageRows rows and one for the rest, and
// the code bytes named.
func packages(code, names *reader, imported int) ([]Part, int) {
	byPkg := map[string]int{}
	folded, moreBytes, named := false, 0, 0
	bodies := code.u32()
	body, next := 0, -1 // the body code is at, and the last index joined
	for i, n := 0, names.u32(); i < n && names.err == nil; i++ {
		idx := names.u32()
		sym := names.name()
		k := idx - imported
		if names.err != nil || idx <= next || k < 0 || k >= bodies {
			continue
		}
		next = idx
		for body < k { // skip to body k: the section was read whole before
			code.skip(code.u32())
			body++
		}
		sz := code.u32()
		code.skip(sz)
		body++
		p := Package(sym)
		if _, ok := byPkg[p]; !ok && len(byPkg) == MaxPackageRows {
			folded = true
			moreBytes += sz
			named += sz
			continue
		}
		byPkg[p] += sz
		named += sz
	}
	rows := make([]Part, 0, len(byPkg)+1)
	for p, s := range byPkg {
		rows = append(rows, Part{p, s})
	}
	if folded {
		rows = append(rows, Part{fmt.Sprintf("(packages past %d names)", MaxPackageRows), moreBytes})
	}
	return rows, named
}

// largest keeps the n largest data segments seen, the earliest first of
// equal ones: a min-heap whose root is the one to drop next.
type largest struct {
	n    int
	heap []ranked
}

type ranked struct {
	Segment
	seq int
}

// less says whether a goes before b in the heap: a is smaller, or as big
// and later.
func (ranked) less(a, b ranked) bool {
	if a.Bytes != b.Bytes {
		return a.Bytes < b.Bytes
	}
	return a.seq > b.seq
}

func (l *largest) add(s Segment, seq int) {
	e := ranked{s, seq}
	switch {
	case l.n == 0:
		return
	case len(l.heap) < l.n:
		l.heap = append(l.heap, e)
		for i := len(l.heap) - 1; i > 0; {
			p := (i - 1) / 2
			if !e.less(l.heap[i], l.heap[p]) {
				break
			}
			l.heap[i], l.heap[p] = l.heap[p], l.heap[i]
			i = p
		}
	case e.less(l.heap[0], e):
		l.heap[0] = e
		for i := 0; ; {
			m, a, b := i, 2*i+1, 2*i+2
			if a < len(l.heap) && e.less(l.heap[a], l.heap[m]) {
				m = a
			}
			if b < len(l.heap) && e.less(l.heap[b], l.heap[m]) {
				m = b
			}
			if m == i {
				break
			}
			l.heap[i], l.heap[m] = l.heap[m], l.heap[i]
			i = m
		}
	}
}

// sorted is the segments kept, largest first, the earliest first of equal
// ones.
func (l *largest) sorted() []Segment {
	slices.SortFunc(l.heap, func(a, b ranked) int {
		if a.Bytes != b.Bytes {
			return b.Bytes - a.Bytes
		}
		return a.seq - b.seq
	})
	out := make([]Segment, len(l.heap))
	for i, e := range l.heap {
		out[i] = e.Segment
	}
	return out
}

// Package is the Go package of a function's symbol name, as Go's wasm
// linker writes it (every byte of the import path but letters, digits, '.'
// and '_' made '_': github.com_subako_ai_subako_go_subako for
// github.com/subako-ai/subako-go/subako.Serve, runtime for
// runtime.__mspan_.init), the same from an unmangled name (image/png for
// image/png.(*encoder).writeIDATs), the crate of a Rust path (core for
// core::fmt::write), or "(other)". Mangle turns an import path into the
// linker's spelling.
func Package(sym string) string {
	if i := strings.Index(sym, "::"); i > 0 {
		return strings.TrimPrefix(sym[:i], "<")
	}
	if strings.HasPrefix(sym, "type:") || strings.HasPrefix(sym, "type_.") || strings.HasPrefix(sym, "go:") || strings.HasPrefix(sym, "go_") {
		return "(other)"
	}
	head := sym
	if i := strings.IndexAny(head, "[("); i >= 0 {
		head = head[:i]
	}
	slash := strings.LastIndexByte(head, '/')
	dot := strings.IndexByte(head[slash+1:], '.')
	if dot <= 0 {
		return "(other)"
	}
	end := slash + 1 + dot
	// A domain's dot (github.com_...): its top-level label runs to a '_'.
	if slash < 0 && !strings.Contains(head[:end], "_") {
		rest := head[end+1:]
		tld := 0
		for tld < len(rest) && 'a' <= rest[tld] && rest[tld] <= 'z' {
			tld++
		}
		if tld > 0 && tld < len(rest) && rest[tld] == '_' {
			if next := strings.IndexByte(rest, '.'); next > 0 {
				end += 1 + next
			}
		}
	}
	return head[:end]
}

// Mangle spells an import path as Go's wasm linker does in the name
// section: every byte but letters, digits, '.' and '_' becomes '_'.
func Mangle(importPath string) string {
	b := []byte(importPath)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_':
		default:
			b[i] = '_'
		}
	}
	return string(b)
}

// funcNames finds the last function-names subsection of a name section:
// a reader at its start, bounded by its end, or nil when there is none.
// A subsection past the section's end ends the search, as a malformed
// name section leaves the module named no further.
func funcNames(rd *reader) *reader {
	var found *reader
	for rd.pos < len(rd.b) && rd.err == nil {
		id := rd.byte()
		size := rd.u32()
		end := rd.pos + size
		if rd.err != nil || end > len(rd.b) || end < rd.pos {
			return found
		}
		if id == 1 {
			found = &reader{b: rd.b[:end], pos: rd.pos}
		}
		rd.pos = end
	}
	return found
}

// importedFuncs counts the function imports of an import section.
func importedFuncs(rd *reader) int {
	funcs := 0
	for i, n := 0, rd.u32(); i < n && rd.err == nil; i++ {
		rd.name()
		rd.name()
		switch rd.byte() {
		case 0:
			rd.u32()
			funcs++
		case 1:
			rd.byte()
			rd.limits()
		case 2:
			rd.limits()
		case 3:
			rd.byte()
			rd.byte()
		case 4:
			rd.byte()
			rd.u32()
		default:
			rd.err = errors.New("unknown import kind")
		}
	}
	return funcs
}

// reader reads LEB128 numbers and names; its first error sticks.
type reader struct {
	b   []byte
	pos int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil || r.pos >= len(r.b) {
		r.fail()
		return 0
	}
	c := r.b[r.pos]
	r.pos++
	return c
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = errors.New("unexpected end")
	}
}

// u32 reads an unsigned LEB128 number of at most 32 bits.
func (r *reader) u32() int {
	v := 0
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= int(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.err = errors.New("number too long")
	return 0
}

// sleb skips a signed LEB128 number.
func (r *reader) sleb() {
	for i := 0; i < 10; i++ {
		if r.byte()&0x80 == 0 {
			return
		}
	}
	r.err = errors.New("number too long")
}

func (r *reader) skip(n int) {
	if n < 0 || r.pos+n > len(r.b) {
		r.fail()
		return
	}
	r.pos += n
}

func (r *reader) name() string {
	n := r.u32()
	start := r.pos
	r.skip(n)
	if r.err != nil {
		return ""
	}
	return string(r.b[start:r.pos])
}

func (r *reader) limits() {
	flags := r.byte()
	r.u32()
	if flags&1 != 0 {
		r.u32()
	}
}

// constExpr skips a constant expression up to its end.
func (r *reader) constExpr() {
	for r.err == nil {
		switch op := r.byte(); op {
		case 0x0b:
			return
		case 0x41, 0x42:
			r.sleb()
		case 0x23, 0xd2:
			r.u32()
		case 0x43:
			r.skip(4)
		case 0x44:
			r.skip(8)
		case 0x6a, 0x6b, 0x6c, 0x7c, 0x7d, 0x7e:
		case 0xd0:
			r.byte()
		default:
			r.err = errors.New("unknown instruction in a data segment's offset")
		}
	}
}
