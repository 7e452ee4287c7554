package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"strings"
)

// The chart's size in pixels, well under the 2000 pixels Subako downscales
// a long edge to.
const (
	chartWidth  = 800
	chartHeight = 500
)

// The palette's indexes. A paletted image encodes small and fast.
const (
	background = iota
	ink        // text and axes
	positive   // bars above zero
	negative   // bars below zero
	grid
)

var palette = color.Palette{
	background: color.RGBA{0xff, 0xff, 0xff, 0xff},
	ink:        color.RGBA{0x33, 0x33, 0x33, 0xff},
	positive:   color.RGBA{0x4c, 0x78, 0xa8, 0xff},
	negative:   color.RGBA{0xe4, 0x57, 0x56, 0xff},
	grid:       color.RGBA{0xdd, 0xdd, 0xdd, 0xff},
}

// drawChart draws values as bars, with title above them when it is not
// empty, and each bar's value next to it when there is room. Values must be
// finite.
func drawChart(values []float64, title string) *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, chartWidth, chartHeight), palette)
	const (
		margin     = 24
		titleScale = 3
		labelScale = 2
		labelGap   = 4
	)
	top := margin
	if title != "" {
		// The largest scale the title fits at, down to 1.
		scale := titleScale
		for scale > 1 && textWidth(title, scale) > chartWidth-2*margin {
			scale--
		}
		text(img, title, chartWidth/2, margin, scale, ink, true)
		top += glyphHeight*titleScale + margin
	}
	// Room above and below the bars for their labels.
	labelRoom := glyphHeight*labelScale + labelGap
	plotTop, plotBottom := top+labelRoom, chartHeight-margin-labelRoom
	left, right := margin, chartWidth-margin

	lo, hi := 0.0, 0.0
	for _, v := range values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo == hi {
		hi = 1 // all zero: a flat chart with its axis at the bottom
	}
	y := func(v float64) int {
		return plotBottom - int(math.Round((v-lo)/(hi-lo)*float64(plotBottom-plotTop)))
	}
	zero := y(0)

	// A light line at the top and bottom of the range, the axis at zero.
	fill(img, left, y(hi), right, y(hi)+1, grid)
	fill(img, left, y(lo), right, y(lo)+1, grid)

	slot := float64(right-left) / float64(len(values))
	bar := max(1, int(slot*0.7))
	for i, v := range values {
		x0 := left + int(float64(i)*slot+(slot-float64(bar))/2)
		top, bottom, c := y(v), zero, uint8(positive)
		if v < 0 {
			top, bottom, c = zero, y(v), negative
		}
		fill(img, x0, top, x0+bar, bottom, c)
		label := formatValue(v)
		if textWidth(label, labelScale) > int(slot)-2 {
			continue // too narrow for its label
		}
		ly := top - labelGap - glyphHeight*labelScale
		if v < 0 {
			ly = bottom + labelGap
		}
		text(img, label, x0+bar/2, ly, labelScale, ink, true)
	}
	fill(img, left, zero, right, zero+1, ink)
	return img
}

// encodePNG encodes img as PNG.
func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// formatValue writes a bar's value the short way: 3, 2.5, 0.33, 1.2e+07.
func formatValue(v float64) string {
	a := math.Abs(v)
	if a == 0 || a >= 0.01 && a < 1e6 {
		s := strconv.FormatFloat(v, 'f', 2, 64)
		s = strings.TrimRight(s, "0")
		return strings.TrimSuffix(s, ".")
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// fill paints the rectangle [x0, x1) × [y0, y1), clipped to the image.
func fill(img *image.Paletted, x0, y0, x1, y1 int, c uint8) {
	r := image.Rect(x0, y0, x1, y1).Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := range row {
			row[i] = c
		}
	}
}

// The font: 3 × 5 pixel glyphs for ASCII's printable characters, drawn
// scaled. Lowercase letters use the capitals; anything else shows as '?'.
const (
	glyphWidth  = 3
	glyphHeight = 5
	advance     = glyphWidth + 1
)

// glyphs holds each glyph's five rows, '#' for ink.
var glyphs = [128]string{
	' ': ".../.../.../.../...", '0': "###/#.#/#.#/#.#/###", '1': ".#./##./.#./.#./###",
	'2': "###/..#/###/#../###", '3': "###/..#/.##/..#/###", '4': "#.#/#.#/###/..#/..#",
	'5': "###/#../###/..#/###", '6': "###/#../###/#.#/###", '7': "###/..#/..#/.#./.#.",
	'8': "###/#.#/###/#.#/###", '9': "###/#.#/###/..#/###",
	'A': ".#./#.#/###/#.#/#.#", 'B': "##./#.#/##./#.#/##.", 'C': ".##/#../#../#../.##",
	'D': "##./#.#/#.#/#.#/##.", 'E': "###/#../##./#../###", 'F': "###/#../##./#../#..",
	'G': ".##/#../#.#/#.#/.##", 'H': "#.#/#.#/###/#.#/#.#", 'I': "###/.#./.#./.#./###",
	'J': "..#/..#/..#/#.#/.#.", 'K': "#.#/#.#/##./#.#/#.#", 'L': "#../#../#../#../###",
	'M': "#.#/###/###/#.#/#.#", 'N': "##./#.#/#.#/#.#/#.#", 'O': ".#./#.#/#.#/#.#/.#.",
	'P': "##./#.#/##./#../#..", 'Q': ".#./#.#/#.#/##./.##", 'R': "##./#.#/##./#.#/#.#",
	'S': ".##/#../.#./..#/##.", 'T': "###/.#./.#./.#./.#.", 'U': "#.#/#.#/#.#/#.#/###",
	'V': "#.#/#.#/#.#/#.#/.#.", 'W': "#.#/#.#/###/###/#.#", 'X': "#.#/#.#/.#./#.#/#.#",
	'Y': "#.#/#.#/.#./.#./.#.", 'Z': "###/..#/.#./#../###",
	'.': ".../.../.../.../.#.", ',': ".../.../.../.#./#..", '-': ".../.../###/.../...",
	'+': ".../.#./###/.#./...", ':': ".../.#./.../.#./...", ';': ".../.#./.../.#./#..",
	'!': ".#./.#./.#./.../.#.", '?': "##./..#/.#./.../.#.", '(': "..#/.#./.#./.#./..#",
	')': "#../.#./.#./.#./#..", '[': "##./#../#../#../##.", ']': ".##/..#/..#/..#/.##",
	'%': "#.#/..#/.#./#../#.#", '/': "..#/..#/.#./#../#..", '\'': ".#./.#./.../.../...",
	'"': "#.#/#.#/.../.../...", '_': ".../.../.../.../###", '=': ".../###/.../###/...",
	'&': ".#./#.#/.#./#.#/.##", '#': "#.#/###/#.#/###/#.#", '*': "#.#/.#./#.#/.../...",
	'<': "..#/.#./#../.#./..#", '>': "#../.#./..#/.#./#..", '|': ".#./.#./.#./.#./.#.",
	'$': ".##/##./.#./.##/##.", '@': "###/#.#/#.#/#../.##", '^': ".#./#.#/.../.../...",
	'~': ".../.../##./..#/...", '`': "#../.#./.../.../...", '{': ".##/.#./#../.#./.##",
	'}': "##./.#./..#/.#./##.", '\\': "#../#../.#./..#/..#",
}

func glyph(r rune) string {
	if 'a' <= r && r <= 'z' {
		r -= 'a' - 'A'
	}
	if r < 0 || int(r) >= len(glyphs) || glyphs[r] == "" {
		return glyphs['?']
	}
	return glyphs[r]
}

// textWidth is the width of s drawn at scale, in pixels.
func textWidth(s string, scale int) int {
	n := len([]rune(s))
	if n == 0 {
		return 0
	}
	return (n*advance - 1) * scale
}

// text draws s with its top at y, centred on x when centre is set and
// starting at x otherwise, clipped to the image.
func text(img *image.Paletted, s string, x, y, scale int, c uint8, centre bool) {
	if centre {
		x -= textWidth(s, scale) / 2
	}
	for _, r := range s {
		rows := strings.Split(glyph(r), "/")
		for gy, row := range rows {
			for gx := range len(row) {
				if row[gx] == '#' {
					px, py := x+gx*scale, y+gy*scale
					fill(img, px, py, px+scale, py+scale, c)
				}
			}
		}
		x += advance * scale
	}
}
