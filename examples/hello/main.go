// Command hello is the smallest Subako-shaped program: it reads requests
// line by line from stdin and answers each on stdout. The Go SDK runtime
// replaces this hand-written loop; for now it is what the linter checks.
package main

import (
	"bufio"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			os.Stdout.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"hello has no tools yet"}}` + "\n"))
		}
		if err != nil {
			return
		}
	}
}
