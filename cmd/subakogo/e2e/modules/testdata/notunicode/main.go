// Command notunicode (attack pass 40o, row 1) is an ABI 1 function
// package (Go's standard library alone, GOOS=wasip1) whose tools/list
// answer (in its tool's description) and tools/call result (in its text)
// carry text that is not Unicode: a byte that is not UTF-8 (0xff), or with
// -ldflags=-X main.mode=surrogate a lone surrogate escape (\ud800). Such a
// line is not JSON text (RFC 8259 8.1: JSON text exchanged between systems
// MUST be UTF-8; a lone surrogate is no character), which a strict reader
// such as Rust's serde_json refuses and encoding/json reads as U+FFFD.
// Everything else about it is clean.
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

// mode is "" for a raw byte that is not UTF-8, "surrogate" for a lone
// surrogate escape.
var mode string

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func main() {
	bad := "\xff"
	if mode == "surrogate" {
		bad = `\ud800`
	}
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
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"resultType":"complete","tools":[{"name":"add","description":"Adds two ` + bad + ` numbers.",` +
				`"inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"The first."}},"required":["a"],"additionalProperties":false}}]}}` + "\n")
		case "tools/call":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"resultType":"complete","content":[{"type":"text","text":"3 ` + bad + `"}]}}` + "\n")
		}
	}
}
