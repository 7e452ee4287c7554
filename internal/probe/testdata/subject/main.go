// Command subject is a small ABI 1 module for the probe's tests: it
// behaves well, or breaks one probe in the way its mode (set with
// -ldflags=-X main.mode=MODE) names. eof reads to end of input before it
// answers a call; eof-all before it answers anything, discovery included;
// slow takes 1.5 s over each call.
package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

var mode = "good"

const tools = `{"tools":[{"name":"echo","description":"Echoes its text.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"What to echo."}},"required":["text"],"additionalProperties":false},"outputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}],"resultType":"complete"}`

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name      string                     `json:"name"`
		Arguments map[string]json.RawMessage `json:"arguments"`
	} `json:"params"`
}

func main() {
	out := bufio.NewWriter(os.Stdout)
	write := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	in := bufio.NewReader(os.Stdin)
	answered := 0
	for {
		if mode == "pause" && answered > 0 && in.Buffered() == 0 && !stdinReady() {
			// Treats an empty pipe as the end: a look at stdin that finds
			// nothing gives up. (It once made stdin non-blocking and gave
			// up on EAGAIN, a shape Subako's runtime, which refuses
			// NONBLOCK on a stream, and so the host never shows.)
			os.Exit(0)
		}
		line, err := in.ReadString('\n')
		if err != nil {
			break
		}
		if mode == "eof-all" || (mode == "eof" && strings.Contains(line, `"tools/call"`)) {
			// Reads all of stdin before answering a call.
			rest, _ := io.ReadAll(in)
			answer(write, line)
			for _, l := range strings.Split(strings.TrimSpace(string(rest)), "\n") {
				answer(write, l)
			}
			break
		}
		if answer(write, line) {
			answered++
		}
	}
	switch mode {
	case "slow-exit":
		time.Sleep(3 * time.Second)
	case "exit-code":
		os.Exit(3)
	}
}

// answer answers one line and reports whether it was a request.
func answer(write func(string), line string) bool {
	var req request
	if json.Unmarshal([]byte(line), &req) != nil {
		return false
	}
	id := string(req.ID)
	if len(req.ID) == 0 {
		if mode == "notify" {
			write(`{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"method not found"}}`)
		}
		return false
	}
	switch mode {
	case "string-id":
		if id[0] != '"' {
			id = `"` + id + `"`
		}
	case "float-id":
		var f any
		json.Unmarshal(req.ID, &f)
		b, _ := json.Marshal(f)
		id = string(b)
	}
	result := func(r string) { write(`{"jsonrpc":"2.0","id":` + id + `,"result":` + r + `}`) }
	switch req.Method {
	case "server/discover":
		result(`{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}`)
		return true
	case "tools/list":
		result(tools)
		return true
	}
	switch mode {
	case "extra":
		write("handling " + req.Params.Name)
	case "slow": // busy, not waiting for input
		time.Sleep(1500 * time.Millisecond)
	}
	text, ok := req.Params.Arguments["text"]
	var s string
	if !ok || len(req.Params.Arguments) != 1 || len(text) == 0 || text[0] != '"' || json.Unmarshal(text, &s) != nil {
		switch mode {
		case "rpc-error":
			write(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32602,"message":"invalid params"}}`)
		case "accept":
			result(`{"content":[{"type":"text","text":"{\"text\":\"\"}"}],"structuredContent":{"text":""},"resultType":"complete"}`)
		default:
			result(`{"content":[{"type":"text","text":"text is required, a string"}],"isError":true,"resultType":"complete"}`)
		}
		return true
	}
	value, _ := json.Marshal(map[string]string{"text": s})
	switch mode {
	case "bad-output":
		value = []byte(`{"text":7}`)
	case "trap":
		var m map[string]int
		m["x"] = 1
	case "oom": // dies of a Go fatal error, whose trace ends on a frame
		hog = make([]byte, 3<<30)
	case "not-before": // traps when its wall clock says a time before the text's, in ns since 1970
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && time.Now().UnixNano() < n {
			panic("the wall clock says " + time.Now().UTC().String() + ", before the probing's start")
		}
	}
	textBlock, _ := json.Marshal(string(value))
	if mode == "bad-text" {
		textBlock = []byte(`"done"`)
	}
	result(`{"content":[{"type":"text","text":` + string(textBlock) + `}],"structuredContent":` + string(value) + `,"resultType":"complete"}`)
	return true
}

// hog keeps what the mode oom allocates reachable.
var hog []byte
