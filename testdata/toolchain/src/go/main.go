// hello: reads stdin line by line, writes one line to stdout.
// GOOS=js GOARCH=wasm builds a browser module (imports gojs); GOOS=wasip1 a WASI command.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	n := 0
	s := bufio.NewScanner(os.Stdin)
	for s.Scan() {
		n++
	}
	fmt.Printf("hello, %d lines\n", n)
}
