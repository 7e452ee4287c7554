//go:build tinygo

package subako

// panicStack has no stack to give under TinyGo, whose runtime keeps no
// tracebacks for WebAssembly; the log names the panic only.
func panicStack() []byte { return nil }
