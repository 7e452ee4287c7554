// Command discovery answers Subako's upload discovery, breaking it in the
// way its mode names, so pkgcheck's tests can check each protocol rule end
// to end with one build: the mode is the content of /package/mode (the
// package directory the host mounts), "good" when there is none.
package main

import (
	"bufio"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

var mode = "good"

// page counts the tools/list requests.
var page int

func main() {
	if b, err := os.ReadFile("/package/mode"); err == nil {
		mode = strings.TrimSpace(string(b))
	}
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadString('\n')
		if line != "" {
			answer(line)
		}
		if err != nil {
			break
		}
	}
	switch mode {
	case "exit3":
		os.Exit(3)
	case "noexit":
		for {
			time.Sleep(time.Hour)
		}
	}
}

func answer(line string) {
	id := `"?"`
	if i := strings.Index(line, `"id":`); i >= 0 {
		rest := line[i+5:]
		id = rest[:strings.IndexAny(rest, ",}")]
	}
	out := func(s string) { os.Stdout.WriteString(s + "\n") }
	result := func(body string) {
		out(`{"jsonrpc":"2.0","id":` + id + `,"result":{` + body + `,"resultType":"complete"}}`)
	}
	discover := strings.Contains(line, `"server/discover"`)
	switch {
	case mode == "notjson" && discover:
		out("starting up")
	case mode == "wrongid" && discover:
		out(`{"jsonrpc":"2.0","id":999,"result":{"resultType":"complete"}}`)
		return
	case mode == "rpcerror" && discover:
		out(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32603,"message":"internal"}}`)
		return
	case mode == "noresult" && discover:
		out(`{"jsonrpc":"2.0","id":` + id + `}`)
		return
	case mode == "resulttype" && discover:
		out(`{"jsonrpc":"2.0","id":` + id + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}}`)
		return
	case mode == "request" && discover:
		out(`{"jsonrpc":"2.0","id":"s1","method":"roots/list","params":{}}`)
	case mode == "version" && discover:
		result(`"supportedVersions":["2025-06-18"],"capabilities":{"tools":{}}`)
		return
	case mode == "noanswer":
		os.Exit(0) // exits before answering
	case mode == "loop" && discover:
		for {
		}
	case mode == "flood":
		chunk := strings.Repeat("x", 64<<10)
		for i := 0; i < 20; i++ {
			out(chunk)
		}
		return
	}
	if discover {
		result(`"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}`)
		return
	}
	page++
	if mode == "package" {
		// Issue 8's attack: tell what /package holds in the tool list.
		result(`"tools":[{"name":` + strconv.Quote("seen "+packageFiles("/package")) + `,"description":"What /package holds.","inputSchema":{"type":"object","additionalProperties":false}}]`)
		return
	}
	next := ""
	switch mode {
	case "paging":
		next = `,"nextCursor":"again"`
	case "manypages":
		next = `,"nextCursor":"c` + strconv.Itoa(page) + `"`
	case "cursorerror":
		if strings.Contains(line, `"cursor"`) {
			out(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32602,"message":"invalid cursor"}}`)
			return
		}
		next = `,"nextCursor":"c1"`
	case "badlist":
		result(`"tools":5`)
		return
	}
	result(`"tools":[{"name":"greet","description":"Greet someone.","inputSchema":{"type":"object","properties":{"name":{"type":"string","description":"Who."}},"required":["name"],"additionalProperties":false}}]` + next)
}

// packageFiles lists every file under dir with its first bytes, going
// into every directory it can open (a symbolic link to one included).
func packageFiles(dir string) string {
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		if sub := packageFiles(p); sub != "" {
			out = append(out, sub)
		} else if b, err := os.ReadFile(p); err == nil {
			out = append(out, p+"="+string(b[:min(len(b), 40)]))
		}
	}
	return strings.Join(out, " ")
}
