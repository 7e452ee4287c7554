package serve

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// linksResult is a CallToolResult of n resource_links to volume:///tmp/a.png.
func linksResult(n int) json.RawMessage {
	link := `{"type":"resource_link","uri":"volume:///tmp/a.png","name":"a","mimeType":"image/png"}`
	return json.RawMessage(`{"content":[` + strings.Repeat(link+",", n-1) + link + `],"resultType":"complete"}`)
}

// volumeWith is a volume holding files under tmp/.
func volumeWith(t *testing.T, files map[string][]byte) string {
	t.Helper()
	vol := t.TempDir()
	if err := os.MkdirAll(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(vol, "tmp", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return vol
}

// shownImages counts a result's image blocks and collects its notes.
func shownImages(t *testing.T, content []json.RawMessage) (images int, notes []string) {
	t.Helper()
	for _, raw := range content {
		var b struct{ Type, Text string }
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatal(err)
		}
		if b.Type == "image" {
			images++
		} else {
			notes = append(notes, b.Text)
		}
	}
	return images, notes
}

// grey is a PNG of w×h grey pixels of a pattern.
func grey(t *testing.T, w, h int) []byte {
	t.Helper()
	m := image.NewGray(image.Rect(0, 0, w, h))
	for i := range m.Pix {
		m.Pix[i] = uint8(i % 251)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestLinkedImagesMemory (from attack pass 36): a result may link the
// same volume file any number of times, and serve once read each link's
// file (up to maxImageBytes) and kept it, base64-encoded, in the answer: a
// 1x1 PNG padded with zeros to 64 MiB (under MaxImageEdge, so never
// decoded) linked eight times made a 716 MB answer and 3.2 GB of serve's
// memory. Now the file is read once, and its 85 MiB of base64 is past what
// one result sends, so every link is a note and nothing is kept.
func TestLinkedImagesMemory(t *testing.T) {
	img := pngHeader(1, 1, 8, 0)
	img = append(img, make([]byte, maxImageBytes-len(img))...)
	vol := volumeWith(t, map[string][]byte{"a.png": img})

	r := newResultImages(vol, false)
	for range 4 {
		if block, note := r.linked("volume:///tmp/a.png"); block != nil || !strings.Contains(note, "in base64, past the 32.0 MiB of images serve sends in one result") {
			t.Fatalf("block %v, note %q", block != nil, note)
		}
	}
	if r.read != maxImageBytes || r.sent != 0 {
		t.Errorf("four links read %d bytes and sent %d: want the file read once and nothing sent", r.read, r.sent)
	}

	s, _ := unloadedServer(t, Options{Volume: vol})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	result, kind := s.showResult(linksResult(8), era{modern: true})
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	images, notes := shownImages(t, result.Content)
	t.Logf("%s: %d notes, %d KiB held; a note: %s", kind, len(notes), held>>10, notes[0])
	if images != 0 || len(notes) != 8 {
		t.Errorf("8 links to a 64 MiB image: %d images, %d notes", images, len(notes))
	}
	if held > 1<<20 {
		t.Errorf("the result holds %d KiB of serve's heap", held>>10)
	}
	runtime.KeepAlive(result)
}

// TestLinkedImagesDecodedOnce (from attack pass 36): every link to a
// large image was decoded and downscaled anew, after the call's limit (a
// 6000x6000 PNG linked 20 times cost 8.7 s of serve's CPU). Now a result
// shows at most maxResultImages images, the rest noted, and one image is
// read and decoded once however it is reached: by one path again and
// again, by a second path to the same content, or inline.
func TestLinkedImagesDecodedOnce(t *testing.T) {
	const w, h = 2400, 2100 // over MaxImageEdge: decoded to be downscaled
	img := grey(t, w, h)
	vol := volumeWith(t, map[string][]byte{"a.png": img, "copy.png": img})

	s, _ := unloadedServer(t, Options{Volume: vol})
	result, kind := s.showResult(linksResult(40), era{modern: true})
	images, notes := shownImages(t, result.Content)
	if kind != "result with 20 images" || images != maxResultImages || len(notes) != 40-maxResultImages {
		t.Fatalf("40 links: %s, %d images, %d notes", kind, images, len(notes))
	}
	for _, n := range notes {
		if n != "(volume:///tmp/a.png is past the 20 images serve shows in one result, so it was not shown)" {
			t.Fatalf("note %q", n)
		}
	}

	r := newResultImages(vol, false)
	var first json.RawMessage
	for i, uri := range []string{"volume:///tmp/a.png", "volume:///tmp/./a.png", "volume:///tmp/copy.png", "volume:///tmp/a.png"} {
		block, note := r.linked(uri)
		if block == nil {
			t.Fatalf("%s: %s", uri, note)
		}
		if i == 0 {
			first = block
		} else if !bytes.Equal(block, first) {
			t.Errorf("%s shows another image than the first link", uri)
		}
	}
	if block, note := r.image(img, "the inline image"); block == nil {
		t.Fatalf("inline: %s", note)
	}
	if want := decodeWork(w*h, 0); r.work != want {
		t.Errorf("five ways to one image charged %d pixels of decoding, want one decode's %d", r.work, want)
	}
	if want := int64(2 * len(img)); r.read != want {
		t.Errorf("read %d bytes, want %d: each of the two paths once", r.read, want)
	}
	if r.shown != 5 || r.sent != 5*int64(len(first)) {
		t.Errorf("shown %d, sent %d: every copy is sent and counted", r.shown, r.sent)
	}
}

// TestResultImageBudgets: past what is left of a result's reading,
// decoding or sending, an image is a note saying which, and nothing is
// read or decoded for it.
func TestResultImageBudgets(t *testing.T) {
	big := grey(t, 2400, 2100)
	small := grey(t, 100, 100)
	vol := volumeWith(t, map[string][]byte{"big.png": big, "small.png": small})

	r := newResultImages(vol, false)
	r.read = maxResultReadBytes - int64(len(small))
	if block, note := r.linked("volume:///tmp/big.png"); block != nil || !strings.Contains(note, "past the 64.0 MiB of files serve reads for one result's images") {
		t.Errorf("past the reading budget: %v, %q", block != nil, note)
	}
	if block, note := r.linked("volume:///tmp/small.png"); block == nil { // exactly what is left
		t.Errorf("the file that fits: %s", note)
	}

	r = newResultImages(vol, false)
	r.work = maxResultDecodeWork - 1
	if block, note := r.linked("volume:///tmp/big.png"); block != nil || !strings.Contains(note, "pixels serve decodes for one result (1 left)") {
		t.Errorf("past the decoding budget: %v, %q", block != nil, note)
	}
	if r.work != maxResultDecodeWork-1 {
		t.Errorf("the refused image was charged")
	}
	if block, note := r.linked("volume:///tmp/small.png"); block == nil { // not decoded: costs nothing
		t.Errorf("a small image: %s", note)
	}

	r = newResultImages(vol, false)
	r.sent = maxResultSentBytes - 10
	if block, note := r.image(small, "the inline image"); block != nil || !strings.HasPrefix(note, "(the inline image is ") || !strings.Contains(note, "past the 32.0 MiB of images serve sends in one result (1 KiB left)") {
		t.Errorf("past the sending budget: %v, %q", block != nil, note)
	}
}

// jpegScanBomb is a progressive grey JPEG of w×h pixels made of scans
// spectral AC scans of the same band, each about 50 bytes: a scan is one
// end-of-band run code after another (a 1-bit Huffman code for EOBRUN 14
// and 14 run bits), so it skips every block with almost no data, but
// image/jpeg still visits every block of the image in every scan, copying
// its 64 coefficients in and out (attack pass 36). app, when not nil, is
// an APP1 segment's payload written before the frame.
func jpegScanBomb(w, h, scans int, app []byte) []byte {
	var b bytes.Buffer
	seg := func(marker byte, payload []byte) {
		b.Write([]byte{0xff, marker})
		_ = binary.Write(&b, binary.BigEndian, uint16(len(payload)+2))
		b.Write(payload)
	}
	b.Write([]byte{0xff, 0xd8}) // SOI
	if app != nil {
		seg(0xe1, app)
	}
	seg(0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...))                      // DQT 0, all ones
	seg(0xc2, []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 1, 1, 0x11, 0}) // SOF2: progressive, 1 component
	seg(0xc4, append([]byte{0x10, 1}, append(make([]byte, 15), 0xe0)...))             // DHT AC 0: one 1-bit code, EOBRUN 14
	blocks := ((w + 7) / 8) * ((h + 7) / 8)
	const run = 1<<14 | 0x2aaa // the code "0" and the run bits 10101010101010: no 0xff byte
	codes := (blocks + run - 1) / run
	var data []byte
	var acc uint64
	nbits := 0
	for range codes {
		acc = acc<<15 | 0x2aaa // "0" then 14 run bits
		nbits += 15
		for nbits >= 8 {
			data = append(data, byte(acc>>(nbits-8)))
			nbits -= 8
		}
	}
	if nbits > 0 { // pad with 1 bits
		data = append(data, byte(acc<<(8-nbits))|byte(0xff>>nbits))
	}
	for range scans {
		seg(0xda, []byte{1, 1, 0x00, 1, 1, 0x00}) // SOS: component 1, AC table 0, Ss=Se=1
		b.Write(data)
	}
	b.Write([]byte{0xff, 0xd9}) // EOI
	return b.Bytes()
}

// TestJPEGScanBomb (from attack pass 36): a progressive JPEG of thousands
// of tiny scans cost image/jpeg a visit of every block per scan (5000x5000
// pixels of 5,000 scans, 195 KB: 44.5 s of serve's CPU). Its scans are
// counted from its markers and it is refused with a note before anything
// is decoded; a JPEG of as many scans as an encoder writes is decoded and
// charged for its scans, and a baseline JPEG and a PNG still show.
func TestJPEGScanBomb(t *testing.T) {
	const w, h = 2400, 2400
	bomb := jpegScanBomb(w, h, 3000, nil)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	img, note := imageBlock(bomb, "the image")
	runtime.ReadMemStats(&after)
	if img != nil || note != "(the image is a JPEG of 3,000 scans, over the 64 serve decodes (an encoder writes 1 to 11), so it was not shown)" {
		t.Errorf("the bomb: image %v, note %q", img != nil, note)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing the bomb allocated %d KiB: it was decoded", alloc>>10)
	}
	// The bound holds for an image shown as it is, too (a client decodes it).
	if img, _ := imageBlock(jpegScanBomb(64, 64, maxJPEGScans+1, nil), "the image"); img != nil {
		t.Errorf("a small JPEG of %d scans was shown", maxJPEGScans+1)
	}
	if img, note := imageBlock(jpegScanBomb(64, 64, maxJPEGScans, nil), "the image"); img == nil {
		t.Errorf("a small JPEG of %d scans: %s", maxJPEGScans, note)
	}

	// Scans as an encoder writes them: decoded, downscaled and charged.
	r := newResultImages("", false)
	progressive := jpegScanBomb(w, h, 10, nil)
	if img, note := r.image(progressive, "the image"); img == nil {
		t.Fatalf("a progressive JPEG of 10 scans: %s", note)
	}
	if want := decodeWork(w*h, 10); r.work != want || want != w*h+w*h*10/32 {
		t.Errorf("charged %d pixels for %d", r.work, want)
	}

	var baseline bytes.Buffer
	if err := jpeg.Encode(&baseline, image.NewGray(image.Rect(0, 0, 2100, 1200)), nil); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"baseline JPEG": baseline.Bytes(), "PNG": grey(t, 2100, 1200)} {
		if img, note := imageBlock(b, "the image"); img == nil {
			t.Errorf("%s: %s", name, note)
		}
	}
}

// TestJPEGScans: scans are counted by the JPEG's structure: an SOS marker
// inside an APP segment (an Exif thumbnail) or bytes that look like one
// inside a scan's stuffed data are not scans.
func TestJPEGScans(t *testing.T) {
	var baseline bytes.Buffer
	if err := jpeg.Encode(&baseline, image.NewYCbCr(image.Rect(0, 0, 40, 40), image.YCbCrSubsampleRatio420), nil); err != nil {
		t.Fatal(err)
	}
	thumbnail := bytes.Repeat([]byte{0xff, 0xda, 0, 2}, 100)
	for _, c := range []struct {
		name string
		data []byte
		want int
	}{
		{"baseline, 3 components interleaved", baseline.Bytes(), 1},
		{"10 scans", jpegScanBomb(64, 64, 10, nil), 10},
		{"10 scans, 100 SOS markers in an APP1", jpegScanBomb(64, 64, 10, thumbnail), 10},
		{"stuffed 0xFF in a scan", []byte{0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0x00, 0xda, 0xff, 0xd0, 0xda, 0xff, 0xda, 0, 2, 0xff, 0xd9, 0xff, 0xda}, 2},
		{"truncated", []byte{0xff, 0xd8, 0xff, 0xda, 0}, 0},
	} {
		if got := jpegScans(c.data); got != c.want {
			t.Errorf("%s: %d scans, want %d", c.name, got, c.want)
		}
	}
}

// TestJPEGSegments: the one walk the scan count and the frame header read
// visits the segments image/jpeg's decoder does, so a file cannot show
// them one frame and the decoder another. Each case follows image/jpeg's
// reader.go: extraneous bytes before 0xFF are skipped, "\xff\x00" is
// skipped, fill bytes are, but a 0 after them is a marker with a length,
// a restart marker has none, EOI or a short length ends the walk.
func TestJPEGSegments(t *testing.T) {
	soi := []byte{0xff, 0xd8}
	// A segment the old walk of its own read where image/jpeg reads
	// "\xff\x00" then extraneous bytes: it jumped into the APP1 that
	// follows and took the SOF0 of length 0 written there for the frame.
	hidden := []byte{0xff, 0x00, 0x00, 0x0a, 0xff, 0xe1, 0x00, 0x20, 0, 0, 0, 0, 0xff, 0xc0, 0, 0}
	hidden = append(hidden, make([]byte, 22)...)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a SOF hidden in an APP1", append(hidden, 0xff, 0xdb, 0, 2), "e1 db"},
		{"extraneous bytes", []byte{0, 1, 2, 0xff, 0xdb, 0, 2}, "db"},
		{"fill bytes", []byte{0xff, 0xff, 0xff, 0xdb, 0, 2}, "db"},
		{"a 0 after fill bytes has a length", []byte{0xff, 0xff, 0x00, 0, 2, 0xff, 0xda, 0, 2}, "00 da"},
		{"RST, stuffing, EOI", []byte{0xff, 0xd0, 0xff, 0xda, 0, 2, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd3, 0x56, 0xff, 0xda, 0, 2, 0xff, 0xd9, 0xff, 0xda, 0, 2}, "da da"},
		{"a short length", []byte{0xff, 0xc0, 0, 1, 0xff, 0xda, 0, 2}, ""},
		{"truncated", []byte{0xff, 0xda, 0}, ""},
		{"a body past the end", []byte{0xff, 0xc0, 0, 200, 1}, "c0"},
	} {
		var got []string
		jpegSegments(append(append([]byte{}, soi...), c.data...), func(marker byte, body []byte) bool {
			got = append(got, fmt.Sprintf("%02x", marker))
			return true
		})
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: markers %q, want %q", c.name, got, c.want)
		}
	}

	// The hidden SOF before a real JPEG: the frame is the real one, and
	// the image is shown (serve panicked on it, slicing a body of length
	// -2).
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, image.NewGray(image.Rect(0, 0, 2100, 8)), nil); err != nil {
		t.Fatal(err)
	}
	b := append(append(append([]byte{}, soi...), hidden...), enc.Bytes()[2:]...)
	if progressive, comps, ok := jpegFrame(b); !ok || progressive || len(comps) != 1 {
		t.Errorf("the frame: progressive %v, components %v, ok %v; want a baseline grey frame", progressive, comps, ok)
	}
	if img, note := imageBlock(b, "the image"); img == nil {
		t.Errorf("the JPEG with a hidden SOF: %s", note)
	}
}
