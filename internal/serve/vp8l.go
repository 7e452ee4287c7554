package serve

// vp8lBits reads a VP8L bit stream as x/image/vp8l does: least
// significant bit first. Past the data's end, ok becomes false.
type vp8lBits struct {
	b   []byte
	pos int // in bits
	ok  bool
}

func (r *vp8lBits) read(n uint32) uint32 {
	if !r.ok || r.pos+int(n) > 8*len(r.b) {
		r.ok = false
		return 0
	}
	v := uint32(0)
	for i := range n {
		v |= uint32(r.b[r.pos>>3]>>(r.pos&7)&1) << i
		r.pos++
	}
	return v
}

// vp8lCode is a canonical prefix code, as x/image/vp8l builds it: the
// symbols by code length, then by value; one symbol alone takes no bits.
type vp8lCode struct {
	counts [16]int
	syms   []uint32
}

// codeOf builds the code of these lengths, false for a code x/image/vp8l
// refuses (no symbol, a length over 15) and for one that is not complete
// (two or more symbols whose lengths' Kraft sum is not 1): x/image/vp8l
// builds an over-subscribed code, a later symbol replacing an earlier one
// of the same code (taken modulo 2^length), so it would read other groups
// than a canonical decoder; libwebp refuses both kinds, and its encoder
// writes neither, so the caller charges the most groups.
func codeOf(lengths []uint32) (vp8lCode, bool) {
	var c vp8lCode
	for l := uint32(1); l <= 15; l++ {
		for s, n := range lengths {
			if n == l {
				c.syms = append(c.syms, uint32(s))
				c.counts[l]++
			}
		}
	}
	for _, n := range lengths {
		if n > 15 {
			return c, false
		}
	}
	if len(c.syms) == 1 {
		c.counts = [16]int{0: 1}
		return c, true
	}
	kraft := 0 // in units of 2^-15
	for l := 1; l <= 15; l++ {
		kraft += c.counts[l] << (15 - l)
	}
	return c, len(c.syms) > 1 && kraft == 1<<15
}

// next reads a symbol, walking the code from its top bit as x/image/vp8l's
// tree does.
func (c *vp8lCode) next(r *vp8lBits) (uint32, bool) {
	if c.counts[0] == 1 {
		return c.syms[0], true
	}
	code, first, index := 0, 0, 0
	for l := 1; l <= 15; l++ {
		code |= int(r.read(1))
		if !r.ok {
			return 0, false
		}
		if d := code - first; d >= 0 && d < c.counts[l] && index+d < len(c.syms) {
			return c.syms[index+d], true
		}
		index += c.counts[l]
		first = (first + c.counts[l]) << 1
		code <<= 1
	}
	return 0, false
}

// readCode reads a prefix code of an alphabet of size symbols
// (x/image/vp8l's decodeHuffmanTree).
func readCode(r *vp8lBits, size uint32) (vp8lCode, bool) {
	if r.read(1) == 1 { // simple: one or two symbols, codes 0 and 1
		n := r.read(1) + 1
		syms := []uint32{r.read(7*r.read(1) + 1)}
		if n == 2 {
			syms = append(syms, r.read(8))
		}
		for _, s := range syms {
			if s >= size {
				return vp8lCode{}, false
			}
		}
		c := vp8lCode{syms: syms}
		c.counts[n-1] = int(n) // n == 1: no bits; n == 2: two codes of one bit
		return c, r.ok
	}
	order := [19]uint8{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	nCodes := r.read(4) + 4
	if nCodes > 19 {
		return vp8lCode{}, false
	}
	var lengthsOfLengths [19]uint32
	for i := range nCodes {
		lengthsOfLengths[order[i]] = r.read(3)
	}
	lengthCode, ok := codeOf(lengthsOfLengths[:])
	if !ok || !r.ok {
		return vp8lCode{}, false
	}
	lengths := make([]uint32, size)
	maxSymbol := int(size)
	if r.read(1) == 1 {
		maxSymbol = int(r.read(2+2*r.read(3))) + 2
		if maxSymbol > int(size) {
			return vp8lCode{}, false
		}
	}
	prev := uint32(8)
	for s := 0; s < len(lengths) && maxSymbol > 0; {
		maxSymbol--
		l, ok := lengthCode.next(r)
		if !ok {
			return vp8lCode{}, false
		}
		if l < 16 {
			lengths[s] = l
			s++
			if l != 0 {
				prev = l
			}
			continue
		}
		repeat := r.read(uint32([3]uint8{2, 3, 7}[l-16])) + uint32([3]uint8{3, 3, 11}[l-16])
		if s+int(repeat) > len(lengths) {
			return vp8lCode{}, false
		}
		for ; repeat > 0; repeat-- {
			if l == 16 {
				lengths[s] = prev
			}
			s++
		}
	}
	c, ok := codeOf(lengths)
	return c, ok && r.ok
}

// vp8lWalk counts the steps vp8lGroups takes through sub-images (a pixel,
// a copy or a cached pixel each), so that reading is charged however few
// bits a step takes: a code of one symbol takes none, so a file of a few
// dozen bytes can name millions of steps (attack pass 38b).
type vp8lWalk struct {
	steps, limit int64
}

// vp8lSubImage reads a sub-image of w by h pixels (a transform's, or the
// entropy image: one group of codes, x/image/vp8l's decodePix with
// topLevel false) without keeping its pixels, and returns the largest
// group index a pixel of it can hold: its red and green bytes. LZ77
// copies and the colour cache repeat earlier pixels (or zero), so the
// literals bound them all.
func vp8lSubImage(r *vp8lBits, walk *vp8lWalk, w, h int64) (maxIndex uint32, ok bool) {
	cache := uint32(0)
	if r.read(1) == 1 {
		bits := r.read(4)
		if bits < 1 || bits > 11 {
			return 0, false
		}
		cache = 1 << bits
	}
	var codes [5]vp8lCode
	for i, size := range [5]uint32{256 + 24 + cache, 256, 256, 256, 40} {
		if codes[i], ok = readCode(r, size); !ok {
			return 0, false
		}
	}
	lz77 := func(symbol uint32) int64 {
		if symbol < 4 {
			return int64(symbol) + 1
		}
		extra := (symbol - 2) >> 1
		return int64((2+symbol&1)<<extra) + int64(r.read(extra)) + 1
	}
	for p := int64(0); p < w*h; {
		if walk.steps++; walk.steps > walk.limit {
			return 0, false
		}
		green, ok := codes[0].next(r)
		if !ok {
			return 0, false
		}
		switch {
		case green < 256:
			red, ok := codes[1].next(r)
			_, okBlue := codes[2].next(r)
			_, okAlpha := codes[3].next(r)
			if !ok || !okBlue || !okAlpha {
				return 0, false
			}
			maxIndex = max(maxIndex, red<<8|green)
			p++
		case green < 256+24:
			length := lz77(green - 256)
			symbol, ok := codes[4].next(r)
			if !ok {
				return 0, false
			}
			if dist := vp8lDistance(w, lz77(symbol)); p < dist || p+length > w*h {
				return 0, false
			}
			p += length
		default:
			p++ // an earlier pixel, from the cache
		}
		if !r.ok {
			return 0, false
		}
	}
	return maxIndex, true
}

// vp8lDistance is x/image/vp8l's distanceMap, widened so no value wraps:
// a code past 120 is a distance, one within it a neighbour.
func vp8lDistance(w, code int64) int64 {
	if code > 120 {
		return code - 120
	}
	d := int64(vp8lDistanceTable[code-1])
	if d = (d>>4)*w + 8 - d&0xf; d >= 1 {
		return d
	}
	return 1
}

var vp8lDistanceTable = [120]uint8{
	0x18, 0x07, 0x17, 0x19, 0x28, 0x06, 0x27, 0x29, 0x16, 0x1a,
	0x26, 0x2a, 0x38, 0x05, 0x37, 0x39, 0x15, 0x1b, 0x36, 0x3a,
	0x25, 0x2b, 0x48, 0x04, 0x47, 0x49, 0x14, 0x1c, 0x35, 0x3b,
	0x46, 0x4a, 0x24, 0x2c, 0x58, 0x45, 0x4b, 0x34, 0x3c, 0x03,
	0x57, 0x59, 0x13, 0x1d, 0x56, 0x5a, 0x23, 0x2d, 0x44, 0x4c,
	0x55, 0x5b, 0x33, 0x3d, 0x68, 0x02, 0x67, 0x69, 0x12, 0x1e,
	0x66, 0x6a, 0x22, 0x2e, 0x54, 0x5c, 0x43, 0x4d, 0x65, 0x6b,
	0x32, 0x3e, 0x78, 0x01, 0x77, 0x79, 0x53, 0x5d, 0x11, 0x1f,
	0x64, 0x6c, 0x42, 0x4e, 0x76, 0x7a, 0x21, 0x2f, 0x75, 0x7b,
	0x31, 0x3f, 0x63, 0x6d, 0x52, 0x5e, 0x00, 0x74, 0x7c, 0x41,
	0x4f, 0x10, 0x20, 0x62, 0x6e, 0x30, 0x73, 0x7d, 0x51, 0x5f,
	0x40, 0x72, 0x7e, 0x61, 0x6f, 0x50, 0x71, 0x7f, 0x60, 0x70,
}

// vp8lGroups is how many Huffman groups x/image/vp8l decodes for the
// lossless image of w by h whose bit stream past its 5-byte header is b:
// its transforms' sub-images are read past, then the entropy image's
// largest group index says. ok is false when the stream is not read to
// there (the caller charges the most), and when reading would take more
// than limit steps (pixels, LZ77 copies or cached pixels of sub-images);
// walked is the steps taken, at most limit+1, to be charged whatever the
// outcome.
func vp8lGroups(b []byte, w, h, limit int64) (groups int, walked int64, ok bool) {
	walk := &vp8lWalk{limit: limit}
	groups, ok = vp8lRead(b, walk, w, h)
	return groups, walk.steps, ok
}

// vp8lRead is vp8lGroups's reading, its steps counted in walk.
func vp8lRead(b []byte, walk *vp8lWalk, w, h int64) (groups int, ok bool) {
	r := &vp8lBits{b: b, ok: true}
	tiles := func(n int64, bits uint32) int64 { return (n + 1<<bits - 1) >> bits }
	for seen := 0; r.read(1) == 1; {
		kind := r.read(2)
		if seen&(1<<kind) != 0 || !r.ok {
			return 0, false
		}
		seen |= 1 << kind
		switch kind {
		case 0, 1: // predictor, cross-colour: an image of tiles
			bits := r.read(3) + 2
			if _, ok := vp8lSubImage(r, walk, tiles(w, bits), tiles(h, bits)); !ok {
				return 0, false
			}
		case 3: // colour indexing: a palette, pixels bundled
			colors := int64(r.read(8)) + 1
			if _, ok := vp8lSubImage(r, walk, colors, 1); !ok {
				return 0, false
			}
			switch {
			case colors <= 2:
				w = tiles(w, 3)
			case colors <= 4:
				w = tiles(w, 2)
			case colors <= 16:
				w = tiles(w, 1)
			}
		}
	}
	if r.read(1) == 1 { // the colour cache
		if bits := r.read(4); bits < 1 || bits > 11 {
			return 0, false
		}
	}
	if r.read(1) == 0 { // no entropy image: one group
		return 1, r.ok
	}
	bits := r.read(3) + 2
	maxIndex, ok := vp8lSubImage(r, walk, tiles(w, bits), tiles(h, bits))
	return int(maxIndex) + 1, ok
}
