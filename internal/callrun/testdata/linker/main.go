//go:build wasip1

// Command linker is an ABI 1 module written with Go's standard library
// alone, with one tool, link, whose result links volume:///tmp/dot.png:
// with {"write":true} it writes that PNG first, otherwise the link names a
// file the call did not write. callrun's tests check the link is judged
// while the call's volume is still there.
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

// png is the start of a PNG file: enough for a reader to know its type.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")

const tools = `{"tools":[{"name":"link","description":"Links a PNG in the volume, written first when write is true.",` +
	`"inputSchema":{"type":"object","properties":{"write":{"type":"boolean","description":"Write the PNG first."}}}}],"resultType":"complete"}`

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Arguments struct {
					Write bool `json:"write"`
				} `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal(in.Bytes(), &m) != nil || m.ID == nil {
			continue
		}
		result := `{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}`
		switch m.Method {
		case "tools/list":
			result = tools
		case "tools/call":
			if m.Params.Arguments.Write {
				if err := os.WriteFile("/volume/tmp/dot.png", png, 0o644); err != nil {
					os.Stderr.WriteString(err.Error() + "\n")
				}
			}
			result = `{"content":[{"type":"resource_link","uri":"volume:///tmp/dot.png","name":"dot.png","mimeType":"image/png"}],"resultType":"complete"}`
		}
		os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + result + "}\n")
	}
}
