package wasmparse

import (
	"encoding/binary"
	"errors"
)

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
// size, as wazero does. It answers "" for a section an engine may decode,
// and what wazero's decoding of it takes on the Go heap (see nameWeight).
func nameSectionProblem(b []byte, pos, end int) (off int, msg string, w nameWeight) {
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
			w.other += nameHeld(len(sub.nameBytes()))
		case 1: // function names: a name map
			w.other += sub.nameMap()
		case 2: // local names: an indirect name map
			n := sub.nameCount("functions") // each a function index and a map, however empty
			w.local += nameMapAssocHeld * int64(n)
			for range n {
				sub.u32()
				w.local += sub.nameMap()
			}
		default:
			sub.pos = next
		}
		if sub.pos != next {
			r.fail(sub.pos, "subsection "+itoa(int64(id))+" claims "+itoa(int64(size))+" bytes but its content ends after "+itoa(int64(sub.pos-r.pos)))
		}
		r.pos = next
	}
	return 0, "", w
}

// EngineNamesMax bounds what wazero's decoding of a module's name section
// may take on the Go heap of the process that loads the module, where its
// compiled module keeps it for as long as it is held (serve: as long as
// the module is served). Past it, EngineBytes leaves out the section's
// local names (which no trap shows), and past it without them the whole
// section (traps then name functions by index). wazero holds 32 bytes a
// local-names entry and 24 a name, from two bytes of payload: 12,000,000
// empty local-name maps, a 24 MB module, held 343 MiB (attack pass 46d,
// row 4). The name section of a real module weighs a few MiB at most
// (TestRealNameSectionsWeighed).
const EngineNamesMax = 32 << 20

// What wazero's decoded name section holds (measured by
// TestNameWeightModel): an entry of a name map (wasm.NameAssoc: an index
// and a string) and of the local names (wasm.NameMapAssoc: an index and a
// name map), and each name's bytes, which it allocates apart (nameHeld).
const (
	nameAssocHeld    = 24
	nameMapAssocHeld = 32
)

// nameHeld is what one name of n bytes takes once decoded: its own
// allocation, rounded up to the allocator's size classes (at most an
// eighth more, and 8 bytes for the smallest).
func nameHeld(n int) int64 {
	if n == 0 {
		return 0
	}
	return int64(n) + int64(n)/8 + 8
}

// nameWeight is what wazero's decoding of a name section holds: its local
// names apart from the rest (the module's and the functions' names).
type nameWeight struct{ local, other int64 }

// NameTrim is the part of a module's first name section engines are not
// given because wazero's decoding of it would take more than
// EngineNamesMax (see EngineBytes).
type NameTrim struct {
	Offset  int   // the name section's
	Decoded int64 // what wazero's decoding of the whole section takes, in bytes
	// Whole is true when the whole section is left out; false when only its
	// local names are (the rest weighs at most EngineNamesMax).
	Whole bool
}

// trim says what of a name section of weight w engines are not given:
// nothing (nil), its local names, or all of it.
func (w nameWeight) trim(offset int) *NameTrim {
	if w.local+w.other <= EngineNamesMax {
		return nil
	}
	return &NameTrim{Offset: offset, Decoded: w.local + w.other, Whole: w.other > EngineNamesMax}
}

// nameMap reads a vector of (index, name), each at least two bytes, and
// answers what wazero's decoding of it holds.
func (r *reader) nameMap() int64 {
	n := r.nameCount("names")
	held := nameAssocHeld * int64(n)
	for range n {
		r.u32()
		held += nameHeld(len(r.nameBytes()))
	}
	return held
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
// every name section was bounded (see Module.NameIssues), weighs at most
// EngineNamesMax decoded (Module.NameTrim) and no u32 wazero reads as one
// byte is written in more bytes than it needs (canonical.go); else a copy
// without the name sections the reader found malformed, without any name
// section after the first, without the part of the first that weighs too
// much, and with those u32s in their shortest form (a function body and
// a section that shrink have their sizes written again). A module whose
// sections do not frame (one runs past the end of the file, or a custom
// section's name past its section) is malformed and answers an error: it
// must not be compiled.
func (m *Module) EngineBytes(wasm []byte) ([]byte, error) {
	if len(m.NameIssues) == 0 && m.NameTrim == nil && len(m.overlong) == 0 {
		return wasm, nil
	}
	if len(wasm) < 8 {
		return nil, errMalformedFrame
	}
	out := make([]byte, 8, len(wasm))
	copy(out, wasm)
	r := reader{b: wasm, pos: 8}
	seen := false
	at := m.overlong
	for r.pos < len(wasm) {
		start := r.pos
		id := wasm[r.pos]
		r.pos++
		size, _, msg := r.u32Safe()
		if msg != "" || int64(size) > int64(r.remaining()) {
			return nil, errMalformedFrame
		}
		payload, end := r.pos, r.pos+int(size)
		k := 0
		for k < len(at) && at[k] < end {
			k++
		}
		if k > 0 {
			b, err := canonicalSection(wasm, id, payload, end, at[:k])
			if err != nil {
				return nil, err
			}
			out = append(binary.AppendUvarint(append(out, id), uint64(len(b))), b...)
			at = at[k:]
			r.pos = end
			continue
		}
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
				_, msg, w := nameSectionProblem(wasm, r.pos+int(n), end)
				trim := w.trim(start)
				if msg != "" || (trim != nil && trim.Whole) {
					r.pos = end
					continue
				}
				if trim != nil {
					b := withoutLocalNames(wasm, payload, r.pos+int(n), end)
					out = append(binary.AppendUvarint(append(out, id), uint64(len(b))), b...)
					r.pos = end
					continue
				}
			}
		}
		out = append(out, wasm[start:end]...)
		r.pos = end
	}
	if len(at) > 0 {
		return nil, errMalformedFrame
	}
	return out, nil
}

// withoutLocalNames is the payload wasm[payload:end] of a name section,
// whose subsections start at subs, without its local-names subsections.
// nameSectionProblem has framed every subsection.
func withoutLocalNames(wasm []byte, payload, subs, end int) []byte {
	out := append([]byte{}, wasm[payload:subs]...)
	r := reader{b: wasm[:end], pos: subs}
	for r.pos < end {
		start := r.pos
		id := r.byte()
		size := int(r.u32())
		next := r.pos + size
		if id != 2 {
			out = append(out, wasm[start:next]...)
		}
		r.pos = next
	}
	return out
}

var errMalformedFrame = errors.New("malformed: a section runs past the end of the file, or a custom section's name past its section")
