// Package fuzzfatal holds a tool whose recursion never ends, for
// subakotest's TestFuzzToolFatal: the stack overflow kills the test
// binary, and FuzzTool must have printed the case's arguments first.
package fuzzfatal

import (
	"encoding/json"
	"runtime/debug"
	"testing"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

var pkg = subako.Package{Name: "fuzzfatal", Tools: []subako.Tool{{
	Name: "factorial", Description: "Recurses for ever on n below 1.",
	InputSchema: []byte(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`),
	Call: func(args []byte) subako.Result {
		var in struct{ N int }
		if err := json.Unmarshal(args, &in); err != nil {
			return subako.ErrorResult(subako.NewToolError(err.Error()))
		}
		return subako.TextResult(string(rune('0' + fact(in.N)%10)))
	},
}}}

func fact(n int) int {
	if n == 1 {
		return 1
	}
	return n * fact(n-1)
}

// FuzzFactorial prints every case before it runs (WithNotice(0)), with a
// small stack so the overflow comes at once.
func FuzzFactorial(f *testing.F) {
	debug.SetMaxStack(1 << 20)
	subakotest.FuzzTool(f, &pkg, "factorial", subakotest.WithNotice(0))
}
