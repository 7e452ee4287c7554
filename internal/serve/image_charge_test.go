package serve

import (
	"bytes"
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
