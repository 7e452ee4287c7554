package wasmparse

import "errors"

// The name section is a custom section, which the spec leaves unvalidated:
// a malformed one does not make the module invalid. Engines decode it all
// the same, and wazero allocates what its counts declare before it reads an
// entry (a function-names subsection declaring 2^32-1 entries, in a 100-byte
// module, cost it 96 GiB) and refuses the whole module for a name that is
// not UTF-8 or for a second name section. So the reader checks the name
// section as wazero reads it, every count bounded by the bytes that could
// hold it, and EngineBytes hands engines the module without any name section
// it could not bound.

// NameIssue is a name section engines are not given, and why.
type NameIssue struct {
	Offset  int    // where the problem is
	Message string // what it is
}

// nameSectionProblem checks the name section payload b[pos:end] as wazero
// decodes it: each subsection's bytes within the section, and the module
// name (0), function names (1) and local names (2) exactly filling their
// subsection, with every count at most the bytes left divided by an entry's
// least size and every name UTF-8. Other subsections are skipped by their
// size, as wazero does. It answers "" for a section an engine may decode.
func nameSectionProblem(b []byte, pos, end int) (off int, msg string) {
	defer func() {
		if e := recover(); e != nil {
			d, ok := e.(*decodeError)
			if !ok {
				panic(e)
			}
			off, msg = d.offset, d.msg
		}
	}()
	r := reader{b: b[:end], pos: pos}
	for r.pos < end {
		id := r.byte()
		start := r.pos
		size := int(r.u32())
		if size > r.remaining() {
			r.fail(start, "subsection "+itoa(int64(id))+" claims "+itoa(int64(size))+" bytes, past the end of the section")
		}
		next := r.pos + size
		sub := reader{b: b[:next], pos: r.pos}
		switch id {
		case 0: // the module's name
			sub.nameBytes()
		case 1: // function names: a name map
			sub.nameMap()
		case 2: // local names: an indirect name map
			n := sub.nameCount("functions") // each a function index and a map, however empty
			for range n {
				sub.u32()
				sub.nameMap()
			}
		default:
			sub.pos = next
		}
		if sub.pos != next {
			r.fail(sub.pos, "subsection "+itoa(int64(id))+" claims "+itoa(int64(size))+" bytes but its content ends after "+itoa(int64(sub.pos-r.pos)))
		}
		r.pos = next
	}
	return 0, ""
}

// nameMap reads a vector of (index, name), each at least two bytes.
func (r *reader) nameMap() {
	n := r.nameCount("names")
	for range n {
		r.u32()
		r.nameBytes()
	}
}

// nameCount reads a vector length of a name subsection, whose entries
// take at least two bytes each, refusing one its bytes cannot hold.
func (r *reader) nameCount(what string) int {
	start := r.pos
	n := r.u32()
	if uint64(n)*2 > uint64(r.remaining()) {
		r.fail(start, "declares "+itoa(int64(n))+" "+what+" in "+itoa(int64(r.remaining()))+" bytes, which hold at most "+itoa(int64(r.remaining()/2)))
	}
	return int(n)
}

// EngineBytes is the module as an engine may be given it: wasm itself when
// every name section was bounded (see Module.NameIssues), else a copy
// without the name sections the reader found malformed and without any
// name section after the first. A module whose sections do not frame
// (one runs past the end of the file, or a custom section's name past its
// section) is malformed and answers an error: it must not be compiled.
func (m *Module) EngineBytes(wasm []byte) ([]byte, error) {
	if len(m.NameIssues) == 0 {
		return wasm, nil
	}
	if len(wasm) < 8 {
		return nil, errMalformedFrame
	}
	out := make([]byte, 8, len(wasm))
	copy(out, wasm)
	r := reader{b: wasm, pos: 8}
	seen := false
	for r.pos < len(wasm) {
		start := r.pos
		id := wasm[r.pos]
		r.pos++
		size, _, msg := r.u32Safe()
		if msg != "" || int64(size) > int64(r.remaining()) {
			return nil, errMalformedFrame
		}
		end := r.pos + int(size)
		if id == 0 {
			n, _, msg := r.u32Safe()
			if msg != "" || int64(n) > int64(end-r.pos) {
				return nil, errMalformedFrame
			}
			if string(wasm[r.pos:r.pos+int(n)]) == "name" {
				first := !seen
				seen = true
				if !first {
					r.pos = end
					continue
				}
				if _, msg := nameSectionProblem(wasm, r.pos+int(n), end); msg != "" {
					r.pos = end
					continue
				}
			}
		}
		out = append(out, wasm[start:end]...)
		r.pos = end
	}
	return out, nil
}

var errMalformedFrame = errors.New("malformed: a section runs past the end of the file, or a custom section's name past its section")
