// Command matrix is a function package for the runtime's test matrix
// (runtimes_test.go), which runs it under every WASI runtime it can find
// and compares the answers. Its tools do what breaks calls in a careless
// runtime: a dependency that prints to stdout, one that puts stdin and
// stdout back into non-blocking mode, and an answer larger than a pipe
// holds.
package main

import (
	"strings"
	"syscall"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/testdata/matrix/chatty"
)

func main() {
	object := []byte(`{"type":"object"}`)
	subako.Serve(&subako.Package{
		Name:        "matrix",
		Description: "Tools that test the runtime.",
		Tools: []subako.Tool{
			{Name: "echo", Description: "Answers its arguments.", InputSchema: object, Call: subako.ValueResult},
			{Name: "chatty", Description: "Calls a helper that prints to stdout.", InputSchema: object, Call: func([]byte) subako.Result {
				return subako.TextResult(chatty.Work())
			}},
			{Name: "nonblock", Description: "Puts stdin and stdout in non-blocking mode, as a careless dependency might.", InputSchema: object, Call: func([]byte) subako.Result {
				// Runtimes differ in whether they allow it (wazero refuses it
				// for a stdin that is not a file); the answer does not.
				_ = syscall.SetNonblock(0, true)
				_ = syscall.SetNonblock(1, true)
				return subako.TextResult("asked for non-blocking mode")
			}},
			{Name: "big", Description: "Answers 900 KB, more than a pipe holds.", InputSchema: object, Call: func([]byte) subako.Result {
				return subako.TextResult(strings.Repeat("0123456789", 90_000))
			}},
		},
	})
}
