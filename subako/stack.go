//go:build !tinygo

package subako

import "runtime"

// panicStack is the stack of a recovered panic, for the log on stderr.
func panicStack() []byte {
	stack := make([]byte, 16<<10)
	return stack[:runtime.Stack(stack, false)]
}
