package wasmparse

import "unicode/utf8"

// reader walks a window of the input. Positions are absolute offsets into
// the whole file, so every error and item can name where it sits.
//
// Decoding errors panic with a *decodeError that the section (or function)
// decoder recovers: this keeps the hot path free of error plumbing while the
// caller still records the problem and moves on to the next section.
type reader struct {
	b   []byte // the whole file, cut at the end of the current window
	pos int
}

type decodeError struct {
	offset int
	limit  Limit // set when the bytes are valid but beyond an implementation limit
	msg    string
}

// problem turns the error into a problem of the given section and function.
func (e *decodeError) problem(section SectionID, fn int64) Problem {
	p := Problem{Kind: Malformed, Offset: e.offset, Section: section, Func: fn, Message: e.msg}
	if e.limit != 0 {
		p.Kind, p.Limit = Exceeds, e.limit
	}
	return p
}

func (r *reader) fail(off int, msg string) {
	panic(&decodeError{offset: off, msg: msg})
}

func (r *reader) remaining() int { return len(r.b) - r.pos }

// peek returns the next byte without consuming it.
func (r *reader) peek() byte {
	if r.pos >= len(r.b) {
		r.fail(r.pos, "unexpected end")
	}
	return r.b[r.pos]
}

func (r *reader) byte() byte {
	if r.pos >= len(r.b) {
		r.fail(r.pos, "unexpected end")
	}
	c := r.b[r.pos]
	r.pos++
	return c
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b)-r.pos {
		r.fail(r.pos, "unexpected end")
	}
	s := r.b[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return s
}

// u32 reads an unsigned LEB128 of at most 5 bytes whose value fits 32 bits.
func (r *reader) u32() uint32 {
	// Fast path, small enough to inline: one byte.
	if v, ok := r.u32Short(); ok {
		return v
	}
	return r.u32Long()
}

// u32Short reads a one-byte LEB128, the common case, and is small enough
// to inline where u32 is not: hot loops call u32Long when it fails.
func (r *reader) u32Short() (uint32, bool) {
	if pos, b := r.pos, r.b; uint(pos) < uint(len(b)) && b[pos] < 0x80 {
		r.pos = pos + 1
		return uint32(b[pos]), true
	}
	return 0, false
}

func (r *reader) u32Long() uint32 {
	v, off, msg := r.u32Safe()
	if msg != "" {
		r.fail(off, msg)
	}
	return v
}

// u32Safe reads like u32 but returns a failure (its offset and message)
// instead of panicking: the places that run once per section, however many
// sections there are, must not pay for a panic each.
func (r *reader) u32Safe() (v uint32, errOff int, msg string) {
	start := r.pos
	for shift := uint(0); ; shift += 7 {
		if r.pos >= len(r.b) {
			return 0, r.pos, "unexpected end of LEB128 integer"
		}
		c := r.b[r.pos]
		r.pos++
		if shift == 28 {
			if c&0x80 != 0 {
				return 0, start, "integer representation too long"
			}
			if c&0x70 != 0 {
				return 0, start, "integer too large"
			}
		}
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, 0, ""
		}
	}
}

// u64 reads an unsigned LEB128 of at most 10 bytes.
func (r *reader) u64() uint64 {
	start := r.pos
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := r.byteLEB()
		if shift == 63 {
			if c&0x80 != 0 {
				r.fail(start, "integer representation too long")
			}
			if c&0x7e != 0 {
				r.fail(start, "integer too large")
			}
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
}

func (r *reader) byteLEB() byte {
	if r.pos >= len(r.b) {
		r.fail(r.pos, "unexpected end of LEB128 integer")
	}
	c := r.b[r.pos]
	r.pos++
	return c
}

// signed reads a signed LEB128 of the given bit width (32, 33 or 64).
func (r *reader) signed(bits uint) int64 {
	start := r.pos
	maxBytes := (bits + 6) / 7
	var v int64
	var shift uint
	for i := uint(0); ; i++ {
		c := r.byteLEB()
		if i == maxBytes-1 {
			if c&0x80 != 0 {
				r.fail(start, "integer representation too long")
			}
			// The unused bits of the last byte must all equal the sign bit.
			used := bits - 7*i // payload bits this byte may carry; the top one is the sign
			if used < 7 {
				rest := int8(c<<1) >> used // the sign bit and the unused bits above it
				if rest != 0 && rest != -1 {
					r.fail(start, "integer too large")
				}
			}
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

func (r *reader) s32() int32 { return int32(r.signed(32)) }
func (r *reader) s64() int64 { return r.signed(64) }

// name reads a length-prefixed UTF-8 name.
func (r *reader) name() string { return string(r.nameBytes()) }

// nameBytes reads a length-prefixed UTF-8 name without copying it.
func (r *reader) nameBytes() []byte {
	start := r.pos
	n := r.u32()
	b := r.bytes(int(n))
	r.check(start, LimitName, len(b))
	if !utf8.Valid(b) {
		r.fail(start, "malformed UTF-8 encoding")
	}
	return b
}

// count reads a vector length and refuses one that cannot fit in what is
// left of the window, given that each element takes at least minSize bytes.
// This is what keeps memory proportional to the input.
func (r *reader) count(minSize int) int {
	start := r.pos
	n := r.u32()
	if minSize > 0 && uint64(n)*uint64(minSize) > uint64(r.remaining()) {
		r.fail(start, "length out of bounds")
	}
	return int(n)
}
