// Package callrun is the one pipeline of "a call as Subako does": the
// mounts (a temporary volume when the caller brings none, removed once the
// result is judged), subako_http's policy (the allow-list or a fixture's
// recordings, or a whole configuration of the caller's), the run itself
// (host.Call), whether it is judged at all (a run given up on the wall
// clock or interrupted is the machine's or the caller's condition, never
// the module's), the breaks, the crash as Subako words it, and the
// judgement of the result against the tool's outputSchema and the
// content-block table (resultcheck.Judge), made before the volume the
// result's links name is removed.
//
// The call command, serve, the call probes and the example calls
// (callcheck) run their calls through Run; a test of this package checks
// that no other code calls the host's call entry.
package callrun

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// Spec is one call: the tool, its arguments, its outputSchema and how the
// host runs it.
type Spec struct {
	Tool string
	Args json.RawMessage // a JSON object
	// OutputSchema is the tool's outputSchema from discovery, nil when it
	// declares none: the result is judged against it.
	OutputSchema json.RawMessage
	// What names the run in the error of a run not judged ("the call").
	What string
	// CallConfig is how the host runs the call. A Mounts.Volume of ""
	// gives the call a temporary volume, removed once the result is
	// judged.
	host.CallConfig
}

// Outcome is a call run and judged.
type Outcome struct {
	// Call is what the host saw: the id, the record, the answer. Its Err
	// is the host's failure to start the run (the module did not run).
	*host.Call
	// Unjudged is why the run is not judged, nil when it is: a
	// *host.StalledError when the host gave it up on the wall clock, or
	// the caller's cancellation that interrupted it.
	Unjudged error
	// Breaks are the ways the call broke (host.Record.Breaks), nil when it
	// did not or the run is not judged.
	Breaks []host.Break
	// Problems judge the result (resultcheck.Judge), nil when no result
	// came or the run is not judged.
	Problems []resultcheck.Problem
	// Work is the judging's work the module chose (resultcheck.JudgeWork):
	// what the probes charge their budget for it.
	Work resultcheck.Work
}

// Run runs spec's call of m on h and judges it.
func Run(ctx context.Context, h *host.Host, m *host.Module, spec Spec) *Outcome {
	cfg := spec.CallConfig
	if cfg.Mounts.Volume == "" {
		volume, err := os.MkdirTemp("", "subako-call-volume-")
		if err != nil {
			return &Outcome{Call: &host.Call{Record: &host.Record{CloseToExit: -1, StdinClosed: -1}, Err: fmt.Errorf("the call's volume: %w", err)}}
		}
		defer os.RemoveAll(volume)
		cfg.Mounts.Volume = volume
	}
	o := &Outcome{Call: h.Call(ctx, m, spec.Tool, spec.Args, cfg)}
	if o.Err != nil {
		return o
	}
	what := spec.What
	if what == "" {
		what = "the call"
	}
	switch rec := o.Record; {
	case rec.Stalled:
		o.Unjudged = rec.StalledError(what)
		return o
	case rec.Interrupted:
		o.Unjudged = fmt.Errorf("%s was interrupted: %w", what, context.Cause(ctx))
		return o
	}
	o.Breaks = o.Record.Breaks()
	if o.Result != nil {
		o.Problems, o.Work = resultcheck.JudgeWork(o.Result, spec.OutputSchema, cfg.Mounts.Volume, cfg.Mounts.Data)
	}
	return o
}

// Answered reports whether the call was answered, with a result or a
// JSON-RPC error.
func (o *Outcome) Answered() bool { return o.Response != nil }

// RPCError is the JSON-RPC error the call was answered with, nil when it
// was answered with a result or not at all.
func (o *Outcome) RPCError() *mcp.Error {
	if o.Response == nil {
		return nil
	}
	m, _ := host.ParseMessage(o.Response)
	return m.RPCError
}

// Crash says, as Subako tells the model, why a call that broke crashed:
// the cause first, then the missing answer it led to (without the host's
// own request id, which the client never saw), then the tail of stderr. A
// call that ran out of memory because the calls beside it held serve's
// memory budget is told so first: the module's own account of it (Go's
// "out of memory") may be past the tail of stderr shown.
func (o *Outcome) Crash() string {
	rec := o.Record
	var why []string
	if rec.MemoryRefused {
		why = append(why, "it ran out of memory: a memory.grow was refused because the calls running at the same time held serve's memory budget (--memory-budget); it may succeed when fewer run")
	}
	if rec.FilesRefused {
		why = append(why, "an open was refused (ENFILE) because the calls running at the same time held the host's open-file budget (4,096 files); it may succeed when fewer run")
	}
	if rec.HostRefused != "" {
		why = append(why, "an operation was refused by the machine, not by the function's limits: "+rec.HostRefused)
	}
	var last []string // host.BreakTable's wordings, said once, after the causes
	for _, b := range o.Breaks {
		if crash := host.BreakTable[b.Kind].Crash; crash != "" {
			if !slices.Contains(last, crash) {
				last = append(last, crash)
			}
			continue
		}
		why = append(why, b.Message+b.MoreLikeIt())
	}
	why = append(why, last...)
	text := "The function crashed: " + strings.Join(why, "; ") + "."
	if len(rec.Stderr) > 0 {
		shown := "its stderr"
		if rec.StderrBytes > int64(len(rec.Stderr)) {
			shown = "the last " + strconv.Itoa(len(rec.Stderr)) + " bytes of its stderr"
		}
		text += "\n\n" + shown + ":\n" + strings.ToValidUTF8(string(rec.Stderr), "\uFFFD")
	}
	return text
}
