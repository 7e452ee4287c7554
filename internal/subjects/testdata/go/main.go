// Command add is an ABI 1 function package written with Go's standard
// library alone (GOOS=wasip1, not the subako runtime), with one tool, add,
// that sums two integers. A test subject for subakogo's call probes: built
// plain it behaves; -ldflags=-X main.variant=NAME breaks one probe and
// nothing that upload discovery can see:
//
//	rpc_error      bad arguments get a JSON-RPC error instead of an isError result
//	read_to_eof    a call is answered only once stdin reaches end of file
//	slow_exit      after a call, the module sleeps 2 s at end of file before exiting
//	answer_notify  a notification gets an answer
//	bad_output     structuredContent's sum is a string, against the outputSchema
//	string_id      a numeric id is echoed as a string
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"time"
)

var variant string

const tools = `{"tools":[{"name":"add","description":"Adds two integers.",` +
	`"inputSchema":{"type":"object","properties":{` +
	`"a":{"type":"integer","description":"The first addend.","minimum":-1000000,"maximum":1000000},` +
	`"b":{"type":"integer","description":"The second addend.","minimum":-1000000,"maximum":1000000}},` +
	`"required":["a","b"],"additionalProperties":false},` +
	`"outputSchema":{"type":"object","properties":{` +
	`"sum":{"type":"integer","description":"a + b."}},` +
	`"required":["sum"],"additionalProperties":false}}],"resultType":"complete"}`

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"params"`
}

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type callResult struct {
	ResultType        string    `json:"resultType"`
	Content           []content `json:"content"`
	StructuredContent any       `json:"structuredContent,omitempty"`
	IsError           bool      `json:"isError,omitempty"`
}

func main() {
	in := bufio.NewReader(os.Stdin)
	called := false
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			called = handle(in, line) || called
		}
		if err != nil {
			break
		}
	}
	if variant == "slow_exit" && called {
		time.Sleep(2 * time.Second)
	}
}

// handle answers one line and says whether it was a call.
func handle(in io.Reader, line []byte) bool {
	var m message
	if json.Unmarshal(line, &m) != nil {
		return false
	}
	if m.ID == nil {
		if variant == "answer_notify" {
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":null,"result":{}}` + "\n")
		}
		return false
	}
	switch m.Method {
	case "server/discover":
		answer(m.ID, "result", json.RawMessage(`{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}`))
	case "tools/list":
		answer(m.ID, "result", json.RawMessage(tools))
	case "tools/call":
		if variant == "read_to_eof" {
			_, _ = io.Copy(io.Discard, in)
		}
		call(m.ID, m.Params.Name, m.Params.Arguments)
		return true
	default:
		answer(m.ID, "error", map[string]any{"code": -32601, "message": "method not found"})
	}
	return false
}

func call(id json.RawMessage, name string, args json.RawMessage) {
	sum, err := add(name, args)
	switch {
	case err != nil && variant == "rpc_error":
		answer(id, "error", map[string]any{"code": -32602, "message": err.Error()})
	case err != nil:
		answer(id, "result", callResult{ResultType: "complete", Content: []content{{"text", err.Error()}}, IsError: true})
	default:
		var out any = map[string]int64{"sum": sum}
		if variant == "bad_output" {
			out = map[string]string{"sum": strconv.FormatInt(sum, 10)}
		}
		text, _ := json.Marshal(out)
		answer(id, "result", callResult{ResultType: "complete", Content: []content{{"text", string(text)}}, StructuredContent: out})
	}
}

// add checks the arguments as the schema says and sums them.
func add(name string, args json.RawMessage) (int64, error) {
	if name != "add" {
		return 0, errors.New("there is no such tool: the tool is add")
	}
	var in map[string]json.RawMessage
	if json.Unmarshal(args, &in) != nil || in == nil {
		return 0, errors.New("arguments must be an object with a and b")
	}
	var sum int64
	for _, k := range []string{"a", "b"} {
		v, ok := in[k]
		if !ok {
			return 0, errors.New("a and b are required")
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64)
		if err != nil || n < -1000000 || n > 1000000 {
			return 0, errors.New("a and b must be integers from -1000000 to 1000000")
		}
		sum += n
		delete(in, k)
	}
	if len(in) > 0 {
		return 0, errors.New("unknown argument: add takes a and b only")
	}
	return sum, nil
}

// answer writes one response line; kind is "result" or "error".
func answer(id json.RawMessage, kind string, body any) {
	if variant == "string_id" && id[0] != '"' {
		id = strconv.AppendQuote(nil, string(id))
	}
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, kind: body})
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(append(b, '\n'))
}
