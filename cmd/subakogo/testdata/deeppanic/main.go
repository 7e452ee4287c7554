// Command deeppanic answers discovery and panics deep in a recursion on
// any tools/call: Go prints the panic's line, then a trace longer than
// the tail of stderr a crash report keeps. For TestCallCrashCause.
package main

import (
	"bufio"
	"os"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := in.Text()
		id := line[strings.Index(line, `"id":`)+5:]
		id = id[:strings.IndexAny(id, ",}")]
		switch {
		case strings.Contains(line, `"tools/call"`):
			down(200)
		case strings.Contains(line, `"tools/list"`):
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[{"name":"x","inputSchema":{"type":"object"}}],"resultType":"complete"}}` + "\n")
		default:
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}}` + "\n")
		}
	}
}

// down recurses n deep, then panics.
func down(n int) int {
	if n == 0 {
		panic("the bottom of down")
	}
	return down(n-1) + 1
}
