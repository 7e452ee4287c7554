// Command onetool is an ABI 1 function package (Go's standard
// library alone, GOOS=wasip1) with one tool, "add", whose tools/list is
// clean; its calls answer "3" whatever they are given. The probes' search
// runs on it like on any Go module: the Go runtime reads random_get and
// the clock.
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	for in.Scan() {
		var m message
		if json.Unmarshal(in.Bytes(), &m) != nil || m.ID == nil {
			continue
		}
		id := string(m.ID)
		switch m.Method {
		case "server/discover":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}}` + "\n")
		case "tools/list":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"resultType":"complete","tools":[{"name":"add","description":"Adds two numbers.",` +
				`"inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"The first."}},"required":["a"],"additionalProperties":false}}]}}` + "\n")
		case "tools/call":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"resultType":"complete","content":[{"type":"text","text":"3"}]}}` + "\n")
		}
	}
}
