//go:build !wasip1

package subakotest

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/subako"
)

// FuzzTool is a fuzz target for the tool named name of p (the generated
// subakoPackage): each input is a tool call's raw argument bytes, given to
// the tool's Call (the generated decoder, then the handler) and, when it
// is a JSON object, sent as a tools/call through subako.ServeIO. The test
// fails on a panic in Call (with its stack) and on a JSON-RPC error answer,
// which Subako reports as a crash: an isError result is fine. The seeds
// are the call probes' cases for the tool's inputSchema (internal/probe/argsgen:
// valid ones at the schema's edges, invalid ones each broken in one place).
// Run it with go test -fuzz; a plain go test runs the seeds:
//
//	func FuzzGreet(f *testing.F) { subakotest.FuzzTool(f, &subakoPackage, "greet") }
//
// HTTP requests fail as with no fake, unless the test installs one with
// HandleHTTP first.
func FuzzTool(f *testing.F, p *subako.Package, name string) {
	f.Helper()
	var tool *subako.Tool
	for i := range p.Tools {
		if p.Tools[i].Name == name {
			tool = &p.Tools[i]
		}
	}
	if tool == nil {
		f.Fatalf("subakotest.FuzzTool: the package has no tool %q", name)
	}
	cases, _ := argsgen.Cases(tool.InputSchema, argsgen.Options{Cover: 24, Random: 24, Seed: 1})
	for _, c := range cases {
		f.Add([]byte(c.Args))
	}
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, args []byte) {
		tool.Call(args) // a panic fails the test here, with its stack
		var obj map[string]json.RawMessage
		var compact bytes.Buffer
		if json.Unmarshal(args, &obj) != nil || obj == nil || json.Compact(&compact, args) != nil {
			return // Subako always sends an object
		}
		line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": abi.MethodToolsCall, "params": map[string]any{
			"name": name, "arguments": json.RawMessage(compact.Bytes()),
			"_meta": map[string]any{abi.MetaProtocolVersion: abi.ProtocolVersion, abi.MetaClientCapabilities: map[string]any{}},
		}})
		line = append(line, '\n')
		var out bytes.Buffer
		if err := subako.ServeIO(p, bytes.NewReader(line), &out); err != nil {
			t.Fatalf("arguments %s: the serve loop failed: %v", args, err)
		}
		var answer struct {
			Error *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(out.Bytes(), &answer); err != nil {
			t.Fatalf("arguments %s: the answer %q is not JSON: %v", args, out.Bytes(), err)
		}
		if answer.Error != nil {
			t.Fatalf("arguments %s: JSON-RPC error %d %q: Subako reports the call as crashed; answer an isError result instead", args, answer.Error.Code, answer.Error.Message)
		}
	})
}
