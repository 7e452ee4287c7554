// Command chart is a Subako function package that shows the model an
// image: its tool bar_chart draws a bar chart as a PNG (with the standard
// library only), saves it on the session volume and attaches it to the
// answer as a file, which Subako reads once the call is over. With
// "inline": true the PNG travels inside the answer instead, which suits
// small images only, since an answer may hold 1 MiB.
//
// subako_gen.go, which go generate writes from the handler and its types,
// holds the schemas, the argument checks, the dispatch and main. Build it
// for Subako with
//
//	go generate ./examples/chart
//	GOOS=wasip1 GOARCH=wasm go build -o chart.wasm ./examples/chart

// Draws charts.
//
//subako:package chart
package main

import (
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/subako"
)

//go:generate go run ../../cmd/subakogo-generate

// chartPath is where the chart is saved: /volume/tmp, the part of the
// session volume every call may write.
const chartPath = "/volume/tmp/chart.png"

// Limits of the input. The markers on BarChartInput's fields state them in
// the schema, where the generated decoder checks them.
const (
	maxValues = 100
	maxTitle  = 80
)

// writeFile saves the PNG at its path on this system (subako.VolumePath:
// in a native test, beneath subakotest.Volume's directory); a test
// replaces it to make the volume fail.
var writeFile = func(name string, data []byte, perm os.FileMode) error {
	return os.WriteFile(subako.VolumePath(name), data, perm)
}

// BarChartInput is bar_chart's arguments.
type BarChartInput struct {
	// The bars' values, left to right.
	//
	//subako:minItems=1
	//subako:maxItems=100
	Values []float64 `json:"values"`
	// A title to draw above the bars.
	//
	//subako:maxLength=80
	Title string `json:"title,omitempty"`
	// Send the image inside the answer rather than as a file on the volume.
	//
	//subako:default=false
	Inline bool `json:"inline"`
}

// ChartInfo is bar_chart's answer, besides the image itself.
type ChartInfo struct {
	// Where the PNG was saved; absent when it was sent inline.
	Path string `json:"path,omitempty"`
	// The image's width in pixels.
	Width int `json:"width"`
	// The image's height in pixels.
	Height int `json:"height"`
}

// Draw a bar chart of some numbers and show it. Each value is a bar, left
// to right; negative values hang below the axis.
//
//subako:function
//subako:title=Bar chart
//subako:readOnly
//subako:openWorld=false
func barChart(in BarChartInput) (subako.Answer[ChartInfo], error) {
	var none subako.Answer[ChartInfo]
	// The decoder has checked these; a direct call may not have been.
	switch {
	case len(in.Values) == 0:
		return none, subako.NewToolError("values must hold at least one number")
	case len(in.Values) > maxValues:
		return none, subako.NewToolError("values holds " + strconv.Itoa(len(in.Values)) + " numbers, over the limit of " + strconv.Itoa(maxValues) + ": sum or sample them first")
	case utf8.RuneCountInString(in.Title) > maxTitle:
		return none, subako.NewToolError("title is longer than " + strconv.Itoa(maxTitle) + " characters")
	}
	img := drawChart(in.Values, in.Title)
	data, err := encodePNG(img)
	if err != nil {
		return none, err
	}
	info := ChartInfo{Width: img.Rect.Dx(), Height: img.Rect.Dy()}
	if in.Inline {
		return subako.NewAnswer(info).WithImage("image/png", data), nil
	}
	if err := writeFile(chartPath, data, 0o644); err != nil {
		return none, subako.NewToolError("the chart could not be saved to " + chartPath + ": " + err.Error())
	}
	info.Path = chartPath
	return subako.NewAnswer(info).WithImageFile(chartPath), nil
}
