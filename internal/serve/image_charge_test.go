package serve

import (
	"bytes"
	"compress/bzip2"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// chargedAndAllocated is what serve charges the image file data for
// decoding and downscaling, and what downscale allocates (garbage
// included, so its peak too). Not for parallel tests: it measures the
// process's allocations.
func chargedAndAllocated(t *testing.T, data []byte) (charged, alloc int64) {
	t.Helper()
	mime := resultcheck.Sniff(data)
	cfg, err := decoders[mime].config(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	cost, _ := decodeCost(data, mime, cfg, maxResultDecodeWork)
	charged = cost + scaleCost(cfg.Width, cfg.Height)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, _, err := downscale(data, decoders[mime], mime, cfg); err != nil {
		t.Fatalf("%s does not decode: %v", mime, err)
	}
	runtime.ReadMemStats(&after)
	return charged, int64(after.TotalAlloc - before.TotalAlloc)
}

// rgbJPEG is a baseline 4:2:0 JPEG of w by h whose three components are
// named 'R', 'G' and 'B' (in its frame header and its scan's), which
// image/jpeg reads as an RGB JPEG (decoder.isRGB).
func rgbJPEG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420), nil); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	renamed := 0
	jpegSegments(data, func(marker byte, body []byte) bool {
		switch marker {
		case 0xc0: // SOF0: precision, height, width, count, then id, sampling, table
			for c := range 3 {
				body[6+3*c] = "RGB"[c]
			}
			renamed++
		case 0xda: // SOS: count, then id, tables
			for c := range 3 {
				body[1+2*c] = "RGB"[c]
			}
			renamed++
			return false
		}
		return true
	})
	if renamed != 2 {
		t.Fatalf("renamed %d headers", renamed)
	}
	return data
}

// TestJPEGRGBCharge: image/jpeg converts a JPEG whose components are
// named R, G and B (or whose Adobe APP14 says transform 0) to an RGBA
// after decoding its planes, 4 bytes a pixel more, and serve charges it
// (attack pass 38: charged 32 MiB, allocated 47 MiB); a JFIF APP0 makes
// it YCbCr again, and the charge follows.
func TestJPEGRGBCharge(t *testing.T) { // not parallel: measures the process's allocations
	named := rgbJPEG(t, 2400, 1800)
	var plain bytes.Buffer
	if err := jpeg.Encode(&plain, image.NewYCbCr(image.Rect(0, 0, 2400, 1800), image.YCbCrSubsampleRatio420), nil); err != nil {
		t.Fatal(err)
	}
	// An Adobe APP14 of transform 0 right after the SOI.
	app14 := append([]byte{0xff, 0xee, 0, 14}, "Adobe\x00\x64\x00\x00\x00\x00\x00"...)
	adobe := append(append(append([]byte{}, plain.Bytes()[:2]...), app14...), plain.Bytes()[2:]...)
	// A JFIF APP0 before the named components: image/jpeg keeps YCbCr.
	app0 := append([]byte{0xff, 0xe0, 0, 16}, "JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"...)
	jfif := append(append(append([]byte{}, named[:2]...), app0...), named[2:]...)
	for _, c := range []struct {
		name string
		data []byte
		rgb  bool
	}{
		{"components R, G, B", named, true},
		{"Adobe transform 0", adobe, true},
		{"JFIF, components R, G, B", jfif, false},
	} {
		m, err := jpeg.Decode(bytes.NewReader(c.data))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if _, rgb := m.(*image.RGBA); rgb != c.rgb || jpegRGB(c.data) != c.rgb {
			t.Fatalf("%s: image/jpeg made a %T, jpegRGB says %v", c.name, m, jpegRGB(c.data))
		}
		charged, alloc := chargedAndAllocated(t, c.data)
		t.Logf("%s: %d KB: charged %d MiB, allocated %d MiB", c.name, len(c.data)>>10, charged>>20, alloc>>20)
		if alloc > charged || charged > alloc*3/2 {
			t.Errorf("%s: charged %d bytes for %d allocated", c.name, charged, alloc)
		}
	}
}

// pngChunk is a PNG chunk of type typ holding data, with its CRC.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// greyTRNSPNG is a black grey PNG (colour type 0) of w by h at depth 8 or
// 16 with a tRNS chunk (one grey value transparent), Adam7-interlaced
// when interlaced: image/png's DecodeConfig says Gray (Gray16) for it, 1
// (2) bytes a pixel, and Decode makes an NRGBA (NRGBA64), 4 (8).
func greyTRNSPNG(w, h int, depth byte, interlaced bool) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, depth, 0, 0, 0, 0)
	// The filtered rows, all zero: each pass's (or the image's) rows, a
	// filter byte and depth/8 bytes a pixel.
	raw := 0
	passes := [][4]int{{0, 0, 1, 1}} // x0, y0, dx, dy
	if interlaced {
		ihdr[12] = 1
		passes = [][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	}
	for _, p := range passes {
		pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]
		if pw > 0 && ph > 0 {
			raw += ph * (1 + int(depth/8)*pw)
		}
	}
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	_, _ = zw.Write(make([]byte, raw))
	_ = zw.Close()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	b.Write(pngChunk("IHDR", ihdr))
	b.Write(pngChunk("tEXt", []byte("Comment\x00before the tRNS")))
	b.Write(pngChunk("tRNS", []byte{0, 1}))
	b.Write(pngChunk("IDAT", z.Bytes()))
	b.Write(pngChunk("IEND", nil))
	return b.Bytes()
}

// TestPNGGreyTransparencyCharge: a grey PNG with a tRNS chunk decodes to
// an NRGBA (NRGBA64 at 16 bits), not the Gray (Gray16) its header's
// colour type says, and serve charges that, for each pass of an
// interlaced one too (attack pass 38: a 16-bit interlaced 2400x1800 was
// charged 43 MiB and allocated 91 MiB; at 6000x6000, 180 MB charged for
// about 600 MB).
func TestPNGGreyTransparencyCharge(t *testing.T) { // not parallel: measures the process's allocations
	for _, depth := range []byte{8, 16} {
		for _, interlaced := range []bool{false, true} {
			data := greyTRNSPNG(2400, 1800, depth, interlaced)
			if !pngTransparent(data) {
				t.Fatalf("depth %d: tRNS not found", depth)
			}
			charged, alloc := chargedAndAllocated(t, data)
			t.Logf("depth %d, interlaced %v: %d KB: charged %d MiB, allocated %d MiB", depth, interlaced, len(data)>>10, charged>>20, alloc>>20)
			if alloc > charged || charged > alloc*3/2 {
				t.Errorf("depth %d, interlaced %v: charged %d bytes for %d allocated", depth, interlaced, charged, alloc)
			}
		}
	}
	// A tRNS past the first IDAT is read after the pixels: not charged.
	plain := pngHeader(16, 16, 8, 0)
	iend := len(plain) - 12
	late := append(append(append([]byte{}, plain[:iend]...), pngChunk("tRNS", []byte{0, 1})...), plain[iend:]...)
	if pngTransparent(plain) || pngTransparent(late) || pngTransparent(plain[:40]) {
		t.Errorf("a tRNS found where image/png reads none")
	}
}

// bitWriter writes a VP8L bit stream: least significant bit first.
type bitWriter struct {
	b     []byte
	acc   uint64
	nBits uint
}

func (w *bitWriter) bits(v uint32, n uint) {
	w.acc |= uint64(v) << w.nBits
	w.nBits += n
	for w.nBits >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.nBits -= 8
	}
}

// code writes a Huffman code of n bits, its top bit first, as VP8L's
// decoder walks its tree.
func (w *bitWriter) code(c uint32, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.bits(c>>uint(i)&1, 1)
	}
}

// vp8lCodeLengthOrder is VP8L's order of the code length code's lengths.
var vp8lCodeLengthOrder = [19]int{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// huffTree is a complete Huffman code of n symbols, the first short of
// them with length lo and the rest with length lo+1, written as a normal
// tree: the code length code has the one or two lengths, each a code of
// one bit (of none, when all lengths are equal).
type huffTree struct {
	lengths []int
	codes   []uint32
}

// completeTree is the complete code of n symbols of lengths lo and lo+1.
func completeTree(n, lo int) huffTree {
	short := 1<<(lo+1) - n // short + (n-short)/2 = 2^lo: a complete code
	t := huffTree{lengths: make([]int, n), codes: make([]uint32, n)}
	for i := range n {
		t.lengths[i] = lo
		if i >= short {
			t.lengths[i] = lo + 1
		}
	}
	// Canonical codes: by length, then by symbol.
	next := uint32(0)
	for i := range n {
		if i == short {
			next <<= 1
		}
		t.codes[i] = next
		next++
	}
	return t
}

func (w *bitWriter) tree(t huffTree) {
	lo, hi := t.lengths[0], t.lengths[len(t.lengths)-1]
	w.bits(0, 1) // normal
	at := 0
	for i, s := range vp8lCodeLengthOrder {
		if s == lo || s == hi {
			at = max(at, i)
		}
	}
	w.bits(uint32(at+1-4), 4)
	for i := 0; i <= at; i++ {
		if s := vp8lCodeLengthOrder[i]; s == lo || s == hi {
			w.bits(1, 3)
		} else {
			w.bits(0, 3)
		}
	}
	w.bits(0, 1) // no max_symbol
	if lo != hi {
		for _, l := range t.lengths {
			w.bits(uint32(l-lo), 1) // the code of lo is 0, of hi 1
		}
	}
}

func (w *bitWriter) symbol(t huffTree, s int) { w.code(t.codes[s], uint(t.lengths[s])) }

// simpleTree writes a simple tree of the one symbol 0 (no bits a symbol).
func (w *bitWriter) simpleTree() { w.bits(1, 1); w.bits(0, 1); w.bits(0, 1); w.bits(0, 1) }

// webpHuffmanBomb is a lossless WebP of width by height pixels whose
// entropy image (tiles of 4x4) names groups Huffman groups, tile by tile
// in turn, groups of five trees with every symbol of their alphabets, the
// green one with a color cache of 2^11 entries (2,328 symbols): 2,599
// groups (x/image/webp takes 2,600 at most) in 2001x24 pixels are a file
// of about 1 MB, its pixels all literals.
func webpHuffmanBomb(width, height, groups int) []byte {
	w := &bitWriter{}
	w.bits(0x2f, 8)
	w.bits(uint32(width-1), 14)
	w.bits(uint32(height-1), 14)
	w.bits(0, 1) // alpha hint
	w.bits(0, 3) // version
	w.bits(0, 1) // no transform
	w.bits(1, 1) // color cache
	w.bits(11, 4)
	w.bits(1, 1) // meta Huffman codes
	w.bits(0, 3) // tiles of 4x4
	tilesW, tilesH := (width+3)/4, (height+3)/4
	// The entropy image: no color cache, one group: green and red every
	// symbol, blue, alpha and distance one symbol.
	w.bits(0, 1)
	green, byteTree := completeTree(256+24, 8), completeTree(256, 8)
	w.tree(green)
	w.tree(byteTree)
	w.simpleTree()
	w.simpleTree()
	w.simpleTree()
	for t := range tilesW * tilesH {
		g := t % groups
		w.symbol(green, g&0xff)  // the group's low byte
		w.symbol(byteTree, g>>8) // its high byte
	}
	// The groups, then the pixels.
	w.groupsOfBlackPixels(groups, width*height, byteTree)
	w.bits(0, 7)
	return riffVP8L(w.b)
}

// TestWebPHuffmanGroupsCharge: x/image/webp allocates every Huffman
// group a lossless WebP names before a pixel is read, up to 2,600 groups
// of about 85 KB, and serve charges every lossless WebP that many (attack
// pass 38: 2,599 groups in a 2001x24 image were charged 2.9 MiB and
// allocated 205 MiB). A lossless WebP whose pixels and groups would pass
// maxDecodedBytes is refused from its header.
func TestWebPHuffmanGroupsCharge(t *testing.T) { // not parallel: measures the process's allocations
	for _, groups := range []int{1, 2599} {
		data := webpHuffmanBomb(2001, 24, groups)
		if _, ok := webpLossless(data); !ok {
			t.Fatalf("%d groups: not read as lossless", groups)
		}
		charged, alloc := chargedAndAllocated(t, data)
		t.Logf("%d groups: %d KB: charged %d MiB, allocated %d MiB", groups, len(data)>>10, charged>>20, alloc>>20)
		if alloc > charged {
			t.Errorf("%d groups: charged %d bytes for %d allocated", groups, charged, alloc)
		}
	}
	// A lossless stream of 3000x2000 that names an entropy image and
	// ends there is charged the most groups, and refused from its header;
	// one that says it has one group is charged one.
	header := []byte{0x2f, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(header[1:], 3000-1|(2000-1)<<14)
	lossless := func(stream byte) []byte {
		return append([]byte("RIFF\x12\x00\x00\x00WEBPVP8L\x06\x00\x00\x00"), append(header, stream)...)
	}
	meta := lossless(0x04) // no transform, no colour cache, an entropy image
	if img, note := imageBlock(meta, "the image"); img != nil || !strings.Contains(note, "over the 256 MiB") {
		t.Errorf("a 3000x2000 lossless WebP naming an entropy image: image %v, note %q", img != nil, note)
	}
	cfg := image.Config{Width: 3000, Height: 2000}
	if n, _ := decodedBytes(lossless(0), "image/webp", cfg, maxResultDecodeWork); n != 8*3000*2000+vp8lGroupBytes {
		t.Errorf("a 3000x2000 lossless WebP of one group is charged %d bytes", n)
	}
	// A lossy one is not charged the groups, whatever its alpha's chunk
	// says once the VP8 chunk is passed; compressed alpha is.
	vp8x := "RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	for _, c := range []struct {
		data     string
		lossless bool
	}{
		{"RIFF\x00\x00\x00\x00WEBPVP8 \x01\x00\x00\x00\x00\x00ALPH\x01\x00\x00\x00\x01\x00", false},
		{vp8x + "ALPH\x01\x00\x00\x00\x00\x00VP8 \x00\x00\x00\x00", false},
		{vp8x + "ALPH\x01\x00\x00\x00\x01\x00VP8 \x00\x00\x00\x00", true},
		{vp8x + "ALPH\xff\xff\xff\xff\x01", true},
		{"RIFF\x00\x00\x00\x00WEBPVP8L\x00\x00\x00\x00", true},
	} {
		if _, ok := webpLossless([]byte(c.data)); ok != c.lossless {
			t.Errorf("%q: lossless %v", c.data, !c.lossless)
		}
	}
}

// TestGIFFrameCharge: a GIF's first frame may be a small rectangle of a
// tall screen; it is scaled as the screen its header declares and is
// charged for (FuzzImage found a 4x4 frame of a 48x12336 screen scaled to
// 2000x2000 on its own: charged 3.5 MiB, allocated 34 MiB).
func TestGIFFrameCharge(t *testing.T) { // not parallel: measures the process's allocations
	palette := color.Palette{color.Transparent, color.White}
	frame := image.NewPaletted(image.Rect(32, 8000, 36, 8004), palette)
	for i := range frame.Pix {
		frame.Pix[i] = 1
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{frame}, Delay: []int{0},
		Config: image.Config{ColorModel: palette, Width: 48, Height: 12336}}); err != nil {
		t.Fatal(err)
	}
	charged, alloc := chargedAndAllocated(t, b.Bytes())
	t.Logf("charged %d KiB, allocated %d KiB", charged>>10, alloc>>10)
	if alloc > charged {
		t.Errorf("charged %d bytes for %d allocated", charged, alloc)
	}
	out, _, err := downscale(b.Bytes(), decoders["image/gif"], "image/gif", image.Config{Width: 48, Height: 12336})
	if err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Bounds(); got != image.Rect(0, 0, 7, 2000) {
		t.Errorf("downscaled to %v, not the screen's 7x2000", got)
	}
	// The frame's white pixels land where the frame is: 8000/12336 of
	// the way down; the rest is transparent.
	if _, _, _, a := m.At(5, 1297).RGBA(); a == 0 {
		t.Errorf("the frame is not where the screen has it")
	}
	if _, _, _, a := m.At(0, 0).RGBA(); a != 0 {
		t.Errorf("around the frame is not transparent")
	}
}

// TestVP8LGroupsOfLibwebpFiles: vp8lGroups reads libwebp's own lossless
// streams (x/image/webp's test files: transforms of every kind, colour
// caches, entropy images, VP8L-compressed alpha, and one naming groups
// it skips) as far as their entropy image, and what serve charges for
// them covers what decoding them allocates.
func TestVP8LGroupsOfLibwebpFiles(t *testing.T) { // not parallel: measures the process's allocations
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/image").Output()
	if err != nil {
		t.Skipf("x/image's files are not at hand: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "testdata")
	files, _ := filepath.Glob(filepath.Join(dir, "*lossless.webp*"))
	files = append(files, filepath.Join(dir, "yellow_rose.lossy-with-alpha.webp"))
	if len(files) < 10 {
		t.Fatalf("%d files in %s", len(files), dir)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".bz2") {
			if data, err = io.ReadAll(bzip2.NewReader(bytes.NewReader(data))); err != nil {
				t.Fatal(err)
			}
		}
		cfg, err := webp.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		stream, ok := webpLossless(data)
		groups, _, read := vp8lGroups(stream, int64(cfg.Width), int64(cfg.Height), maxResultDecodeWork)
		if !ok || !read {
			t.Errorf("%s: lossless %v, its groups read %v", filepath.Base(name), ok, read)
			continue
		}
		charged, _ := decodeCost(data, "image/webp", cfg, maxResultDecodeWork)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = webp.Decode(bytes.NewReader(data))
		runtime.ReadMemStats(&after)
		alloc := int64(after.TotalAlloc - before.TotalAlloc)
		t.Logf("%s: %dx%d, %d groups: charged %d KiB, allocated %d KiB (decode error %v)", filepath.Base(name), cfg.Width, cfg.Height, groups, charged>>10, alloc>>10, err)
		if alloc > charged {
			t.Errorf("%s: charged %d bytes for %d allocated", filepath.Base(name), charged, alloc)
		}
	}
}

// webpZeroBitBomb is a lossless WebP of width by height pixels whose
// transforms' sub-images (a predictor's and a cross-colour's, tiles of
// 4x4) and entropy image (tiles of 4x4) are coded with trees of one
// symbol each: not one bit a pixel, so vp8lGroups walks width*height*3/16
// pixels from a file of a few dozen bytes. pad trailing zero bytes make
// files that differ.
func webpZeroBitBomb(width, height, pad int) []byte {
	w := &bitWriter{}
	w.bits(0x2f, 8)
	w.bits(uint32(width-1), 14)
	w.bits(uint32(height-1), 14)
	w.bits(0, 1) // alpha hint
	w.bits(0, 3) // version
	subImage := func() {
		w.bits(0, 1) // no colour cache
		for range 5 {
			w.simpleTree()
		}
	}
	for _, kind := range []uint32{0, 1} { // predictor, cross-colour
		w.bits(1, 1)
		w.bits(kind, 2)
		w.bits(0, 3) // tiles of 4x4
		subImage()
	}
	w.bits(0, 1) // no more transforms
	w.bits(0, 1) // no colour cache
	w.bits(1, 1) // meta Huffman codes
	w.bits(0, 3) // tiles of 4x4
	subImage()
	for range 5 { // group 0
		w.simpleTree()
	}
	w.bits(0, 7)
	return riffVP8L(append(w.b, make([]byte, pad)...))
}

// groupsOfBlackPixels writes groups Huffman groups, each with every
// symbol of its five alphabets (the green one with a 2^11 colour cache),
// then pixels black transparent literals of the first group.
func (w *bitWriter) groupsOfBlackPixels(groups, pixels int, byteTree huffTree) {
	cached, distance := completeTree(256+24+1<<11, 11), completeTree(40, 5)
	for range groups {
		w.tree(cached)
		w.tree(byteTree)
		w.tree(byteTree)
		w.tree(byteTree)
		w.tree(distance)
	}
	for range pixels {
		w.symbol(cached, 0)
		w.symbol(byteTree, 0)
		w.symbol(byteTree, 0)
		w.symbol(byteTree, 0)
	}
}

// riffVP8L wraps a VP8L stream in a WebP file: the RIFF header, one VP8L
// chunk, padded to an even length.
func riffVP8L(data []byte) []byte {
	if len(data)%2 == 1 {
		data = append(data, 0)
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(4+8+len(data)))
	b.WriteString("WEBPVP8L")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

// zeroBitResult is a CallToolResult of n inline lossless WebPs, each a
// distinct webpZeroBitBomb of about 40 million pixels (16384-i by 2441):
// a block of about 110 bytes, so a result of 1 MiB holds about 9,500.
func zeroBitResult(n int) json.RawMessage {
	blocks := make([]json.RawMessage, n)
	for i := range blocks {
		blocks[i] = mcp.Block(mcp.Image("image/webp", base64.StdEncoding.EncodeToString(webpZeroBitBomb(16384-i, 2441, 0))))
	}
	raw, _ := json.Marshal(mcp.CallToolResult{Content: blocks})
	return raw
}

// TestVP8LWalkChargedToResult: what vp8lGroups walks to judge a lossless
// WebP is charged to its result's decode work, refused or not (attack
// pass 38b): a 38-byte WebP of 16384x2441 whose sub-images take no bit a
// pixel names 7.5 million steps, and a result of 1 MiB holds about
// 10,000 distinct ones. The steps a result walks stay within
// maxResultDecodeWork, and once it is spent the rest are refused with its
// note, unread.
func TestVP8LWalkChargedToResult(t *testing.T) {
	const n = 3 * maxResultImages
	one := webpZeroBitBomb(16384, 2441, 0)
	stream, _ := webpLossless(one)
	if _, walked, _ := vp8lGroups(stream, 16384, 2441, maxResultDecodeWork); walked < 7_000_000 {
		t.Fatalf("one image walks %d steps, want the 7.5 million its sub-images name", walked)
	}
	s := &Server{volume: t.TempDir()}
	r := newResultImages(s.volume, false)
	for i := range n {
		r.image(webpZeroBitBomb(16384-i, 2441, 0), "image")
	}
	t.Logf("%d images: decode work charged %d of %d", n, r.work, int64(maxResultDecodeWork))
	if r.work > maxResultDecodeWork+1 {
		t.Errorf("%d images walked %d steps, past the result's %d", n, r.work, int64(maxResultDecodeWork))
	}
	result, _ := s.showResult(zeroBitResult(n), era{modern: true})
	if len(result.Content) != n {
		t.Fatalf("%d blocks, want %d", len(result.Content), n)
	}
	for i := 2 * maxResultImages; i < n; i++ {
		var b mcp.ContentBlock
		if err := json.Unmarshal(result.Content[i], &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.Text, "past the") {
			t.Errorf("image %d of one result was read and judged, %d judged before it: %s", i+1, i, b.Text)
			break
		}
	}
}

// oversubscribed writes a normal VP8L tree of an alphabet of size symbols
// whose symbols syms have a code of one bit each, the others none: with
// three or more, the code is over-subscribed. x/image/vp8l builds it
// anyway, each code assigned in canonical order, so a later symbol takes
// the place of an earlier one of the same code (hTree.insert overwrites a
// leaf); a canonical decoder gives the earlier.
func (w *bitWriter) oversubscribed(size int, syms ...int) {
	w.bits(0, 1) // normal
	w.bits(0, 4) // four code length code lengths: for 17, 18, 0 and 1
	w.bits(0, 3)
	w.bits(0, 3)
	w.bits(1, 3) // length 0: code "0"
	w.bits(1, 3) // length 1: code "1"
	w.bits(0, 1) // no max_symbol
	for s := range size {
		l := uint32(0)
		for _, x := range syms {
			if x == s {
				l = 1
			}
		}
		w.bits(l, 1)
	}
}

// webpOversubscribed is a lossless WebP of 2001x8 pixels (tiles of 4x4:
// 1,002) whose entropy image's green and red codes are over-subscribed:
// symbols 0, 1 and 231 (green), 0, 1 and 3 (red) have a code of one bit,
// and each tile writes the bit 0. x/image/vp8l reads group 3<<8|231 = 999
// in every tile (so allocates groups 0 to 999: under 1,000 and the tiles,
// no remapping); vp8lGroups reads group 0 and charges one. Every group is
// five trees of every symbol, the green one with a colour cache of 2^11.
func webpOversubscribed() []byte {
	const width, height = 2001, 8
	w := &bitWriter{}
	w.bits(0x2f, 8)
	w.bits(uint32(width-1), 14)
	w.bits(uint32(height-1), 14)
	w.bits(0, 1)
	w.bits(0, 3)
	w.bits(0, 1) // no transform
	w.bits(1, 1) // colour cache of 2^11
	w.bits(11, 4)
	w.bits(1, 1) // meta Huffman codes
	w.bits(0, 3) // tiles of 4x4
	w.bits(0, 1) // the entropy image: no colour cache
	w.oversubscribed(256+24, 0, 1, 231)
	w.oversubscribed(256, 0, 1, 3)
	w.simpleTree()
	w.simpleTree()
	w.simpleTree()
	for range ((width + 3) / 4) * ((height + 3) / 4) {
		w.bits(0, 1) // green: 231 to x/image, 0 to vp8lGroups
		w.bits(0, 1) // red: 3 to x/image, 0 to vp8lGroups
	}
	w.groupsOfBlackPixels(1000, width*height, completeTree(256, 8))
	w.bits(0, 7)
	return riffVP8L(w.b)
}

// TestVP8LIncompleteCodesChargedMost: x/image/vp8l accepts an
// over-subscribed code and decodes each of its codes as the last symbol
// given it, where a canonical reading gives the first (attack pass 38b:
// charged one group, a thousand allocated). vp8lGroups reads no code that
// is not complete, so such an image is charged the most groups, and the
// charge covers what decoding allocates.
func TestVP8LIncompleteCodesChargedMost(t *testing.T) { // not parallel: measures the process's allocations
	data := webpOversubscribed()
	stream, _ := webpLossless(data)
	groups, _, read := vp8lGroups(stream, 2001, 8, maxResultDecodeWork)
	if read {
		t.Errorf("an over-subscribed entropy code read as %d groups", groups)
	}
	for _, c := range []struct {
		lengths []uint32
		ok      bool
	}{
		{[]uint32{1, 1}, true},
		{[]uint32{1, 2, 2}, true},
		{[]uint32{0, 7}, true}, // one symbol: no bits
		{[]uint32{1, 1, 1}, false},
		{[]uint32{1, 2}, false},
		{[]uint32{2, 2, 2}, false},
	} {
		if _, ok := codeOf(c.lengths); ok != c.ok {
			t.Errorf("codeOf(%v) read %v, want %v", c.lengths, ok, c.ok)
		}
	}
	charged, alloc := chargedAndAllocated(t, data)
	t.Logf("%d KB: vp8lGroups %d (read %v); charged %d MiB, allocated %d MiB", len(data)>>10, groups, read, charged>>20, alloc>>20)
	if alloc > charged {
		t.Errorf("charged %d bytes for %d allocated", charged, alloc)
	}
}
