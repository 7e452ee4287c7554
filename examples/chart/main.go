// Command chart is a Subako function package that shows the model an
// image: its tool bar_chart draws a bar chart as a PNG (with the standard
// library only), saves it on the session volume and attaches it to the
// answer as a file, which Subako reads once the call is over. With
// "inline": true the PNG travels inside the answer instead, which suits
// small images only, since an answer may hold 1 MiB.
//
// Build it for Subako with
//
//	GOOS=wasip1 GOARCH=wasm go build -o chart.wasm ./examples/chart
package main

import (
	"errors"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/jsonwire"
)

// chartPath is where the chart is saved: /volume/tmp, the part of the
// session volume every call may write.
const chartPath = "/volume/tmp/chart.png"

// Limits of the input, as the schema states them.
const (
	maxValues = 100
	maxTitle  = 80
)

// writeFile saves the PNG; tests replace it, having no /volume.
var writeFile = os.WriteFile

func main() {
	subako.Serve(pkg)
}

var pkg = &subako.Package{
	Name:        "chart",
	Description: "Draws charts.",
	Tools: []subako.Tool{{
		Name:         "bar_chart",
		Description:  "Draw a bar chart of some numbers and show it. Each value is a bar, left to right; negative values hang below the axis.",
		InputSchema:  []byte(`{"type":"object","properties":{"values":{"type":"array","items":{"type":"number"},"minItems":1,"maxItems":100,"description":"The bars' values, left to right."},"title":{"type":"string","maxLength":80,"description":"A title to draw above the bars."},"inline":{"type":"boolean","default":false,"description":"Send the image inside the answer rather than as a file on the volume."}},"required":["values"],"additionalProperties":false}`),
		OutputSchema: []byte(`{"type":"object","properties":{"path":{"type":"string","description":"Where the PNG was saved; absent when it was sent inline."},"width":{"type":"integer","description":"The image's width in pixels."},"height":{"type":"integer","description":"The image's height in pixels."}},"required":["width","height"],"additionalProperties":false}`),
		Call:         callBarChart,
	}},
}

type barChartInput struct {
	Values []float64
	Title  string
	Inline bool
}

type chartInfo struct {
	Path          string // "" when sent inline
	Width, Height int
}

// barChart draws the chart and returns it with the image attached.
func barChart(in barChartInput) (subako.Answer[chartInfo], error) {
	var none subako.Answer[chartInfo]
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
	info := chartInfo{Width: img.Rect.Dx(), Height: img.Rect.Dy()}
	if in.Inline {
		return subako.NewAnswer(info).WithImage("image/png", data), nil
	}
	if err := writeFile(chartPath, data, 0o644); err != nil {
		return none, subako.NewToolError("the chart could not be saved to " + chartPath + ": " + err.Error())
	}
	info.Path = chartPath
	return subako.NewAnswer(info).WithImageFile(chartPath), nil
}

// callBarChart is barChart as the runtime calls it.
func callBarChart(args []byte) subako.Result {
	in, err := decodeBarChartInput(args)
	if err != nil {
		return subako.ErrorResult(err)
	}
	a, err := barChart(in)
	if err != nil {
		return subako.ErrorResult(err)
	}
	return a.Result(encodeChartInfo(a.Value))
}

// decodeBarChartInput reads {"values": [number], "title"?: string,
// "inline"?: boolean}, refusing other members.
func decodeBarChartInput(args []byte) (barChartInput, error) {
	var in barChartInput
	hasValues := false
	s := jsonwire.NewScanner(args)
	err := members(s, func(key string) error {
		switch key {
		case "values":
			if err := s.Expect(jsonwire.ArrayBegin); err != nil {
				return subako.NewToolError("values: " + err.Error())
			}
			in.Values = []float64{}
			for s.PeekKind() != jsonwire.ArrayEnd {
				if err := s.Expect(jsonwire.Number); err != nil {
					return subako.NewToolError("values[" + strconv.Itoa(len(in.Values)) + "]: " + err.Error())
				}
				v, err := jsonwire.ParseFloat(s.Num(), 64)
				if err != nil {
					return subako.NewToolError("values[" + strconv.Itoa(len(in.Values)) + "]: " + err.Error())
				}
				in.Values = append(in.Values, v)
			}
			hasValues = true
			return s.Expect(jsonwire.ArrayEnd)
		case "title":
			if err := s.Expect(jsonwire.String); err != nil {
				return subako.NewToolError("title: " + err.Error())
			}
			in.Title = s.Text()
		case "inline":
			k, err := s.Next()
			if err == nil && k != jsonwire.True && k != jsonwire.False {
				err = s.Mismatch("true or false", k)
			}
			if err != nil {
				return subako.NewToolError("inline: " + err.Error())
			}
			in.Inline = k == jsonwire.True
		default:
			return subako.NewToolError("unknown argument " + string(jsonwire.AppendString(nil, key)) + ": bar_chart takes values, title and inline")
		}
		return nil
	})
	var te *subako.ToolError
	switch {
	case errors.As(err, &te):
		return in, te
	case err != nil:
		return in, subako.NewToolError("the arguments are not a valid object: " + err.Error())
	case !hasValues:
		return in, subako.NewToolError("values is required")
	}
	return in, nil
}

// encodeChartInfo writes {"path"?, "width", "height"}.
func encodeChartInfo(c chartInfo) []byte {
	var w jsonwire.Writer
	w.BeginObject()
	if c.Path != "" {
		w.Key("path")
		w.String(c.Path)
	}
	w.Key("width")
	w.Int(int64(c.Width))
	w.Key("height")
	w.Int(int64(c.Height))
	w.EndObject()
	return w.Bytes()
}

// members reads an object, calling fn with each key; fn consumes the value.
func members(s *jsonwire.Scanner, fn func(key string) error) error {
	if err := s.Expect(jsonwire.ObjectBegin); err != nil {
		return err
	}
	for {
		k, err := s.Next()
		if err != nil {
			return err
		}
		if k == jsonwire.ObjectEnd {
			return nil
		}
		if err := fn(s.Text()); err != nil {
			return err
		}
	}
}
