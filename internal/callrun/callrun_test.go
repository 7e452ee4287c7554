package callrun_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/callrun"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// compiled compiles a module file on a fresh host and discovers its tools,
// as Subako does at upload.
func compiled(t *testing.T, path string) (*host.Host, *host.Module, []json.RawMessage) {
	t.Helper()
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{Engine: host.EngineInterpreter})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	m, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	d := h.Discover(ctx, m, "")
	if d.Err != nil || d.Stopped != nil {
		t.Fatalf("discovery: %v %v", d.Err, d.Stopped)
	}
	return h, m, d.Tools
}

// outputSchema is the outputSchema of the tool named name.
func outputSchema(t *testing.T, tools []json.RawMessage, name string) json.RawMessage {
	t.Helper()
	for _, raw := range tools {
		var tool struct {
			Name         string          `json:"name"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		if json.Unmarshal(raw, &tool) == nil && tool.Name == name {
			return tool.OutputSchema
		}
	}
	t.Fatalf("no tool %s in %s", name, tools)
	return nil
}

func subject(t *testing.T, v subjects.Variant) (*host.Host, *host.Module, json.RawMessage) {
	h, m, tools := compiled(t, subjects.Module(t, subjects.Go, v))
	return h, m, outputSchema(t, tools, "add")
}

func kinds(ps []resultcheck.Problem) []resultcheck.Kind {
	var out []resultcheck.Kind
	for _, p := range ps {
		out = append(out, p.Kind)
	}
	return out
}

// TestRunJudged: a good call is answered, not broken, and its result
// judged clean against the outputSchema discovery gave; the same module
// answering a string where the outputSchema wants an integer is judged
// against it (P040's kind), though the call did not break.
func TestRunJudged(t *testing.T) {
	args := json.RawMessage(`{"a":2,"b":3}`)
	h, m, schema := subject(t, subjects.Good)
	o := callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "add", Args: args, OutputSchema: schema})
	if o.Err != nil || o.Unjudged != nil || len(o.Breaks) > 0 || !o.Answered() || o.RPCError() != nil {
		t.Fatalf("err %v, unjudged %v, breaks %v, answered %v, rpc error %v", o.Err, o.Unjudged, o.Breaks, o.Answered(), o.RPCError())
	}
	if len(o.Problems) > 0 || !strings.Contains(string(o.Result), `"sum":5`) {
		t.Errorf("problems %v in %s", o.Problems, o.Result)
	}

	h, m, schema = subject(t, subjects.BadOutput)
	o = callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "add", Args: args, OutputSchema: schema})
	if len(o.Breaks) > 0 || len(o.Problems) == 0 || o.Problems[0].Kind != resultcheck.OutputSchema {
		t.Errorf("breaks %v, problems %v, want an outputSchema problem", o.Breaks, kinds(o.Problems))
	}
	// Without the schema (a discovery that failed) the value is not judged
	// against one.
	o = callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "add", Args: args})
	for _, p := range o.Problems {
		if p.Kind == resultcheck.OutputSchema {
			t.Errorf("an outputSchema problem without a schema: %v", p)
		}
	}
}

// TestRunBroken: a call answered with a JSON-RPC error breaks, and the
// crash is worded as Subako tells the model; a trap has no answer and no
// result to judge.
func TestRunBroken(t *testing.T) {
	h, m, schema := subject(t, subjects.RPCError)
	o := callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "add", Args: json.RawMessage(`{"a":"x"}`), OutputSchema: schema})
	if o.Unjudged != nil || !o.Answered() || o.RPCError() == nil || len(o.Breaks) == 0 || o.Breaks[0].Kind != host.BreakRPCError {
		t.Fatalf("unjudged %v, answered %v, rpc error %v, breaks %v", o.Unjudged, o.Answered(), o.RPCError(), o.Breaks)
	}
	if crash := o.Crash(); !strings.HasPrefix(crash, "The function crashed: ") || !strings.Contains(crash, o.Breaks[0].Message) {
		t.Errorf("crash %q", crash)
	}

	h, m, schema = subject(t, subjects.MaxTrap)
	o = callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "add", Args: json.RawMessage(`{"a":1000000,"b":1}`), OutputSchema: schema})
	if o.Answered() || o.Result != nil || o.Problems != nil || len(o.Breaks) == 0 {
		t.Fatalf("answered %v, result %s, problems %v, breaks %v", o.Answered(), o.Result, o.Problems, o.Breaks)
	}
	if crash := o.Crash(); !strings.Contains(crash, "no answer to the call") || strings.Contains(crash, o.ID) {
		t.Errorf("crash %q (the host's id %s must not show)", crash, o.ID)
	}
}

// TestRunConfig: the caller's id, limits and subako_http configuration
// reach the run, and the run's settings never reach the caller's
// configuration (serve passes the same one to every call); a volume the
// caller gives is the one mounted and stays.
func TestRunConfig(t *testing.T) {
	h, m, schema := subject(t, subjects.Good)
	volume := t.TempDir()
	http := &subakohttp.Config{AllowHosts: []string{"api.example.com"}}
	o := callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "add", Args: json.RawMessage(`{"a":1,"b":1}`), OutputSchema: schema,
		CallConfig: host.CallConfig{ID: "probe-valid-1", Timeout: 5 * time.Second, ExitGrace: time.Second, Once: true, HTTP: http,
			Mounts: host.Mounts{Volume: volume, Data: true}}})
	if o.Err != nil || o.Unjudged != nil || len(o.Breaks) > 0 {
		t.Fatalf("err %v, unjudged %v, breaks %v", o.Err, o.Unjudged, o.Breaks)
	}
	if o.ID != "probe-valid-1" || len(o.Record.Sent) != 1 || !strings.Contains(string(o.Record.Sent[0]), `"id":"probe-valid-1"`) {
		t.Errorf("id %s, sent %q", o.ID, o.Record.Sent)
	}
	if !reflect.DeepEqual(*http, subakohttp.Config{AllowHosts: []string{"api.example.com"}}) {
		t.Errorf("the caller's subako_http configuration was changed: %+v", *http)
	}
	if _, err := os.Stat(filepath.Join(volume, "data")); err != nil {
		t.Errorf("the caller's volume, with data, was not the one mounted or did not stay: %v", err)
	}
}

// TestRunLinks: a result linking a file the call wrote to its volume is
// judged before a temporary volume is removed (the link is found), and a
// link to a file it did not write is a missing link.
func TestRunLinks(t *testing.T) {
	h, m, _ := compiled(t, gowasm.Path(t, "testdata/linker"))
	for _, c := range []struct {
		args    string
		missing bool
	}{{`{"write":true}`, false}, {`{"write":false}`, true}} {
		o := callrun.Run(context.Background(), h, m, callrun.Spec{Tool: "link", Args: json.RawMessage(c.args)})
		if o.Err != nil || o.Unjudged != nil || len(o.Breaks) > 0 {
			t.Fatalf("%s: err %v, unjudged %v, breaks %v (stderr %s)", c.args, o.Err, o.Unjudged, o.Breaks, o.Record.Stderr)
		}
		got := len(o.Problems) == 1 && o.Problems[0].Kind == resultcheck.LinkMissing
		if got != c.missing || (!c.missing && len(o.Problems) > 0) {
			t.Errorf("%s: problems %v, want a missing link: %v (result %s)", c.args, o.Problems, c.missing, o.Result)
		}
	}
}

// TestRunInterrupted: a call whose context ends is not judged, and says
// why: the caller's cancellation, not a break of the module's.
func TestRunInterrupted(t *testing.T) {
	h, m, _ := compiled(t, gowasm.Path(t, "testdata/linker"))
	why := errors.New("the client went away")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(why)
	o := callrun.Run(ctx, h, m, callrun.Spec{Tool: "link", Args: json.RawMessage(`{}`), What: "the test's call"})
	switch {
	case o.Err != nil:
		t.Fatalf("not run: %v", o.Err)
	case !errors.Is(o.Unjudged, why) || !strings.HasPrefix(o.Unjudged.Error(), "the test's call was interrupted"):
		t.Errorf("unjudged %v, breaks %v", o.Unjudged, o.Breaks)
	case o.Breaks != nil || o.Problems != nil:
		t.Errorf("an interrupted call judged: breaks %v, problems %v", o.Breaks, o.Problems)
	}
}
