// Package fuzzbad holds tools that break on one edge of their schema, for
// subakotest's TestFuzzToolFinds: FuzzTool's seeds alone must fail them.
package fuzzbad

import (
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

var pkg = subako.Package{Name: "fuzzbad", Tools: []subako.Tool{
	{
		Name: "label", Description: "Panics on an empty label.",
		InputSchema: []byte(`{"type":"object","properties":{"label":{"type":"string","maxLength":8}},"required":["label"]}`),
		Call: func(args []byte) subako.Result {
			var in struct{ Label string }
			if err := json.Unmarshal(args, &in); err != nil {
				return subako.ErrorResult(subako.NewToolError(err.Error()))
			}
			_ = in.Label[0] // index out of range on ""
			return subako.TextResult("ok")
		},
	},
	{
		Name: "spin", Description: "Loops on an empty label.",
		InputSchema: []byte(`{"type":"object","properties":{"label":{"type":"string","maxLength":8}},"required":["label"]}`),
		Call: func(args []byte) subako.Result {
			var in struct{ Label string }
			if err := json.Unmarshal(args, &in); err != nil {
				return subako.ErrorResult(subako.NewToolError(err.Error()))
			}
			for in.Label == "" {
				runtime.Gosched() // a loop that never ends
			}
			return subako.TextResult("ok")
		},
	},
	{
		Name: "slow", Description: "Waits on every call, as a handler that sleeps or waits on a lock that is never released.",
		InputSchema: []byte(`{"type":"object","properties":{"label":{"type":"string","maxLength":8}},"required":["label"]}`),
		Call: func(args []byte) subako.Result {
			select {} // waits for ever
		},
	},
}}

func FuzzLabel(f *testing.F) { subakotest.FuzzTool(f, &pkg, "label") }

func FuzzSpin(f *testing.F) {
	subakotest.FuzzTool(f, &pkg, "spin", subakotest.WithCaseLimit(time.Second))
}

// FuzzSlow: only the first case waits the limit; the others are skipped.
func FuzzSlow(f *testing.F) {
	subakotest.FuzzTool(f, &pkg, "slow", subakotest.WithCaseLimit(time.Second))
}
