//go:build !wasip1

package subakotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
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
// answered within a call's time limit (abi.CallTimeout, or WithCaseLimit:
// a handler that loops fails with its arguments instead of hanging until
// go test's own timeout), on a JSON-RPC error answer, which Subako
// reports as a crash, and on an isError result the runtime marks as the
// author's bug as it does a panic (abi.MetaFault: a nil result and no
// error, a result with no JSON form such as NaN); any other isError
// result is fine. Every failure gives the arguments as JSON and the
// subakogo call command that makes the same call to the module built
// from the package.
//
// After a case out of time the other cases are skipped, not run: its
// handler's goroutine cannot be stopped and keeps running, and a handler
// slow on every call would have each case wait the whole limit (eight
// seeds, eight minutes). A case still running after a second (WithNotice)
// prints its arguments and the subakogo call command to stderr first: a
// fatal error such as a stack overflow ends go test at once, with no
// failure of FuzzTool's to name them.
//
// The seeds are made from the tool's inputSchema (valid arguments at the
// schema's edges, one member at a time, then arguments each broken in one
// place), by a small generator of this package's own, so a test build
// links no schema library. Run it with go test -fuzz; a plain go test runs
// the seeds:
//
//	func FuzzGreet(f *testing.F) { subakotest.FuzzTool(f, &subakoPackage, "greet") }
//
// HTTP requests fail as with no fake, unless the test installs one with
// HandleHTTP first.
func FuzzTool(f *testing.F, p *subako.Package, name string, opts ...FuzzOption) {
	f.Helper()
	o := fuzzOptions{limit: abi.CallTimeout, notice: DefaultNotice}
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
	var stuck atomic.Pointer[string] // the arguments of the case out of time, once one is
	f.Fuzz(func(t *testing.T, args []byte) {
		if was := stuck.Load(); was != nil {
			t.Skipf("not run: the case with %s ran out of time, and its call still runs; fix it first", *was)
		}
		fail := func(format string, a ...any) {
			t.Helper()
			t.Fatalf("%s: "+format+"\n%s", append([]any{shownArgs(args)}, append(a, reproduce(name, args))...)...)
		}
		if o.notice == 0 {
			announce(name, args, 0)
		}
		done := make(chan outcome, 1)
		go func() { done <- callTool(p, tool, name, args) }()
		limit := time.NewTimer(o.limit)
		defer limit.Stop()
		var notice <-chan time.Time
		if o.notice > 0 && o.notice < o.limit {
			n := time.NewTimer(o.notice)
			defer n.Stop()
			notice = n.C
		}
		var got outcome
	wait:
		for {
			select {
			case got = <-done:
				break wait
			case <-notice:
				announce(name, args, o.notice)
			case <-limit.C:
				shown := shownArgs(args)
				stuck.Store(&shown)
				fail("the call has not answered within %v: it loops, waits or builds something huge (the test's heap was %d MiB), "+
					"and Subako would stop it and report a crash (the other cases are skipped: this one's call cannot be stopped and still runs)",
					o.limit, heapMiB())
			}
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

// heapMiB is the test process's heap now: what tells a handler building a
// huge value from one that loops.
func heapMiB() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return (m.HeapAlloc + 1<<20 - 1) >> 20
}

// DefaultNotice is how long a case runs before FuzzTool prints its
// arguments to stderr (WithNotice).
const DefaultNotice = time.Second

// announce prints to stderr the case about to run (after 0) or still
// running after a while: a fatal error (a stack overflow, out of memory)
// kills the test binary before FuzzTool can fail the case, and this line,
// printed at once rather than kept with the test's log, is what names it.
func announce(name string, args []byte, after time.Duration) {
	what := "running"
	if after > 0 {
		what = "still running after " + after.String()
	}
	fmt.Fprintf(os.Stderr, "subakotest.FuzzTool %s: %s: %s (if go test dies with a fatal error now, this case caused it)\n%s\n",
		name, what, shownArgs(args), reproduce(name, args))
}

// A FuzzOption changes how FuzzTool runs its cases.
type FuzzOption func(*fuzzOptions)

type fuzzOptions struct {
	limit, notice time.Duration
}

// WithCaseLimit sets the time each case has to answer (abi.CallTimeout
// unless set).
func WithCaseLimit(d time.Duration) FuzzOption {
	return func(o *fuzzOptions) { o.limit = d }
}

// WithNotice sets how long a case runs before its arguments are printed
// to stderr (DefaultNotice unless set); 0 prints every case before it runs.
func WithNotice(d time.Duration) FuzzOption {
	return func(o *fuzzOptions) { o.notice = max(d, 0) }
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
