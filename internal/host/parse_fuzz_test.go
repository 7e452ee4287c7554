package host

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// FuzzParseMessage holds ParseMessage, which reads a line's members once
// through internal/jsonkeys, to encoding/json's reading of the same line:
// a line it takes is one object that encoding/json decodes to the same
// members, and that has no key twice or in another case.
func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","id":"call-0a1b2c3d","error":{"code":-32603,"message":"x"}}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{},"Result":{}}`,
		`{"jsonrpc":"2.0","id":null,"result":null} `,
		`{"jsonrpc":"2.0"}`,
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"\xff\"}"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":"\ud800\\ud800\ud83d\ude00"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		m, ok := ParseMessage(line)
		// A line of JSON is Unicode text (textProblem) exactly when a
		// strict reader takes it.
		if jsonwire.Validate(line) == nil {
			strict := jsonwire.NewScanner(line)
			strict.RequireValidText()
			var err error
			for k := jsonwire.Invalid; k != jsonwire.End && err == nil; {
				k, err = strict.Next()
			}
			if (err == nil) != (textProblem(line) == "") {
				t.Fatalf("%q: a strict reader says %v, textProblem %q", line, err, textProblem(line))
			}
		}
		if !ok {
			return
		}
		if len(line) < minMessageLen {
			t.Fatalf("ParseMessage took %q, shorter than minMessageLen (%d): the host drops lines that short unread", line, minMessageLen)
		}
		var std mcp.Message
		d := json.NewDecoder(bytes.NewReader(line))
		if err := d.Decode(&std); err != nil || d.More() {
			t.Fatalf("ParseMessage took %q, which encoding/json refuses: %v", line, err)
		}
		if std.JSONRPC != m.JSONRPC || std.Method != m.Method || !bytes.Equal(std.ID, m.ID) || !bytes.Equal(std.Params, m.Params) ||
			!bytes.Equal(std.Result, m.Result) || (m.Error != nil && !bytes.Equal(std.Error, m.Error)) {
			t.Fatalf("%q: ParseMessage read %+v, encoding/json %+v", line, m.Message, std)
		}
	})
}
