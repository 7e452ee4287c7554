//go:build wasip1

// Command floor is the least a Go module can do and still answer
// BenchmarkHello's call: it reads lines from stdin and answers each with
// hello's answer to greet Ada, splicing in the request's id, with nothing
// but bytes and os. It is the floor under both other modules: the size and
// the start-up of a Go wasip1 program that reads stdin and writes stdout.
package main

import (
	"bytes"
	"os"
)

const (
	head = `{"jsonrpc":"2.0","id":`
	tail = `,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],` +
		`"structuredContent":{"message":"Hello, Ada!"},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","version":"0.0.0","description":"Says hello."}}}}` + "\n"
)

func main() {
	buf := make([]byte, 0, 64<<10)
	for {
		n, err := os.Stdin.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		for {
			i := bytes.IndexByte(buf, '\n')
			if i < 0 {
				break
			}
			answer(buf[:i])
			buf = buf[:copy(buf, buf[i+1:])]
		}
		if err != nil || len(buf) == cap(buf) {
			return
		}
	}
}

// answer writes the answer to a request whose id is a string without
// escapes or a number, and is the first member with that name.
func answer(line []byte) {
	i := bytes.Index(line, []byte(`"id":`))
	if i < 0 {
		return
	}
	id := line[i+len(`"id":`):]
	end := bytes.IndexAny(id, ",}")
	if id[0] == '"' {
		end = bytes.IndexByte(id[1:], '"') + 2
	}
	if end <= 0 {
		return
	}
	os.Stdout.Write(append(append([]byte(head), id[:end]...), tail...))
}
