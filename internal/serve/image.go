package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
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

	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/textutil"
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

// What one result may cost serve to show. A result is at most 1 MiB of
// stdout, but its links name files of up to maxImageBytes, and one link
// may be repeated thousands of times (attack pass 36: eight links to one
// 64 MiB file made a 716 MB answer and 3.2 GB of serve's memory; forty
// links to one large image, forty decodes). So a result's images are
// shown within these budgets, each file read and each distinct image
// decoded once however often it is linked; an image past a budget is
// replaced by a note saying which.
const (
	// maxResultImages is the most images one result shows, repeats
	// included: more than a model reads usefully in one answer, and what
	// bounds the files a result reads and the images it decodes.
	maxResultImages = 20
	// maxResultReadBytes is what serve reads of the volume for one
	// result's links, every distinct path counted once: one file at the
	// maxImageBytes limit, or dozens of screenshots of a few MiB.
	maxResultReadBytes = maxImageBytes
	// maxResultSentBytes bounds the images' base64 in one answer, repeats
	// counted each time (the client gets every copy): a 2000x2000 RGBA PNG
	// with no compression at all (21 MiB of base64) fits, and the answer
	// stays within the 256 MiB serve holds beside its calls
	// (serve-limits.md): building it holds two copies (its blocks and its
	// line), 64 MiB, and answers share a budget of four (answer.go).
	maxResultSentBytes = 32 << 20
	// maxResultDecodeWork bounds the decoding one result costs, in
	// pixels: an image is charged its pixels, a JPEG once more for every
	// jpegScansPerDecode scans, and the steps vp8lGroups walks to judge
	// a lossless WebP, decoded or not. It is what one image at maxImagePixels
	// with the most scans costs: three plain images at that limit, or the
	// 20 images a result shows as screenshots of 2560x1600. Decoding and downscaling took 48 to 84 ns
	// of CPU a pixel on a loaded machine (serve-limits.md), so a result's
	// decodes cost at most about 6 to 10 s of CPU.
	maxResultDecodeWork = maxImagePixels * (1 + maxJPEGScans/jpegScansPerDecode)
	// maxJPEGScans is the most scans a JPEG may have. image/jpeg visits
	// every block of the image in every progressive scan, however little
	// data the scan holds, so thousands of 40-byte scans cost minutes
	// (libjpeg-turbo's LJT-01-003, "TwoIssueswiththeJPEGStandard.pdf").
	// Encoders write one to four scans when baseline, 10 when progressive
	// (libjpeg's jpeg_simple_progression; 6 for grey, mozjpeg up to 11);
	// NVIDIA DALI's guard against the bomb stops at 500.
	maxJPEGScans = 64
	// jpegScansPerDecode is how many progressive scans are charged as
	// much as decoding and downscaling an image once: a scan visits each
	// 8x8 block of one component, copying its 64 coefficients in and
	// out. Measured on a grey 2400x2400 JPEG, a scan cost 1.5 ms of CPU
	// and the whole decode and downscale 250 to 480 ms, so about 160
	// scans cost one decode; 32 leaves a margin of five.
	jpegScansPerDecode = 32
)

// resultImages shows the images of one result within its budgets, each
// distinct file read once and each distinct image judged and decoded
// once.
type resultImages struct {
	volume string
	data   bool // /volume/data is mounted
	shown  int
	read   int64                     // bytes of files read
	sent   int64                     // bytes of base64 shown
	work   int64                     // decoding charged, in pixels (maxResultDecodeWork)
	files  map[string]imageOutcome   // by the path in the volume
	seen   map[[32]byte]imageOutcome // by the image's SHA-256
}

// imageOutcome is what an image became: its block, or why there is none
// (a note's text past the image's name).
type imageOutcome struct {
	block json.RawMessage
	why   string
}

func newResultImages(volume string, data bool) *resultImages {
	return &resultImages{volume: volume, data: data, files: map[string]imageOutcome{}, seen: map[[32]byte]imageOutcome{}}
}

// linked shows an image a result links as volume:///PATH, read from the
// volume the way Subako does after the call. It returns an MCP image
// block, or nil and a note saying why there is none.
func (r *resultImages) linked(uri string) (json.RawMessage, string) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "volume" || u.Host != "" {
		return nil, "(the link " + strconv.Quote(uri) + " is not a volume:/// URI, so no image was shown)"
	}
	rel := strings.TrimPrefix(path.Clean("/"+u.Path), "/")
	mounted := strings.HasPrefix(rel, "tmp/") || (r.data && strings.HasPrefix(rel, "data/"))
	if !mounted {
		return nil, "(the image " + uri + " is not in a mounted part of the volume (/volume/tmp" + map[bool]string{true: " or /volume/data", false: ""}[r.data] + "))"
	}
	if r.shown >= maxResultImages {
		return r.show(imageOutcome{why: pastImages}, uri)
	}
	o, ok := r.files[rel]
	if !ok {
		o = r.readLinked(rel)
		r.files[rel] = o
	}
	return r.show(o, uri)
}

// pastImages is the note for an image past maxResultImages.
var pastImages = "is past the " + strconv.Itoa(maxResultImages) + " images serve shows in one result, so it was not shown)"

// readLinked reads the file at rel in the volume, within what is left of
// maxResultReadBytes, and judges it.
func (r *resultImages) readLinked(rel string) imageOutcome {
	left := maxResultReadBytes - r.read
	b, err := readInRoot(r.volume, rel, left)
	var over *overBudget
	switch {
	case errors.As(err, &over):
		return imageOutcome{why: "is " + sizeText(over.size) + ", past the " + sizeText(maxResultReadBytes) +
			" of files serve reads for one result's images" + leftText(left, maxResultReadBytes, sizeText) + ", so it was not shown)"}
	case err != nil:
		return imageOutcome{why: "could not be read: " + err.Error() + ")"}
	}
	r.read += int64(len(b))
	return r.judge(b)
}

// image shows the image file b; what names it in notes.
func (r *resultImages) image(b []byte, what string) (json.RawMessage, string) {
	if r.shown >= maxResultImages {
		return r.show(imageOutcome{why: pastImages}, what)
	}
	return r.show(r.judge(b), what)
}

// show counts an outcome's block against what the result sends, or makes
// its note (the count of images is checked before an image is read).
func (r *resultImages) show(o imageOutcome, what string) (json.RawMessage, string) {
	if o.block == nil {
		return nil, "(" + what + " " + o.why
	}
	if left := maxResultSentBytes - r.sent; int64(len(o.block)) > left {
		return nil, "(" + what + " " + pastSent(int64(len(o.block)), left)
	}
	r.shown++
	r.sent += int64(len(o.block))
	return o.block, ""
}

// pastSent is the note for an image of n bytes of base64 when only left
// remain of maxResultSentBytes.
func pastSent(n, left int64) string {
	return "is " + sizeText(n) + " in base64, past the " + sizeText(maxResultSentBytes) + " of images serve sends in one result" +
		leftText(left, maxResultSentBytes, sizeText) + ", so it was not shown)"
}

// judge is what the image file b becomes, judged and decoded once per
// result whatever the links or copies of it.
func (r *resultImages) judge(b []byte) imageOutcome {
	key := sha256.Sum256(b)
	if o, ok := r.seen[key]; ok {
		return o
	}
	o := r.convert(b)
	r.seen[key] = o
	return o
}

// convert makes the image file b an MCP image block, downscaled to
// MaxImageEdge on its long edge when it is larger.
func (r *resultImages) convert(b []byte) imageOutcome {
	mime := resultcheck.Sniff(b)
	if mime == "" {
		return imageOutcome{why: "is not a PNG, JPEG, GIF or WebP image, so it was not shown)"}
	}
	decoder := decoders[mime]
	cfg, err := decoder.config(bytes.NewReader(b))
	if err != nil {
		return imageOutcome{why: "is not a readable " + mime + " image: " + err.Error() + ")"}
	}
	scans := 0
	if mime == "image/jpeg" {
		// Judged from its markers, before anything is decoded.
		if scans = jpegScans(b); scans > maxJPEGScans {
			return imageOutcome{why: "is a JPEG of " + textutil.Commas(scans) + " scans, over the " + strconv.Itoa(maxJPEGScans) +
				" serve decodes (an encoder writes 1 to 11), so it was not shown)"}
		}
	}
	if cfg.Width > MaxImageEdge || cfg.Height > MaxImageEdge {
		pixels := int64(cfg.Width) * int64(cfg.Height)
		size := strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height) + " pixels"
		if pixels > maxImagePixels {
			return imageOutcome{why: "is " + size + ", over the " + strconv.Itoa(maxImagePixels/1_000_000) + " million serve decodes, so it was not shown)"}
		}
		// What is read to judge the image (a lossless WebP's sub-images)
		// is charged to the result's decode work before the decode, refused
		// or not, so judging images costs a result no more than decoding.
		work := decodeWork(pixels, scans)
		cost, walked := decodeCost(b, mime, cfg, maxResultDecodeWork-r.work-work)
		cost += scaleCost(cfg.Width, cfg.Height)
		r.work += walked
		if r.work+work > maxResultDecodeWork {
			left := max(0, maxResultDecodeWork-r.work+walked)
			return imageOutcome{why: "is " + size + " (" + pixelsText(work+walked) + " to decode), past the " + pixelsText(maxResultDecodeWork) +
				" pixels serve decodes for one result" + leftText(left, maxResultDecodeWork, pixelsText) + ", so it was not shown)"}
		}
		if cost > maxDecodedBytes {
			return imageOutcome{why: "is " + size + " that decode to " + strconv.FormatInt(cost>>20, 10) + " MiB, over the " +
				strconv.Itoa(maxDecodedBytes>>20) + " MiB serve decodes, so it was not shown)"}
		}
		r.work += work
		release := decoding.acquire(cost)
		b, mime, err = downscale(b, decoder, mime, cfg)
		release()
		if err != nil {
			return imageOutcome{why: "could not be downscaled: " + err.Error() + ")"}
		}
	}
	if n := int64(base64.StdEncoding.EncodedLen(len(b))); n > maxResultSentBytes-r.sent {
		// Never sendable in this result (what is sent only grows): not
		// encoded at all.
		return imageOutcome{why: pastSent(n, maxResultSentBytes-r.sent)}
	}
	return imageOutcome{block: encodeImageBlock(mime, b)}
}

// decodeWork is what decoding an image of pixels costs, in pixels: a
// progressive JPEG's scans each visit every block (jpegScansPerDecode).
func decodeWork(pixels int64, scans int) int64 {
	return pixels + pixels*int64(scans)/jpegScansPerDecode
}

// jpegScans counts a JPEG's scans (its SOS markers) as image/jpeg's
// marker walk meets them (jpegSegments), so a marker within an APP
// segment (an Exif thumbnail) is not counted and none image/jpeg reads is
// missed.
func jpegScans(b []byte) int {
	scans := 0
	jpegSegments(b, func(marker byte, _ []byte) bool {
		if marker == 0xda {
			scans++
		}
		return true
	})
	return scans
}

// jpegSegments calls visit with each marker segment of the JPEG b past its
// SOI, in order, as image/jpeg's decoder walks them, until visit returns
// false or the walk ends where image/jpeg's would (EOI, a short length,
// the data's end). body is the segment past its length, cut at b's end.
// It mirrors image/jpeg byte for byte: bytes before a 0xFF are skipped
// (extraneous data, or a scan's entropy-coded data left unread); "\xff\x00"
// is skipped; fill bytes (0xFF) before a marker are skipped, but once
// there "\xff...\xff\x00" is a marker 0 with a length; a restart marker
// has no length. A walk of its own would let a file say one thing to the
// cost and another to the decoder.
func jpegSegments(b []byte, visit func(marker byte, body []byte) bool) {
	for i := 2; ; {
		j := bytes.IndexByte(b[min(i, len(b)):], 0xff)
		if j < 0 || i+j+1 >= len(b) {
			return
		}
		i += j + 1
		marker := b[i]
		i++
		if marker == 0x00 {
			continue
		}
		for marker == 0xff {
			if i >= len(b) {
				return
			}
			marker = b[i]
			i++
		}
		switch {
		case marker == 0xd9: // EOI
			return
		case marker >= 0xd0 && marker <= 0xd7: // RST
			continue
		}
		if i+2 > len(b) {
			return
		}
		n := int(b[i])<<8 | int(b[i+1])
		if n < 2 {
			return
		}
		body := b[i+2 : min(len(b), i+n)]
		i += n
		if !visit(marker, body) {
			return
		}
	}
}

// overBudget is a file larger than what is left of a result's reading.
type overBudget struct{ size int64 }

func (e *overBudget) Error() string { return "larger than what is left to read" }

// leftText says, in a note, what is left of a budget when part of it was
// spent.
func leftText(left, budget int64, unit func(int64) string) string {
	if left == budget {
		return ""
	}
	return " (" + unit(left) + " left)"
}

func pixelsText(n int64) string { return textutil.Commas(int(n)) }

// sizeText is n bytes for a note: KiB below a MiB, else MiB to a tenth.
func sizeText(n int64) string {
	if n < 1<<20 {
		return strconv.FormatInt((n+1023)>>10, 10) + " KiB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}

// readInRoot reads a file beneath dir without following any link out of
// it: at most maxImageBytes, and an *overBudget error, before anything is
// read, when it is larger than left.
func readInRoot(dir, rel string, left int64) ([]byte, error) {
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
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > maxImageBytes {
		return nil, errors.New("larger than " + strconv.Itoa(maxImageBytes>>20) + " MiB")
	}
	if fi.Size() > left {
		return nil, &overBudget{fi.Size()}
	}
	// Read in one buffer of the file's size; a file that grows meanwhile
	// is cut at the budget and refused.
	limit := min(int64(maxImageBytes), left)
	buf := bytes.NewBuffer(make([]byte, 0, fi.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, &overBudget{int64(buf.Len())}
	}
	return buf.Bytes(), nil
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
// lossless pixels). Judging a lossless WebP walks its sub-images: at most
// walk steps (past them it is charged the most groups); walked is the
// steps taken, for the result's decode work.
func decodeCost(b []byte, mime string, cfg image.Config, walk int64) (cost, walked int64) {
	n, walked := decodedBytes(b, mime, cfg, walk)
	return decoderState + n, walked
}

// decoderState is what a decoder holds whatever the image's size: its
// input buffer, zlib's window, Huffman tables.
const decoderState = 64 << 10

func decodedBytes(b []byte, mime string, cfg image.Config, walk int64) (n, walked int64) {
	w, h := int64(cfg.Width), int64(cfg.Height)
	pixels := w * h
	switch mime {
	case "image/png":
		perPixel := bytesPerPixel(cfg.ColorModel)
		if pngTransparent(b) {
			// image/png's Decode makes grey with a tRNS chunk an NRGBA
			// (NRGBA64 at 16 bits), where DecodeConfig says Gray (Gray16);
			// truecolour's RGBA becomes an NRGBA of the same size, and a
			// paletted image stays paletted.
			switch cfg.ColorModel {
			case color.GrayModel:
				perPixel = 4
			case color.Gray16Model:
				perPixel = 8
			}
		}
		n := pixels*perPixel + 2*(8*w+1) // two rows of filtered bytes
		if len(b) > 28 && b[28] != 0 {   // Adam7: each pass is decoded apart, then copied in
			n *= 2
		}
		return n, 0
	case "image/jpeg":
		return jpegCost(b, w, h), 0
	case "image/gif":
		return 2 * pixels, 0 // the frame, and its copy when interlaced
	}
	n = 8 * pixels // WebP (NRGBA and its ARGB words) and anything unknown: the most
	if stream, ok := webpLossless(b); mime == "image/webp" && ok {
		groups, read := vp8lMaxGroups, false
		if pixels <= maxImagePixels && walk > 0 { // refused anyway; else read in time linear in its pixels
			groups, walked, read = vp8lGroups(stream, w, h, walk)
		}
		if !read || groups > vp8lMaxGroups {
			groups = vp8lMaxGroups
		}
		n += int64(groups) * vp8lGroupBytes
	}
	return n, walked
}

// What x/image/webp's lossless decoder (vp8l) allocates for its Huffman
// groups before a pixel is read: every group up to the largest index its
// entropy image names (vp8lGroups reads it), at most vp8lMaxGroups (it
// refuses more, as libwebp's encoder writes no more), each of five trees.
// A tree of an alphabet of n symbols holds n code lengths, n codes and up
// to 2n-1 nodes, 24n bytes; the largest alphabets (a colour cache of 2^11)
// are 2,328, 256, 256, 256 and 40 symbols, and with the allocator's size
// classes, the trees' lookup tables and their code length codes a group
// costs about 82 KB (TestWebPHuffmanGroupsCharge: 2,599 groups in a 1 MB
// file of 2001x24 pixels allocated 205 MiB; attack pass 38). A stream not
// read as far as its entropy image is charged the most groups, 221 MB.
const (
	vp8lMaxGroups  = 2600
	vp8lGroupBytes = 85_000
)

// webpLossless finds the lossless bit stream x/image/webp decodes in the
// WebP b, past its 5-byte header: a VP8L chunk's, or an ALPH chunk's
// whose alpha is compressed as VP8L (compression method 1, the header
// made up from the VP8X one), before the VP8 chunk where the decoder
// stops. The walk skips each chunk by its length (padded to even), so it
// is linear in the chunks; a stream is cut at its chunk's end.
func webpLossless(b []byte) ([]byte, bool) {
	for i := 12; i+8 <= len(b); {
		n := int64(binary.LittleEndian.Uint32(b[i+4:]))
		data := b[i+8 : min(int64(len(b)), int64(i)+8+n)]
		switch string(b[i : i+4]) {
		case "VP8L":
			return data[min(5, len(data)):], true
		case "ALPH":
			if len(data) > 0 && data[0]&3 == 1 {
				return data[1:], true
			}
			return nil, false
		case "VP8 ":
			return nil, false
		}
		next := int64(i) + 8 + n + n&1
		if next > int64(len(b)) {
			return nil, false
		}
		i = int(next)
	}
	return nil, false
}

// pngTransparent says whether the PNG b has a tRNS chunk before its first
// IDAT, where image/png reads one (a tRNS past it comes after the pixels
// are decoded). The walk skips each chunk by its length, so it is linear
// in the chunks, and stops at the data's end.
func pngTransparent(b []byte) bool {
	for i := 8; i+8 <= len(b); {
		n := int64(binary.BigEndian.Uint32(b[i:]))
		switch string(b[i+4 : i+8]) {
		case "tRNS":
			return true
		case "IDAT":
			return false
		}
		next := int64(i) + 12 + n
		if next > int64(len(b)) {
			return false
		}
		i = int(next)
	}
	return false
}

// jpegCost is what image/jpeg holds for the JPEG b of w by h: a plane per
// component rounded up to whole MCUs, for four components a CMYK copy,
// and for a progressive one 4 bytes of coefficients per sample. A frame
// header jpegFrame cannot read (image/jpeg's DecodeConfig read one, so
// never in practice) is charged the most image/jpeg holds: four
// components sampled 4x4, progressive.
func jpegCost(b []byte, w, h int64) int64 {
	progressive, comps, ok := jpegFrame(b)
	if !ok {
		progressive, comps = true, [][2]byte{{4, 4}, {4, 4}, {4, 4}, {4, 4}}
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
	if len(comps) == 4 || len(comps) == 3 && jpegRGB(b) {
		n += 4 * w * h // the CMYK or RGBA image the planes are converted to
	}
	return n
}

// jpegRGB says whether image/jpeg converts the three-component JPEG b to
// an RGBA after decoding its planes (its decoder.isRGB, judged once every
// segment is read): no JFIF APP0 (the last APP0 read says), and an Adobe
// APP14 of transform 0 or components named 'R', 'G' and 'B' in the frame.
func jpegRGB(b []byte) bool {
	jfif, adobe, transform, named := false, false, byte(0), false
	frame := false
	jpegSegments(b, func(marker byte, body []byte) bool {
		switch {
		case marker == 0xe0 && len(body) >= 5: // APP0
			jfif = string(body[:5]) == "JFIF\x00"
		case marker == 0xee && len(body) >= 12 && string(body[:5]) == "Adobe": // APP14
			adobe, transform = true, body[11]
		case marker >= 0xc0 && marker <= 0xc2 && !frame:
			frame = true
			named = len(body) >= 6+3*3 && body[6] == 'R' && body[9] == 'G' && body[12] == 'B'
		}
		return true
	})
	return !jfif && (adobe && transform == 0 || named)
}

// jpegFrame reads a JPEG's frame header, the first SOF image/jpeg
// decodes (jpegSegments): whether it is progressive, and each component's
// sampling factors.
func jpegFrame(b []byte) (progressive bool, comps [][2]byte, ok bool) {
	jpegSegments(b, func(marker byte, body []byte) bool {
		if marker < 0xc0 || marker > 0xc2 {
			return true
		}
		if len(body) < 6 || len(body) < 6+3*int(body[5]) {
			return false
		}
		for c := range int(body[5]) {
			hv := body[6+3*c+1]
			comps = append(comps, [2]byte{max(hv>>4, 1), max(hv&15, 1)})
		}
		progressive, ok = marker == 0xc2, len(comps) > 0
		return false
	})
	return progressive, comps, ok
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

// byteBudget is a budget of bytes shared by concurrent holders: decodes
// (decoding), answers being built (answering), messages waiting for a
// place or the package (Server.httpWaiting, and each stdio connection's).
type byteBudget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	used  int64
	limit int64
}

var decoding = newByteBudget(imageBudget)

func newByteBudget(limit int64) *byteBudget {
	b := &byteBudget{limit: limit}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// full says whether acquire(n) would wait now.
func (b *byteBudget) full(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used > 0 && b.used+n > b.limit
}

// acquire waits until n bytes fit in the budget (or nothing else holds
// any, so one holder past the limit still runs, alone) and returns their
// release.
func (b *byteBudget) acquire(n int64) func() {
	b.mu.Lock()
	for b.used > 0 && b.used+n > b.limit {
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

// tryAcquire takes n bytes when acquire would not wait, and says whether
// it did.
func (b *byteBudget) tryAcquire(n int64) (release func(), ok bool) {
	b.mu.Lock()
	if b.used > 0 && b.used+n > b.limit {
		b.mu.Unlock()
		return nil, false
	}
	b.used += n
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.used -= n
		b.mu.Unlock()
		b.cond.Broadcast()
	}, true
}

type imageDecoder struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}

var decoders = map[string]imageDecoder{
	"image/png":  guarded(png.DecodeConfig, png.Decode),
	"image/jpeg": guarded(jpeg.DecodeConfig, jpeg.Decode),
	"image/gif":  guarded(gif.DecodeConfig, gif.Decode),
	"image/webp": guarded(webp.DecodeConfig, webp.Decode),
}

// guarded makes a decoder's panic its error: the bytes are the module's,
// and a decoder's bug they reach must refuse one image, not end serve and
// every call in flight with it.
func guarded(config func(io.Reader) (image.Config, error), decode func(io.Reader) (image.Image, error)) imageDecoder {
	return imageDecoder{
		config: func(r io.Reader) (cfg image.Config, err error) {
			defer recoverDecoder(&err)
			return config(r)
		},
		decode: func(r io.Reader) (img image.Image, err error) {
			defer recoverDecoder(&err)
			return decode(r)
		},
	}
}

func recoverDecoder(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("the decoder failed on it (%v)", r)
	}
}

// downscale shrinks an image of cfg (its header) so its long edge is
// MaxImageEdge. A JPEG stays a JPEG; every other type becomes a PNG (GIF's
// palette and WebP, which the standard library cannot write, would lose
// more).
func downscale(b []byte, d imageDecoder, mime string, cfg image.Config) ([]byte, string, error) {
	src, err := d.decode(bytes.NewReader(b))
	if err != nil {
		return nil, "", err
	}
	screen := image.Rect(0, 0, cfg.Width, cfg.Height)
	if src.Bounds() != screen {
		// A GIF's first frame may be any rectangle within its screen:
		// scaled as the screen the header declares (and is charged for),
		// not as the frame on its own, which a frame of 4x4 pixels would
		// make 2000x2000.
		src = onScreen{src, screen, rgba64At(src)}
	}
	nw, nh := scaledSize(cfg.Width, cfg.Height)
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

// onScreen is an image (a GIF's frame) within a larger screen, transparent
// around it.
type onScreen struct {
	image.Image
	screen image.Rectangle
	at     func(x, y int) color.RGBA64
}

func (m onScreen) Bounds() image.Rectangle { return m.screen }

func (m onScreen) At(x, y int) color.Color { return m.RGBA64At(x, y) }

func (m onScreen) RGBA64At(x, y int) color.RGBA64 {
	if !image.Pt(x, y).In(m.Image.Bounds()) {
		return color.RGBA64{}
	}
	return m.at(x, y)
}
