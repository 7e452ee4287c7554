package serve

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// pngHeader is a PNG that declares w×h pixels of the given bit depth and
// colour type, with one IDAT of a few rows of zeros: a small file whose
// header promises a picture too big to decode.
func pngHeader(w, h int, depth, colorType byte) []byte {
	chunk := func(out *bytes.Buffer, kind string, data []byte) {
		_ = binary.Write(out, binary.BigEndian, uint32(len(data)))
		out.WriteString(kind)
		out.Write(data)
		_ = binary.Write(out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk(&out, "IHDR", append(ihdr, depth, colorType, 0, 0, 0))
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, _ = zw.Write(make([]byte, 4*(1+w*8))) // four rows, filter 0, zeros
	_ = zw.Close()
	chunk(&out, "IDAT", z.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

// TestImageBudget: an image whose header declares more pixels, or more
// decoded bytes, than serve decodes is refused from its header, at a cost
// that does not grow with what it declares (issue 22: a 778 KB 16-bit PNG
// declaring 10000x10000 once cost 1.45 GB); one within the budget is
// still downscaled.
func TestImageBudget(t *testing.T) {
	for _, c := range []struct {
		name  string
		data  []byte
		note  string
		shown bool
	}{
		{"16-bit RGBA 10000x10000", pngHeader(10000, 10000, 16, 6), "10000x10000 pixels, over the 40 million", false},
		{"8-bit gray 7000x6000", pngHeader(7000, 6000, 8, 0), "over the 40 million", false},
		{"16-bit RGBA 6000x6000", pngHeader(6000, 6000, 16, 6), "decode to 309 MiB, over the 256 MiB", false},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		img, note := imageBlock(c.data, "the image")
		runtime.ReadMemStats(&after)
		if img != nil || !strings.Contains(note, c.note) {
			t.Errorf("%s: image %v, note %q", c.name, img != nil, note)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
			t.Errorf("%s: refusing it allocated %d MiB", c.name, alloc>>20)
		}
	}
	// Within the budget: a 3000x1500 gray image is decoded and downscaled.
	src := image.NewGray(image.Rect(0, 0, 3000, 1500))
	for i := range src.Pix {
		src.Pix[i] = uint8(i)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, src); err != nil {
		t.Fatal(err)
	}
	img, note := imageBlock(b.Bytes(), "the image")
	if img == nil {
		t.Fatalf("a 3000x1500 image: %s", note)
	}
	if bytesPerPixel(color.RGBA64Model) != 8 || bytesPerPixel(color.GrayModel) != 1 || bytesPerPixel(color.Palette{color.Black}) != 1 {
		t.Errorf("bytesPerPixel")
	}
}

// TestImageBudgetShared: concurrent decodes share the budget: one that
// would take it past the budget waits for the others to release theirs.
func TestImageBudgetShared(t *testing.T) {
	b := newByteBudget(imageBudget)
	first := b.acquire(imageBudget - 10)
	got := make(chan func())
	go func() { got <- b.acquire(20) }()
	second := b.acquire(10) // fits beside the first
	second()
	first()
	(<-got)() // the waiting one proceeds once the first is released
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used != 0 {
		t.Errorf("%d bytes still held", b.used)
	}
}

// TestImageCharge: what decoding and downscaling an image allocates
// (garbage included, so its peak too) is within what the budget charges
// for it, and the charge is no more than half as much again (the base64
// of the result, made after, is bounded by the result's size): issue 30's
// 39 KB grey PNG was charged 49 MiB and cost 497 MB (x/image/draw's
// kernel scaler kept a float64 quadruple per destination column and
// source row).
func TestImageCharge(t *testing.T) { // not parallel: measures the process's allocations
	const w, h = 2400, 1800 // just over MaxImageEdge: the cost is linear in the pixels
	encode := func(m image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	r := image.Rect(0, 0, w, h)
	gray := image.NewGray(r)
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i * 7)
	}
	jpegOf := func(ratio image.YCbCrSubsampleRatio) []byte {
		m := image.NewYCbCr(r, ratio)
		for i := range m.Y {
			m.Y[i] = uint8(i)
		}
		var b bytes.Buffer
		if err := jpeg.Encode(&b, m, nil); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"grey", encode(gray)},
		{"paletted", encode(image.NewPaletted(r, color.Palette{color.Black, color.White, color.Opaque}))},
		{"RGBA", encode(image.NewRGBA(r))},
		{"NRGBA", encode(image.NewNRGBA(r))},
		{"16-bit grey", encode(image.NewGray16(r))},
		{"16-bit RGBA", encode(image.NewNRGBA64(r))},
		{"JPEG", jpegOf(image.YCbCrSubsampleRatio420)},
		{"greyscale JPEG", func() []byte {
			var b bytes.Buffer
			if err := jpeg.Encode(&b, gray, nil); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}()},
	} {
		mime := resultcheck.Sniff(c.data)
		cfg, err := decoders[mime].config(bytes.NewReader(c.data))
		if err != nil {
			t.Fatal(err)
		}
		cost, _ := decodeCost(c.data, mime, cfg, maxResultDecodeWork)
		charged := cost + scaleCost(cfg.Width, cfg.Height)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, _, err := downscale(c.data, decoders[mime], mime, cfg); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		runtime.ReadMemStats(&after)
		alloc := int64(after.TotalAlloc - before.TotalAlloc)
		t.Logf("%s: %d KB: charged %d MiB, allocated %d MiB", c.name, len(c.data)>>10, charged>>20, alloc>>20)
		if alloc > charged || charged > alloc*3/2 {
			t.Errorf("%s: charged %d bytes for %d allocated", c.name, charged, alloc)
		}
	}
}

// imageBlock is what a result of the one image b shows: its block, or nil
// and a note naming it as what.
func imageBlock(b []byte, what string) (json.RawMessage, string) {
	return newResultImages("", false).image(b, what)
}

// TestDecoderPanicIsAnError: a decoder's panic on a module's bytes is
// that image's error, as a refused image is, not the end of serve.
func TestDecoderPanicIsAnError(t *testing.T) {
	var nilSlice []byte
	d := guarded(func(io.Reader) (image.Config, error) { _ = nilSlice[3]; return image.Config{}, nil },
		func(io.Reader) (image.Image, error) { panic("a decoder's bug") })
	if _, err := d.config(bytes.NewReader(nil)); err == nil || !strings.Contains(err.Error(), "index out of range") {
		t.Errorf("config: %v", err)
	}
	if _, err := d.decode(bytes.NewReader(nil)); err == nil || !strings.Contains(err.Error(), "a decoder's bug") {
		t.Errorf("decode: %v", err)
	}
}
