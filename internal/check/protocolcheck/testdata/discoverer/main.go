// Command discoverer answers upload discovery (server/discover, then
// tools/list) the way the file /package/mode names: "good" behaves, every
// other mode breaks discovery in one way, so that protocolcheck's tests
// run one module against real records of each break.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

const (
	discover = `{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}`
	tool     = `{"name":"add","description":"Adds two integers.","inputSchema":{"type":"object"}}`
)

func main() {
	b, _ := os.ReadFile("/package/mode")
	mode := strings.TrimSpace(string(b))
	in := bufio.NewReader(os.Stdin)
	if mode == "eof" { // reads to end of input before it answers
		all, _ := io.ReadAll(in)
		in = bufio.NewReader(bytes.NewReader(all))
	}
	if mode == "silent" {
		return
	}
	page := 0
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			break
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal([]byte(line), &req) != nil || req.ID == nil {
			continue
		}
		result := discoverResult(mode)
		if req.Method == "tools/list" {
			page++
			result = toolsPage(mode, page)
		}
		answer := `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":` + result + "}\n"
		switch mode {
		case "good":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}` + "\n" + answer)
		case "controls": // a terminal title, a bell and a right-to-left override
			os.Stdout.WriteString("\x1b]0;pwned\x07\u202eevil\n" + answer)
		case "junk":
			os.Stdout.WriteString("starting\nstill starting\nready\n" + answer)
		case "wrong_id":
			os.Stdout.WriteString(strings.Replace(answer, string(req.ID), `"nobody-asked"`, 1))
		case "rpc_error":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32603,"message":"internal"}}` + "\n")
		case "no_result_type":
			os.Stdout.WriteString(strings.Replace(answer, `,"resultType":"complete"`, "", 1))
		case "request":
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":"srv-1","method":"sampling/createMessage","params":{}}` + "\n" + answer)
		case "repeat":
			os.Stdout.WriteString(answer + answer)
		case "partial":
			os.Stdout.WriteString(strings.TrimSuffix(answer, "\n"))
			return
		case "exit3", "panic", "loop", "flood":
			if req.Method != "tools/list" {
				os.Stdout.WriteString(answer)
				break
			}
			switch mode {
			case "exit3":
				os.Stderr.WriteString("loading\nfatal: config.toml is missing\n")
				os.Exit(3)
			case "panic":
				panic("boom")
			case "loop":
				for {
				}
			case "flood":
				chunk := strings.Repeat("x", 64<<10) + "\n"
				for {
					os.Stdout.WriteString(chunk)
				}
			}
		default: // the modes of toolsPage, no_exit, eof
			os.Stdout.WriteString(answer)
		}
	}
	if mode == "no_exit" {
		time.Sleep(time.Hour)
	}
}

// discoverResult is the server/discover result.
func discoverResult(mode string) string {
	switch mode {
	case "old_version":
		return strings.Replace(discover, "2026-07-28", "2025-06-18", 1)
	case "no_tools":
		return strings.Replace(discover, `{"tools":{}}`, `{}`, 1)
	}
	return discover
}

// toolsPage is the tools/list result of page n (from 1).
func toolsPage(mode string, n int) string {
	switch mode {
	case "pages_forever":
		return `{"tools":[` + tool + `],"nextCursor":"` + strconv.Itoa(n) + `","resultType":"complete"}`
	case "same_cursor":
		return `{"tools":[` + tool + `],"nextCursor":"again","resultType":"complete"}`
	}
	return `{"tools":[` + tool + `],"resultType":"complete"}`
}
