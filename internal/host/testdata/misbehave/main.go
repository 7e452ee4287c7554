// Command misbehave breaks the protocol in the way its tools/call names,
// so the host's tests can check each is contained and reported.
package main

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	line, _ := in.ReadString('\n')
	id := "\"?\""
	if i := strings.Index(line, `"id":`); i >= 0 {
		rest := line[i+5:]
		id = rest[:strings.IndexAny(rest, ",}")]
	}
	answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"content":[{"type":"text","text":"ok"}],"resultType":"complete"}}` + "\n"
	switch {
	case strings.Contains(line, `"name":"loop"`):
		for {
		}
	case strings.Contains(line, `"name":"flood"`):
		chunk := strings.Repeat("x", 64<<10) + "\n"
		for {
			os.Stdout.WriteString(chunk)
		}
	case strings.Contains(line, `"name":"no_exit"`):
		os.Stdout.WriteString(answer)
		for {
			time.Sleep(time.Hour)
		}
	case strings.Contains(line, `"name":"sleep15"`):
		time.Sleep(15 * time.Second)
		os.Stdout.WriteString(answer)
	case strings.Contains(line, `"name":"sleep5"`):
		start := time.Now()
		time.Sleep(5 * time.Second)
		slept := time.Since(start).Round(time.Second).String()
		os.Stdout.WriteString(strings.Replace(answer, `"text":"ok"`, `"text":"`+slept+`"`, 1))
	case strings.Contains(line, `"name":"exit_late"`):
		os.Stdout.WriteString(answer)
		for {
			if _, err := in.ReadString('\n'); err != nil {
				break
			}
		}
		time.Sleep(1500 * time.Millisecond)
		return
	case strings.Contains(line, `"name":"entropy"`):
		// What the host gives: 16 bytes of random_get, the wall clock's
		// second, and the id it sent.
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		text := hex.EncodeToString(b) + " " + strconv.FormatInt(time.Now().Unix(), 10) + " " + strings.Trim(id, `"`)
		os.Stdout.WriteString(strings.Replace(answer, `"text":"ok"`, `"text":"`+text+`"`, 1))
	case strings.Contains(line, `"name":"panic"`):
		panic("boom")
	case strings.Contains(line, `"name":"not_json"`):
		os.Stdout.WriteString("hello there\n" + answer)
	case strings.Contains(line, `"name":"wrong_id"`):
		os.Stdout.WriteString(`{"jsonrpc":"2.0","id":12345,"result":{"resultType":"complete"}}` + "\n")
	case strings.Contains(line, `"name":"request"`):
		os.Stdout.WriteString(`{"jsonrpc":"2.0","id":"srv-1","method":"sampling/createMessage","params":{}}` + "\n" + answer)
	case strings.Contains(line, `"name":"oom"`):
		b := make([]byte, 3<<30)
		os.Stdout.WriteString(string(b[:1]))
	case strings.Contains(line, `"name":"hog"`):
		hog = make([]byte, 100<<20)
		hog[len(hog)-1] = 1
		os.Stdout.WriteString("partial")
		for {
		}
	case strings.Contains(line, `"name":"exit3"`):
		os.Stdout.WriteString(answer)
		os.Exit(3)
	case strings.Contains(line, `"name":"rpc_error"`):
		os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32603,"message":"internal"}}` + "\n")
	case strings.Contains(line, `"name":"stderr"`):
		os.Stderr.WriteString(strings.Repeat("log line\n", 2000))
		os.Stdout.WriteString(answer)
	default:
		os.Stdout.WriteString(`{"jsonrpc":"2.0","method":"notifications/message","params":{}}` + "\n" + answer)
	}
	for {
		if _, err := in.ReadString('\n'); err != nil {
			return
		}
	}
}

// hog keeps what the tool hog allocates reachable.
var hog []byte
