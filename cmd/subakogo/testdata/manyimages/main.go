// Command manyimages answers discovery with one tool, add, and a call
// of it with 15,000 inline image blocks of no data (attack pass 42k, row 4).
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	n := 0
	if n == 0 {
		n = 15000
	}
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 1 {
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal(line, &m)
			var res string
			switch m.Method {
			case "server/discover":
				res = `{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}`
			case "tools/list":
				res = `{"resultType":"complete","tools":[{"name":"add","description":"Add two integers.","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}]}`
			case "tools/call":
				b := []byte(`{"resultType":"complete","content":[`)
				for i := 0; i < n; i++ {
					if i > 0 {
						b = append(b, ',')
					}
					b = append(b, `{"type":"image","data":"","mimeType":"image/png"}`...)
				}
				res = string(append(b, "]}"...))
			}
			if res != "" {
				os.Stdout.Write([]byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + res + "}\n"))
			}
		}
		if err != nil {
			return
		}
	}
}
