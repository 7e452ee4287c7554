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

	"golang.org/x/image/draw"
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
	// maxDecodedBytes bounds one decoded image (a 16-bit RGBA pixel is 8
	// bytes, a JPEG's about 3), the downscaled copy included.
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
		cost := pixels*bytesPerPixel(cfg.ColorModel) + 4*MaxImageEdge*MaxImageEdge
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
	nw, nh := MaxImageEdge, max(1, h*MaxImageEdge/w)
	if h > w {
		nw, nh = max(1, w*MaxImageEdge/h), MaxImageEdge
	}
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	draw.BiLinear.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	var out bytes.Buffer
	if mime == "image/jpeg" {
		err = jpeg.Encode(&out, dst, &jpeg.Options{Quality: 90})
	} else {
		mime = "image/png"
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, dst)
	}
	return out.Bytes(), mime, err
}
