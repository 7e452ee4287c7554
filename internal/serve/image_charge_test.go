package serve

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"runtime"
	"testing"

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
	charged = decodeCost(data, mime, cfg) + scaleCost(cfg.Width, cfg.Height)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, _, err := downscale(data, decoders[mime], mime); err != nil {
		t.Fatalf("%s does not decode: %v", mime, err)
	}
	runtime.ReadMemStats(&after)
	return charged, int64(after.TotalAlloc - before.TotalAlloc)
}

// rgbJPEG is a baseline 4:2:0 JPEG of w by h whose three components are
// named 'R', 'G' and 'B' (in its frame header and its scan's), which
// image/jpeg reads as an RGB JPEG (decoder.isRGB).
func rgbJPEG(t *testing.T, w, h int) []byte {
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
