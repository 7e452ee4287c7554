package serve

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"runtime"
	"testing"

	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// FuzzImage: whatever bytes a module links or inlines, judging them as an
// image never panics, and for a JPEG image/jpeg reads a frame header of,
// the one walk (jpegSegments) reads the same frame: the charge of a decode
// is the decoder's own image. Run longer with
// go test ./internal/serve -run '^$' -fuzz FuzzImage -fuzztime 5m.
func FuzzImage(f *testing.F) {
	seed := func(m image.Image) {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, m, nil); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	seed(image.NewGray(image.Rect(0, 0, 16, 16)))
	seed(image.NewYCbCr(image.Rect(0, 0, 24, 8), image.YCbCrSubsampleRatio420))
	f.Add(jpegScanBomb(16, 16, 3, nil))
	f.Add(jpegScanBomb(16, 16, 2, []byte{0xff, 0xda, 0, 2}))
	var g bytes.Buffer
	if err := gif.Encode(&g, image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White}), nil); err != nil {
		f.Fatal(err)
	}
	f.Add(g.Bytes())
	// Images serve downscales, each with what its header does not say.
	f.Add(webpHuffmanBomb(MaxImageEdge+1, 1, 100))
	f.Add(webpOversubscribed())
	f.Add(webpZeroBitBomb(MaxImageEdge+1, 64, 0))
	f.Add(greyTRNSPNG(MaxImageEdge+1, 8, 16, true))
	f.Add(rgbJPEG(f, MaxImageEdge+1, 8))
	components := map[color.Model]int{color.GrayModel: 1, color.YCbCrModel: 3, color.RGBAModel: 3, color.CMYKModel: 4}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 1<<16 {
			return
		}
		_, _ = newResultImages("", false).image(b, "the image")
		chargeCovers(t, b)
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			return
		}
		if _, comps, ok := jpegFrame(b); !ok || len(comps) != components[cfg.ColorModel] {
			t.Errorf("image/jpeg read a frame of %T; the walk read %d components (ok %v)", cfg.ColorModel, len(comps), ok)
		}
	})
}

// chargeCovers checks that what serve charges an image it would downscale
// covers what downscaling it allocates, a failed decode included (the
// decoders allocate before they find the data short): for images of up to
// a million pixels, to keep the fuzzer fast. The charge's fixed part (2
// MiB of encoders' buffers) covers what the fuzzing engine allocates
// meanwhile.
func chargeCovers(t *testing.T, b []byte) {
	mime := resultcheck.Sniff(b)
	if mime == "" {
		return
	}
	cfg, err := decoders[mime].config(bytes.NewReader(b))
	if stream, ok := webpLossless(b); ok && err == nil && int64(cfg.Width)*int64(cfg.Height) <= 4_000_000 {
		_, _, _ = vp8lGroups(stream, int64(cfg.Width), int64(cfg.Height), maxResultDecodeWork) // never panics, whatever the image's size
	}
	if err != nil || cfg.Width <= MaxImageEdge && cfg.Height <= MaxImageEdge || int64(cfg.Width)*int64(cfg.Height) > 1_000_000 ||
		mime == "image/jpeg" && jpegScans(b) > maxJPEGScans {
		return
	}
	cost, _ := decodeCost(b, mime, cfg, maxResultDecodeWork)
	charged := cost + scaleCost(cfg.Width, cfg.Height)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err = downscale(b, decoders[mime], mime, cfg)
	runtime.ReadMemStats(&after)
	if alloc := int64(after.TotalAlloc - before.TotalAlloc); alloc > charged {
		t.Errorf("%s of %dx%d (decode error %v): charged %d bytes for %d allocated", mime, cfg.Width, cfg.Height, err, charged, alloc)
	}
}
