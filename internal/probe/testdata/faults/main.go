// Command faults is a module built on the subako runtime, by hand (no
// generated code), whose tools fail as an author's bugs do: index panics
// on an empty string only, always panics on every call, refuses answers
// isError to every call, chart links an image it never wrote, and nothing
// (a nil result but for "Ada") and root (NaN for "") answer as generated
// code does when a handler returns what the runtime cannot send.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/subako"
)

const textSchema = `{"type":"object","properties":{"text":{"type":"string","description":"The text."}},"required":["text"],"additionalProperties":false}`

// decoded reads args as the schema says, or refuses them as generated
// decoders do.
func decoded(args []byte, call func(text string) subako.Result) subako.Result {
	var in struct {
		Text *string `json:"text"`
	}
	d := json.NewDecoder(bytes.NewReader(args))
	d.DisallowUnknownFields()
	if err := d.Decode(&in); err != nil || in.Text == nil {
		return subako.ErrorResult(errors.New("invalid arguments"))
	}
	return call(*in.Text)
}

func main() {
	var none map[string]int
	tool := func(name string, call func(text string) subako.Result) subako.Tool {
		return subako.Tool{Name: name, Description: "A tool that fails as a bug does.", InputSchema: []byte(textSchema),
			Call: func(args []byte) subako.Result { return decoded(args, call) }}
	}
	pkg := &subako.Package{Name: "faults", Version: "1.0.0", Tools: []subako.Tool{
		tool("index", func(text string) subako.Result {
			return subako.TextResult(text[:1])
		}),
		tool("always", func(text string) subako.Result {
			none[text]++
			return subako.TextResult("never")
		}),
		tool("refuses", func(string) subako.Result {
			return subako.ErrorResult(errors.New("the service is not configured"))
		}),
		tool("chart", func(string) subako.Result {
			return subako.NewAnswer(0).WithImageFile("/volume/tmp/chart.png").Result([]byte("0"))
		}),
		tool("nothing", func(text string) subako.Result {
			if text != "Ada" {
				return subako.NilResult("*main.Greeting")
			}
			return subako.ValueResult([]byte(`{"greeting":"Hello, Ada"}`))
		}),
		tool("root", func(text string) subako.Result {
			var w jsonwire.Writer
			w.Float(math.Sqrt(float64(len(text)-1)), 64)
			if err := w.Err(); err != nil {
				return subako.UnencodableResult(err)
			}
			return subako.ValueResult(w.Bytes())
		}),
	}}
	subako.Serve(pkg)
}
