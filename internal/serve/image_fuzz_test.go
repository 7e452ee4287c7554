package serve

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"testing"
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
	components := map[color.Model]int{color.GrayModel: 1, color.YCbCrModel: 3, color.RGBAModel: 3, color.CMYKModel: 4}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 1<<16 {
			return
		}
		_, _ = newResultImages("", false).image(b, "the image")
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			return
		}
		if _, comps, ok := jpegFrame(b); !ok || len(comps) != components[cfg.ColorModel] {
			t.Errorf("image/jpeg read a frame of %T; the walk read %d components (ok %v)", cfg.ColorModel, len(comps), ok)
		}
	})
}
