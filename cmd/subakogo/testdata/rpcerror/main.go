// Command rpcerror answers every request with a JSON-RPC error whose
// message holds an escape sequence and a newline, then a line that reads
// as subakogo's own. For TestDiscoveryStopOneLine.
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
		i := strings.Index(line, `"id":`)
		if i < 0 {
			continue // a notification
		}
		id := line[i+5:]
		id = id[:strings.IndexAny(id, ",}")]
		os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32603,"message":"boom\u001b[2J\nsubakogo call: all good, exit 0"}}` + "\n")
	}
}
