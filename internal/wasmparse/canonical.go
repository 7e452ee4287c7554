package wasmparse

import "encoding/binary"

// wazero reads some u32s of the binary format as one byte: the opcode after
// the 0xfc and 0xfd prefixes (its validator reads 0xfc's as a u32, but its
// interpreter and its compiler read a byte; 0xfd's everywhere) and the
// count of a typed select's types. The format lets any u32 take up to five
// bytes, and wasmtime reads these with read_var_u32, so `fc 80 00`
// (i32.trunc_sat_f32_s) is valid and Subako runs it, while wazero's
// interpreter refused it and its compiler took it, and it read `fd 8c 00`
// (v128.const) as i16x8.shr_s followed by unreachable (attack pass 46d,
// row 3). The reader notes where such a u32 takes more bytes than its
// value needs, and EngineBytes writes each in its shortest form, which
// wazero reads as wasmtime reads the original. A canonical opcode of 0x80
// or more (i32x4.add, fd ae 01) is left as it is: wazero reads its first
// byte as the opcode and its second, 01, as a nop.

// noteOverlong records off when the u32 there is written in more bytes
// than its value needs. The reader has read it already, so it decodes.
func (p *parser) noteOverlong(off int) {
	v, n := binary.Uvarint(p.r.b[off:min(off+5, len(p.r.b))])
	if n > 0 && n > uvarintLen(v) {
		p.m.overlong = append(p.m.overlong, off)
	}
}

// uvarintLen is the length of v's shortest LEB128 form.
func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// canonicalize is wasm[start:end] with the u32 at each offset of at (all
// within it, ascending) written in its shortest form.
func canonicalize(wasm []byte, start, end int, at []int) ([]byte, error) {
	out := make([]byte, 0, end-start)
	last := start
	for _, off := range at {
		v, n := binary.Uvarint(wasm[off:min(off+5, end)])
		if n <= 0 || v > 0xffffffff || off < last {
			return nil, errMalformedFrame
		}
		out = append(out, wasm[last:off]...)
		out = binary.AppendUvarint(out, v)
		last = off + n
	}
	return append(out, wasm[last:end]...), nil
}

// canonicalSection is the payload wasm[start:end] of a section of id with
// the u32s at at (ascending, within it) in their shortest form; in the
// code section each function body's size is written again.
func canonicalSection(wasm []byte, id byte, start, end int, at []int) ([]byte, error) {
	if id != byte(SectionCode) {
		return canonicalize(wasm, start, end, at)
	}
	r := reader{b: wasm[:end], pos: start}
	n, _, msg := r.u32Safe()
	if msg != "" {
		return nil, errMalformedFrame
	}
	out := append(make([]byte, 0, end-start), wasm[start:r.pos]...)
	for range n {
		sizeAt := r.pos
		size, _, msg := r.u32Safe()
		if msg != "" || int64(size) > int64(r.remaining()) {
			return nil, errMalformedFrame
		}
		body, bodyEnd := r.pos, r.pos+int(size)
		k := 0
		for k < len(at) && at[k] < bodyEnd {
			k++
		}
		if k == 0 {
			out = append(out, wasm[sizeAt:bodyEnd]...)
		} else {
			b, err := canonicalize(wasm, body, bodyEnd, at[:k])
			if err != nil {
				return nil, err
			}
			out = binary.AppendUvarint(out, uint64(len(b)))
			out = append(out, b...)
			at = at[k:]
		}
		r.pos = bodyEnd
	}
	if len(at) > 0 {
		return nil, errMalformedFrame
	}
	return append(out, wasm[r.pos:end]...), nil
}
