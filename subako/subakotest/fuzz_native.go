//go:build !wasip1

package subakotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest/internal/seeds"
)

// FuzzTool is a fuzz target for the tool named name of p (the generated
// subakoPackage): each input is a tool call's raw argument bytes, given to
// the tool's Call (the generated decoder, then the handler) and, when it
// is a JSON object, sent as a tools/call through subako.ServeIO. The test
// fails on a panic in Call (with its stack), on a call that has not
// answered within the time limit (DefaultCaseLimit, or WithCaseLimit: a
// handler that loops fails with its arguments instead of hanging until go
// test's own timeout), on a JSON-RPC error answer, which Subako reports
// as a crash, and on an isError result the runtime marks as the author's
// bug as it does a panic (abi.MetaFault: a nil result and no error, a
// result with no JSON form such as NaN); any other isError result is
// fine. Every failure gives the arguments
// as JSON and the subakogo call command that makes the same call to the
// module built from the package. The seeds are made from the tool's
// inputSchema (valid arguments at the schema's edges, one member at a
// time, then arguments each broken in one place), by a small generator of
// this package's own, so a test build links no schema library. Run it
// with go test -fuzz; a plain go test runs the seeds:
//
//	func FuzzGreet(f *testing.F) { subakotest.FuzzTool(f, &subakoPackage, "greet") }
//
// HTTP requests fail as with no fake, unless the test installs one with
// HandleHTTP first.
func FuzzTool(f *testing.F, p *subako.Package, name string, opts ...FuzzOption) {
	f.Helper()
	o := fuzzOptions{limit: DefaultCaseLimit}
	for _, opt := range opts {
		opt(&o)
	}
	var tool *subako.Tool
	for i := range p.Tools {
		if p.Tools[i].Name == name {
			tool = &p.Tools[i]
		}
	}
	if tool == nil {
		f.Fatalf("subakotest.FuzzTool: the package has no tool %q", name)
	}
	for _, s := range seeds.For(tool.InputSchema) {
		f.Add(s)
	}
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, args []byte) {
		fail := func(format string, a ...any) {
			t.Helper()
			t.Fatalf("%s: "+format+"\n%s", append([]any{shownArgs(args)}, append(a, reproduce(name, args))...)...)
		}
		done := make(chan outcome, 1)
		go func() { done <- callTool(p, tool, name, args) }()
		timer := time.NewTimer(o.limit)
		defer timer.Stop()
		var got outcome
		select {
		case got = <-done:
		case <-timer.C:
			fail("the call has not answered within %v: it loops or waits, and Subako would stop it and report a crash", o.limit)
		}
		switch {
		case got.panicked != nil:
			fail("the tool panicked: %v\n%s", got.panicked, got.stack)
		case got.serveErr != nil:
			fail("the serve loop failed: %v", got.serveErr)
		case got.answer != nil && !json.Valid(got.answer):
			fail("the answer %q is not JSON", got.answer)
		case got.rpcError != "":
			fail("%s: Subako reports the call as crashed; answer an isError result instead", got.rpcError)
		case got.fault != "" && got.fault != abi.FaultLinkMissing:
			// A missing linked image depends on the test's Volume.
			fail("%s\n(the runtime marks this isError result %s %q: the tool's bug, not its answer, as a panic is)", got.said, abi.MetaFault, got.fault)
		}
	})
}

// DefaultCaseLimit is the time FuzzTool gives each case to answer: that of
// a call in subakogo call and serve (--timeout).
const DefaultCaseLimit = time.Minute

// A FuzzOption changes how FuzzTool runs its cases.
type FuzzOption func(*fuzzOptions)

type fuzzOptions struct {
	limit time.Duration
}

// WithCaseLimit sets the time each case has to answer.
func WithCaseLimit(d time.Duration) FuzzOption {
	return func(o *fuzzOptions) { o.limit = d }
}

// outcome is what one case did.
type outcome struct {
	panicked any
	stack    []byte
	serveErr error
	answer   []byte // the tools/call answer; nil when args is no object
	rpcError string // the answer's JSON-RPC error, "" when none
	fault    string // the fault the runtime marked the result with (abi.MetaFault), "" when none
	said     string // the text of a result marked as a fault
}

// callTool gives args to the tool's Call, then, when they are a JSON
// object, sends them as a tools/call through subako.ServeIO.
func callTool(p *subako.Package, tool *subako.Tool, name string, args []byte) (o outcome) {
	defer func() {
		if v := recover(); v != nil {
			o.panicked, o.stack = v, debug.Stack()
		}
	}()
	tool.Call(args)
	var obj map[string]json.RawMessage
	var compact bytes.Buffer
	if json.Unmarshal(args, &obj) != nil || obj == nil || json.Compact(&compact, args) != nil {
		return o // Subako always sends an object
	}
	line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": abi.MethodToolsCall, "params": map[string]any{
		"name": name, "arguments": json.RawMessage(compact.Bytes()),
		"_meta": map[string]any{abi.MetaProtocolVersion: abi.ProtocolVersion, abi.MetaClientCapabilities: map[string]any{}},
	}})
	line = append(line, '\n')
	var out bytes.Buffer
	if err := subako.ServeIO(p, bytes.NewReader(line), &out); err != nil {
		o.serveErr = err
		return o
	}
	o.answer = bytes.TrimSpace(out.Bytes())
	var answer struct {
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
		Result struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
			IsError bool           `json:"isError"`
			Meta    map[string]any `json:"_meta"`
		} `json:"result"`
	}
	if json.Unmarshal(o.answer, &answer) != nil {
		return o
	}
	if answer.Error != nil {
		o.rpcError = fmt.Sprintf("JSON-RPC error %d %q", answer.Error.Code, answer.Error.Message)
	}
	if r := answer.Result; r.IsError {
		o.fault, _ = r.Meta[abi.MetaFault].(string)
		if len(r.Content) > 0 {
			o.said = r.Content[0].Text
		}
	}
	return o
}

// shownArgs says what the arguments were: their compact JSON, or the
// bytes quoted when they are not JSON.
func shownArgs(args []byte) string {
	var compact bytes.Buffer
	if json.Compact(&compact, args) == nil {
		return "arguments " + compact.String()
	}
	return fmt.Sprintf("arguments %q (not JSON)", args)
}

// reproduce is the line that makes the same call to the module built from
// the package: subakogo call with the arguments, when they are a JSON
// object (what Subako sends), shell-quoted.
func reproduce(name string, args []byte) string {
	var compact bytes.Buffer
	if json.Compact(&compact, args) != nil || compact.Len() == 0 || compact.Bytes()[0] != '{' {
		return "(Subako sends only a JSON object, so the module never gets these arguments; the tool's Call did)"
	}
	return "reproduce in the module: subakogo call . " + name + " '" + strings.ReplaceAll(compact.String(), "'", `'\''`) + "'"
}
