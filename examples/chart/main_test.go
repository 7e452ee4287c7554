package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

// at is the palette index of the pixel at (x, y).
func at(img *image.Paletted, x, y int) uint8 { return img.ColorIndexAt(x, y) }

func TestDrawChart(t *testing.T) {
	img := drawChart([]float64{3, -1, 4}, "Pi")
	if img.Rect != image.Rect(0, 0, chartWidth, chartHeight) {
		t.Fatalf("size %v", img.Rect)
	}
	count := map[uint8]int{}
	for _, c := range img.Pix {
		count[c]++
	}
	if count[positive] == 0 || count[negative] == 0 || count[ink] == 0 {
		t.Fatalf("colour counts %v", count)
	}
	// Three bars in three equal slots: the middle of each slot is the
	// bar's colour somewhere, and the tallest bar (4) reaches higher than 3.
	slot := (chartWidth - 48) / 3
	column := func(i int) (top, bottom int, c uint8) {
		x := 24 + slot*i + slot/2
		top, bottom = -1, -1
		for y := range chartHeight {
			if p := at(img, x, y); p == positive || p == negative {
				if top < 0 {
					top, c = y, p
				}
				bottom = y
			}
		}
		return top, bottom, c
	}
	t0, b0, c0 := column(0)
	t1, b1, c1 := column(1)
	t2, b2, c2 := column(2)
	if c0 != positive || c1 != negative || c2 != positive {
		t.Errorf("bar colours %d %d %d", c0, c1, c2)
	}
	if t2 >= t0 || b0 != b2 || t1 <= b0 {
		t.Errorf("bars 3, -1, 4 span %d-%d, %d-%d, %d-%d", t0, b0, t1, b1, t2, b2)
	}
	// Heights are proportional: 4 : 3 : 1 (within rounding).
	h0, h1, h2 := b0-t0+1, b1-t1+1, b2-t2+1
	if d := 4*h0 - 3*h2; d < -8 || d > 8 || 3*h1-h0 < -6 || 3*h1-h0 > 6 {
		t.Errorf("heights %d %d %d", h0, h1, h2)
	}
	// The title is ink in the top margin, centred.
	inkTop := 0
	for y := range 24 + 5*3 {
		for x := range chartWidth {
			if at(img, x, y) == ink {
				inkTop++
				if x < chartWidth/2-40 || x > chartWidth/2+40 {
					t.Fatalf("title ink at %d,%d", x, y)
				}
			}
		}
	}
	if inkTop == 0 {
		t.Error("no title")
	}
}

func TestDrawChartEdgeCases(t *testing.T) {
	for _, values := range [][]float64{{0}, {0, 0}, {-5, -2}, {1e300, -1e300}, make([]float64, maxValues)} {
		img := drawChart(values, strings.Repeat("W", maxTitle))
		if img.Rect.Dx() != chartWidth {
			t.Errorf("%v: %v", values, img.Rect)
		}
	}
}

func TestFormatValue(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 3: "3", -2.5: "-2.5", 1.0 / 3: "0.33", 123456.789: "123456.79", 12345678: "1.23e+07", 0.001: "0.001"} {
		if got := formatValue(v); got != want {
			t.Errorf("formatValue(%v) = %s, want %s", v, got, want)
		}
	}
}

func TestGlyphs(t *testing.T) {
	for r, g := range glyphs {
		if g == "" {
			continue
		}
		rows := strings.Split(g, "/")
		if len(rows) != glyphHeight {
			t.Errorf("%q: %d rows", rune(r), len(rows))
		}
		for _, row := range rows {
			if len(row) != glyphWidth || strings.Trim(row, "#.") != "" {
				t.Errorf("%q: row %q", rune(r), row)
			}
		}
	}
	if glyph('a') != glyphs['A'] || glyph('é') != glyphs['?'] {
		t.Error("fallbacks")
	}
}

// capture makes a directory stand in for /volume for the test
// (subakotest.Volume), where the handler's own writes land through
// subako.VolumePath, and returns what was saved there, by the path the
// handler gave, once the test reads it.
func capture(t *testing.T) func() map[string][]byte {
	dir := subakotest.Volume(t)
	old := writeFile // a test may replace it
	t.Cleanup(func() { writeFile = old })
	return func() map[string][]byte {
		saved := map[string][]byte{}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			saved["/volume"+filepath.ToSlash(strings.TrimPrefix(p, dir))] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return saved
	}
}

type callResult struct {
	Content []struct {
		Type, Text, URI, Name, MimeType, Data string
	}
	StructuredContent json.RawMessage
	IsError           bool
}

func serve(t *testing.T, args string) callResult {
	t.Helper()
	in := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"bar_chart","arguments":` + args +
		`,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}` + "\n"
	var out bytes.Buffer
	if err := subako.ServeIO(&subakoPackage, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	var answer struct{ Result callResult }
	if err := json.Unmarshal(out.Bytes(), &answer); err != nil {
		t.Fatalf("%v: %s", err, out.Bytes())
	}
	return answer.Result
}

func decodePNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, chartWidth, chartHeight) {
		t.Errorf("PNG bounds %v", img.Bounds())
	}
	return img
}

func TestBarChartFile(t *testing.T) {
	saved := capture(t)
	res := serve(t, `{"values":[3,1,4,1,5],"title":"Pi"}`)
	if subako.VolumePath(chartPath) == chartPath {
		t.Fatal("subako.VolumePath does not redirect under subakotest.Volume")
	}
	if res.IsError || string(res.StructuredContent) != `{"path":"/volume/tmp/chart.png","width":800,"height":500}` {
		t.Fatalf("result %+v", res)
	}
	if len(res.Content) != 2 || res.Content[1].Type != "resource_link" || res.Content[1].URI != "volume:///tmp/chart.png" ||
		res.Content[1].Name != "chart.png" || res.Content[1].MimeType != "image/png" {
		t.Errorf("content %+v", res.Content)
	}
	decodePNG(t, saved()[chartPath])
}

// A chart that was not saved is not linked: the model reads why.
func TestBarChartFileLost(t *testing.T) {
	capture(t)
	writeFile = func(string, []byte, os.FileMode) error { return nil }
	res := serve(t, `{"values":[1]}`)
	if !res.IsError || res.Content[0].Text != `image file "/volume/tmp/chart.png" does not exist: save the image before returning the answer that links it` {
		t.Errorf("%+v", res)
	}
}

func TestBarChartInline(t *testing.T) {
	saved := capture(t)
	res := serve(t, `{"values":[1,2],"inline":true}`)
	if res.IsError || string(res.StructuredContent) != `{"width":800,"height":500}` || len(saved()) != 0 {
		t.Fatalf("result %+v, saved %d", res, len(saved()))
	}
	if len(res.Content) != 2 || res.Content[1].Type != "image" || res.Content[1].MimeType != "image/png" {
		t.Fatalf("content %+v", res.Content)
	}
	data, err := base64.StdEncoding.DecodeString(res.Content[1].Data)
	if err != nil {
		t.Fatal(err)
	}
	decodePNG(t, data)
}

// The generated decoder checks the arguments against the schema, markers
// included, before barChart runs.
func TestBarChartBadArguments(t *testing.T) {
	capture(t)
	for args, want := range map[string]string{
		`{}`:                            "arguments.values: is required",
		`{"values":[]}`:                 "arguments.values: must have at least 1 item",
		`{"values":null}`:               "arguments.values: must be an array, found null",
		`{"values":[1,"2"]}`:            "arguments.values[1]: must be a number, found a string",
		`{"values":[1e999]}`:            "arguments.values[0]: 1e999 is out of range for float64",
		`{"values":[1],"title":7}`:      "arguments.title: must be a string, found a number",
		`{"values":[1],"inline":"yes"}`: "arguments.inline: must be a boolean, found a string",
		`{"values":[1],"colour":"red"}`: "arguments.colour: is not a known member (known: values, title, inline)",
		`{"values":[1],"title":"` + strings.Repeat("x", 81) + `"}`: "arguments.title: must be at most 80 characters",
		`{"values":[` + strings.Repeat("1,", 100) + `1]}`:          "arguments.values: must have at most 100 items",
	} {
		res := serve(t, args)
		if !res.IsError || len(res.Content) != 1 || !strings.HasPrefix(res.Content[0].Text, want) {
			t.Errorf("%.40s: %+v, want %q", args, res, want)
		}
	}
	// The longest title fits, in characters rather than bytes.
	if res := serve(t, `{"values":[1],"title":"`+strings.Repeat("é", maxTitle)+`"}`); res.IsError {
		t.Errorf("80-character title: %+v", res)
	}
}

// barChart checks the limits again when called directly, without the
// decoder, and reports a volume it cannot write.
func TestBarChartErrors(t *testing.T) {
	capture(t)
	for _, c := range []struct {
		in   BarChartInput
		want string
	}{
		{BarChartInput{}, "values must hold at least one number"},
		{BarChartInput{Values: make([]float64, maxValues+1)}, "values holds 101 numbers, over the limit of 100"},
		{BarChartInput{Values: []float64{1}, Title: strings.Repeat("x", maxTitle+1)}, "title is longer than 80 characters"},
	} {
		if _, err := barChart(c.in); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%d values, title %.10q...: error %v, want %q", len(c.in.Values), c.in.Title, err, c.want)
		}
	}
	// A volume that cannot be written is an error the model reads.
	writeFile = func(string, []byte, os.FileMode) error { return os.ErrPermission }
	if res := serve(t, `{"values":[1]}`); !res.IsError || res.Content[0].Text != "the chart could not be saved to /volume/tmp/chart.png: permission denied" {
		t.Errorf("%+v", res)
	}
}
