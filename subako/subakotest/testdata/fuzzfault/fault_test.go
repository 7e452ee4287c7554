// Package fuzzfault holds tools that answer as generated code does when a
// handler returns what the runtime cannot send, for subakotest's
// TestFuzzToolFaults: FuzzTool's seeds alone must fail them, as they fail
// a panic.
package fuzzfault

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

const schema = `{"type":"object","properties":{"x":{"type":"number"}},"required":["x"]}`

var pkg = subako.Package{Name: "fuzzfault", Tools: []subako.Tool{
	{
		Name: "greet", Description: "Answers a nil result but for 1.",
		InputSchema: []byte(schema),
		Call: func(args []byte) subako.Result {
			var in struct{ X float64 }
			if err := json.Unmarshal(args, &in); err != nil {
				return subako.ErrorResult(subako.NewToolError(err.Error()))
			}
			if in.X != 1 {
				return subako.NilResult("*fuzzfault.Greeting")
			}
			return subako.ValueResult([]byte(`{"greeting":"hello"}`))
		},
	},
	{
		Name: "root", Description: "Answers the square root, NaN for a negative x.",
		InputSchema: []byte(schema),
		Call: func(args []byte) subako.Result {
			var in struct{ X float64 }
			if err := json.Unmarshal(args, &in); err != nil {
				return subako.ErrorResult(subako.NewToolError(err.Error()))
			}
			var w jsonwire.Writer
			w.Float(math.Sqrt(in.X), 64)
			if err := w.Err(); err != nil {
				return subako.UnencodableResult(err)
			}
			return subako.ValueResult(w.Bytes())
		},
	},
	{
		Name: "refuse", Description: "Answers isError to every call: the tool's own answer, fine.",
		InputSchema: []byte(schema),
		Call:        func([]byte) subako.Result { return subako.ErrorResult(subako.NewToolError("not today")) },
	},
}}

func FuzzGreet(f *testing.F)  { subakotest.FuzzTool(f, &pkg, "greet") }
func FuzzRoot(f *testing.F)   { subakotest.FuzzTool(f, &pkg, "root") }
func FuzzRefuse(f *testing.F) { subakotest.FuzzTool(f, &pkg, "refuse") }
