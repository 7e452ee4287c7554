package serve

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/webp"

	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// Image limits. Subako downscales an image to MaxImageEdge pixels on its
// long edge; serve also refuses files and pictures too big to decode
// safely, with a note instead of the image. Only an image to downscale is
// decoded, and only when its header (read first) says that its pixels and
// their decoded size are within the limits; all the decodes of a server
// share imageBudget, so concurrent calls wait rather than add up.
const (
	MaxImageEdge   = 2000
	maxImageBytes  = 64 << 20
	maxImagePixels = 40_000_000
	// maxDecodedBytes bounds what decoding and downscaling one image holds
	// (decodeCost and scaleCost, within about 5% of what they allocate:
	// TestImageCharge).
	maxDecodedBytes = 256 << 20
	imageBudget     = maxDecodedBytes
)

// volumeImage reads an image a result links as volume:///PATH from the
// volume, the way Subako does after the call. It returns an MCP image
// block, or nil and a note saying why there is none.
func volumeImage(volume string, data bool, uri string) (json.RawMessage, string) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "volume" || u.Host != "" {
		return nil, "(the link " + strconv.Quote(uri) + " is not a volume:/// URI, so no image was shown)"
	}
	rel := strings.TrimPrefix(path.Clean("/"+u.Path), "/")
	mounted := strings.HasPrefix(rel, "tmp/") || (data && strings.HasPrefix(rel, "data/"))
	if !mounted {
		return nil, "(the image " + uri + " is not in a mounted part of the volume (/volume/tmp" + map[bool]string{true: " or /volume/data", false: ""}[data] + "))"
	}
	b, err := readInRoot(volume, rel)
	if err != nil {
		return nil, "(the image " + uri + " could not be read: " + err.Error() + ")"
	}
	return imageBlock(b, uri)
}

// readInRoot reads a file beneath dir without following any link out of it.
func readInRoot(dir, rel string) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errors.New("no such file")
		}
		return nil, err
	}
	defer f.Close()
	return readRegular(f, maxImageBytes)
}

// readRegular reads a regular file of at most limit bytes; anything else
// (a device, a FIFO, a file that grows past the limit) is an error.
func readRegular(f *os.File, limit int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, errors.New("larger than " + strconv.FormatInt(limit>>20, 10) + " MiB")
	}
	return b, nil
}

// imageBlock is an MCP image block for an image file's bytes, downscaled
// to MaxImageEdge on its long edge when it is larger. what names the image
// in notes.
func imageBlock(b []byte, what string) (json.RawMessage, string) {
	mime := resultcheck.Sniff(b)
	if mime == "" {
		return nil, "(" + what + " is not a PNG, JPEG, GIF or WebP image, so it was not shown)"
	}
	decoder := decoders[mime]
	cfg, err := decoder.config(bytes.NewReader(b))
	if err != nil {
		return nil, "(" + what + " is not a readable " + mime + " image: " + err.Error() + ")"
	}
	if cfg.Width > MaxImageEdge || cfg.Height > MaxImageEdge {
		pixels := int64(cfg.Width) * int64(cfg.Height)
		cost := decodeCost(b, mime, cfg) + scaleCost(cfg.Width, cfg.Height)
		size := strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height) + " pixels"
		if pixels > maxImagePixels {
			return nil, "(" + what + " is " + size + ", over the " + strconv.Itoa(maxImagePixels/1_000_000) + " million serve decodes, so it was not shown)"
		}
		if cost > maxDecodedBytes {
			return nil, "(" + what + " is " + size + " that decode to " + strconv.FormatInt(cost>>20, 10) + " MiB, over the " +
				strconv.Itoa(maxDecodedBytes>>20) + " MiB serve decodes, so it was not shown)"
		}
		release := decoding.acquire(cost)
		b, mime, err = downscale(b, decoder, mime)
		release()
		if err != nil {
			return nil, "(" + what + " could not be downscaled: " + err.Error() + ")"
		}
	}
	return mcp.Block(mcp.Image(mime, base64.StdEncoding.EncodeToString(b))), ""
}

// scaledSize is the size an image of w by h is downscaled to: MaxImageEdge
// on its long edge.
func scaledSize(w, h int) (int, int) {
	if h > w {
		return max(1, w*MaxImageEdge/h), MaxImageEdge
	}
	return MaxImageEdge, max(1, h*MaxImageEdge/w)
}

// scaleCost is what downscaling an image of w by h holds beside the
// decoded image: the downscaled NRGBA, the buffer of its encoding,
// areaScale's row of sums and column table, and the encoders' own buffers.
func scaleCost(w, h int) int64 {
	nw, nh := scaledSize(w, h)
	return 4*int64(nw)*int64(nh) + int64(outputBytes(nw, nh)) + 32*int64(nw) + 8*int64(max(w, h)) + 2<<20
}

// outputBytes is the buffer a downscaled image is encoded into: its
// pixels and an eighth (an incompressible PNG is a little larger than its
// pixels; a JPEG at quality 90, far smaller).
func outputBytes(nw, nh int) int { return 4*nw*nh + nw*nh/2 + 64<<10 }

// decodeCost is what decoding the image b of cfg holds at its peak, as the
// decoders allocate: the decoded image, and what a format keeps beside it
// (an interlaced PNG's or GIF's passes, a progressive JPEG's coefficients,
// a CMYK JPEG's black plane and converted copy, WebP's alpha and
// lossless pixels).
func decodeCost(b []byte, mime string, cfg image.Config) int64 {
	return decoderState + decodedBytes(b, mime, cfg)
}

// decoderState is what a decoder holds whatever the image's size: its
// input buffer, zlib's window, Huffman tables.
const decoderState = 64 << 10

func decodedBytes(b []byte, mime string, cfg image.Config) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	pixels := w * h
	switch mime {
	case "image/png":
		n := pixels*bytesPerPixel(cfg.ColorModel) + 2*(8*w+1) // two rows of filtered bytes
		if len(b) > 28 && b[28] != 0 {                        // Adam7: each pass is decoded apart, then copied in
			n *= 2
		}
		return n
	case "image/jpeg":
		if n, ok := jpegCost(b, w, h); ok {
			return n
		}
	case "image/gif":
		return 2 * pixels // the frame, and its copy when interlaced
	}
	return 8 * pixels // WebP (NRGBA and its ARGB words) and anything unknown: the most
}

// jpegCost is what image/jpeg holds for the JPEG b of w by h: a plane per
// component rounded up to whole MCUs, for four components a CMYK copy,
// and for a progressive one 4 bytes of coefficients per sample.
func jpegCost(b []byte, w, h int64) (int64, bool) {
	progressive, comps, ok := jpegFrame(b)
	if !ok {
		return 0, false
	}
	var hmax, vmax int64 = 1, 1
	for _, c := range comps {
		hmax, vmax = max(hmax, int64(c[0])), max(vmax, int64(c[1]))
	}
	mxx, myy := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
	var n int64
	for _, c := range comps {
		samples := 8 * int64(c[0]) * mxx * 8 * int64(c[1]) * myy
		n += samples
		if progressive {
			n += 4 * samples
		}
	}
	if len(comps) == 4 {
		n += 4 * w * h
	}
	return n, true
}

// jpegFrame reads a JPEG's frame header: whether it is progressive, and
// each component's sampling factors.
func jpegFrame(b []byte) (progressive bool, comps [][2]byte, ok bool) {
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xff {
			return false, nil, false
		}
		marker := b[i+1]
		if marker == 0xff { // fill byte
			i++
			continue
		}
		n := int(b[i+2])<<8 | int(b[i+3])
		if marker >= 0xc0 && marker <= 0xc2 {
			seg := b[i+4 : min(len(b), i+2+n)]
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) {
				return false, nil, false
			}
			for c := range int(seg[5]) {
				hv := seg[6+3*c+1]
				comps = append(comps, [2]byte{max(hv>>4, 1), max(hv&15, 1)})
			}
			return marker == 0xc2, comps, len(comps) > 0
		}
		i += 2 + n
	}
	return false, nil, false
}

// bytesPerPixel is what a decoder holds per pixel of an image of model m:
// 8 when it is not known, the most any of them holds.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel, color.NYCbCrAModel:
		return 4
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// imageBytes is a budget of decoded bytes shared by concurrent decodes.
type imageBytes struct {
	mu   sync.Mutex
	cond *sync.Cond
	used int64
}

var decoding = newImageBytes()

func newImageBytes() *imageBytes {
	b := &imageBytes{}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits until n bytes fit in imageBudget (n is at most
// maxDecodedBytes, so a decode alone always fits) and returns their release.
func (b *imageBytes) acquire(n int64) func() {
	b.mu.Lock()
	for b.used > 0 && b.used+n > imageBudget {
		b.cond.Wait()
	}
	b.used += n
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.used -= n
		b.mu.Unlock()
		b.cond.Broadcast()
	}
}

type imageDecoder struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}

var decoders = map[string]imageDecoder{
	"image/png":  {png.DecodeConfig, png.Decode},
	"image/jpeg": {jpeg.DecodeConfig, jpeg.Decode},
	"image/gif":  {gif.DecodeConfig, gif.Decode},
	"image/webp": {webp.DecodeConfig, webp.Decode},
}

// downscale shrinks an image so its long edge is MaxImageEdge. A JPEG
// stays a JPEG; every other type becomes a PNG (GIF's palette and WebP,
// which the standard library cannot write, would lose more).
func downscale(b []byte, d imageDecoder, mime string) ([]byte, string, error) {
	src, err := d.decode(bytes.NewReader(b))
	if err != nil {
		return nil, "", err
	}
	w, h := src.Bounds().Dx(), src.Bounds().Dy()
	nw, nh := scaledSize(w, h)
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	areaScale(dst, src)
	var out bytes.Buffer
	out.Grow(outputBytes(nw, nh)) // one buffer, not a doubling series of them
	if mime == "image/jpeg" {
		// A JPEG is opaque, so its pixels read the same as RGBA, which
		// the encoder converts without a color value allocated per pixel.
		opaque := &image.RGBA{Pix: dst.Pix, Stride: dst.Stride, Rect: dst.Rect}
		err = jpeg.Encode(&out, opaque, &jpeg.Options{Quality: 90})
	} else {
		mime = "image/png"
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, dst)
	}
	return out.Bytes(), mime, err
}
