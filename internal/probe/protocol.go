package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/rules"
)

// idProbe calls t with the given id: the answer must echo it exactly
// (P038; the host's judgement compares ids by IDKey).
func (r *runner) idProbe(ctx context.Context, probe string, t mcp.Tool, args, id json.RawMessage) {
	wait, grace, ok := r.limits(probe, t.Name, "id "+string(id))
	if !ok {
		return
	}
	rec := r.play(ctx, runOptions{wait: wait, grace: grace, seed: r.probeSeed(probe, t.Name, args)}, func(s *host.Session) {
		s.Send(host.ToolCall(id, t.Name, args))
		s.Answer(id, wait)
	})
	if rec == nil || r.unjudged(probe, t.Name, rec) {
		return // the host's failure (Result.Err), or its condition
	}
	caseName := "id " + string(id)
	r.note(probe, t.Name, caseName, rec, r.judge(probe, t.Name, caseName, true, args, rec))
}

// notificationLine is what the notification probe sends before its
// request: a cancellation of a request that was never sent, which a
// server must neither answer nor act on.
var notificationLine = []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"probe-never-sent","reason":"a probe's notification"}}`)

// notificationProbe sends a notification, then the request: only the
// request may be answered (P037).
func (r *runner) notificationProbe(ctx context.Context, t mcp.Tool, args json.RawMessage) {
	wait, grace, ok := r.limits(ProbeNotification, t.Name, "")
	if !ok {
		return
	}
	rec := r.play(ctx, runOptions{wait: wait, grace: grace, seed: r.probeSeed(ProbeNotification, t.Name, args)}, func(s *host.Session) {
		id := json.RawMessage(`"probe-notification-1"`)
		s.Send(notificationLine)
		s.Send(host.ToolCall(id, t.Name, args))
		s.Answer(id, wait)
	})
	if rec == nil || r.unjudged(ProbeNotification, t.Name, rec) {
		return // the host's failure (Result.Err), or its condition
	}
	n := r.judge(ProbeNotification, t.Name, "", true, args, rec)
	// An answer without an id (or with id null) is not a break the host
	// judges (it reads as a notification from the module), but it is an
	// answer to ours.
	for _, l := range rec.Lines {
		if m := l.Msg; m != nil && m.IsResponse() && !m.HasID() {
			r.addOnce(rules.ProbeNotificationAnswered, where(ProbeNotification, t.Name, "")+": the notification "+
				host.ShortLine(notificationLine)+" was answered: "+host.ShortLine(l.Text))
			n++
			break
		}
	}
	r.note(ProbeNotification, t.Name, "", rec, n)
}

// startPause starts the pause probe's run: a request on an OS pipe, its
// answer, a pause, a second request; both must be answered (P036). It
// returns the function that waits for the run's end and judges it, on the
// caller's goroutine like every other judgement, so that the other probes
// run during the pause.
func (r *runner) startPause(ctx context.Context, t mcp.Tool, args json.RawMessage) (judge func()) {
	wait, grace, ok := r.limits(ProbePause, t.Name, "")
	if !ok {
		return func() {}
	}
	type ran struct {
		rec *host.Record
		err error
	}
	done := make(chan ran, 1)
	opt := runOptions{wait: 2*wait + r.opt.Pause, grace: grace, osPipe: true, seed: r.probeSeed(ProbePause, t.Name, args)}
	script := func(s *host.Session) {
		first, second := json.RawMessage(`"probe-pause-1"`), json.RawMessage(`"probe-pause-2"`)
		s.Send(host.ToolCall(first, t.Name, args))
		if _, ok := s.Answer(first, wait); ok {
			s.Pause(r.opt.Pause)
			s.Send(host.ToolCall(second, t.Name, args))
			s.Answer(second, wait)
		}
	}
	go func() {
		rec, err := r.session(ctx, opt, script)
		done <- ran{rec, err}
	}()
	return func() {
		got := <-done
		if got.err == nil && refusedForOthers(got.rec) {
			// The host's shared memory budget refused a grow for other
			// runs' sake (the probes' own beside it, or serve's calls):
			// made again alone, and only that run counts (memory.go).
			opt.alone = true
			got.rec, got.err = r.session(ctx, opt, script)
		}
		if got.err != nil {
			if r.res.Err == nil {
				r.res.Err = got.err
			}
			return
		}
		r.charge(got.rec, nil, resultcheck.Work{})
		if r.unjudged(ProbePause, t.Name, got.rec) {
			return
		}
		caseName := "a second request " + r.opt.Pause.String() + " after the first answer, on an OS pipe"
		r.note(ProbePause, t.Name, caseName, got.rec, r.judge(ProbePause, t.Name, caseName, true, args, got.rec))
	}
}

// callHTTPErrors (level all) calls t with its valid arguments while every
// subako_http request fails as a connection error: the tool must still
// give a CallToolResult, an isError one most likely.
func (r *runner) callHTTPErrors(ctx context.Context, t mcp.Tool, c *Case) {
	offline := subakohttp.EmptyFixture("the probe " + ProbeHTTPErrors)
	r.callWith(ctx, ProbeHTTPErrors, t, c.Name+", every HTTP request failing", true, c.Args, offline)
}

// checkResult turns the problems the call pipeline found in a call's
// result (resultcheck.Judge: a CallToolResult, a structuredContent that
// matches the outputSchema, the text block, the content blocks) into
// findings, and checks that invalid arguments got an isError result
// (P030-P034).
func (r *runner) checkResult(ctx context.Context, probe string, t mcp.Tool, c *Case, result json.RawMessage, problems []resultcheck.Problem) {
	at := where(probe, t.Name, c.Name)
	if c.Valid {
		r.answered(t.Name, c, result)
	}
	broken := false
	for _, p := range problems {
		switch p.Kind {
		case resultcheck.NotCallToolResult:
			broken = true
			rule := crashRule(probe, c.Valid)
			r.fold(rule.ID+"\x00"+t.Name+"\x00"+string(p.Kind), rule, at+": "+p.Detail+": "+host.ShortLine(result)+"; arguments "+short(c.Args), t.Name, c.Args, c.Valid)
		case resultcheck.OutputSchema:
			r.fold(rules.ProbeOutputSchema.ID+"\x00"+t.Name, rules.ProbeOutputSchema, at+": "+p.Detail+"; arguments "+short(c.Args), t.Name, c.Args, c.Valid)
		case resultcheck.Image, resultcheck.LinkMissing, resultcheck.LeftOut, resultcheck.UnreadableNumber:
			rule := p.Kind.Rule()
			r.fold(rule.ID+"\x00"+t.Name, rule, at+": "+p.Detail+"; arguments "+short(c.Args), t.Name, c.Args, c.Valid)
		case resultcheck.TextContent:
			r.fold(rules.ProbeTextContent.ID+"\x00"+t.Name, rules.ProbeTextContent, at+": "+p.Detail+"; arguments "+short(c.Args), t.Name, c.Args, c.Valid)
		case resultcheck.Panicked, resultcheck.ResultFault:
			// A panic, or a result the runtime could not send, is a
			// broken call the runtime turned into isError: reported with
			// its smallest arguments, as a crash is.
			rule := p.Kind.Rule()
			key := faultKey(rule, t.Name)
			_, seen := r.causes[key]
			r.fold(key, rule, at+": "+p.Detail+"; arguments "+short(c.Args), t.Name, c.Args, c.Valid)
			if !seen {
				r.shrink(ctx, probe, t, c.Valid, c.Args, nil, key, r.causes[key])
			}
		}
	}
	var res struct {
		IsError bool `json:"isError"`
	}
	if !broken && !c.Valid && json.Unmarshal(result, &res) == nil && !res.IsError && !nullForOptional(t.InputSchema, c.Args) {
		r.add(rules.ProbeInvalidAccepted, at+": answered with a success result instead of isError: "+host.ShortLine(result)+"; arguments "+short(c.Args))
	}
}

// nullForOptional reports whether args sets a member the schema does not
// require to null. Models send null for a member they leave out, and a
// tool that reads it as absent (the Go SDK's decoders do) is lenient, not
// wrong: such a case accepted is no P032.
func nullForOptional(schema, args json.RawMessage) bool {
	var s struct {
		Required []string `json:"required"`
	}
	var a map[string]json.RawMessage
	if json.Unmarshal(schema, &s) != nil || json.Unmarshal(args, &a) != nil {
		return false
	}
	for name, v := range a {
		if string(v) == "null" && !slices.Contains(s.Required, name) {
			return true
		}
	}
	return false
}

// stdioBuffer is past the stdout buffers of the usual runtimes (C's BUFSIZ
// of 1 KiB in wasi-libc, 4 or 8 KiB elsewhere, Rust's 8 KiB BufWriter):
// answers of this many bytes make any of them write.
const stdioBuffer = 16 << 10

// maxBufferRequests bounds the requests of tellWaitApart.
const maxBufferRequests = 512

// tellWaitApart tells the two causes of a module that answered only once
// stdin closed (P035) apart, by state, in one more run: with stdin held
// open it sends enough requests that their answers pass a stdio buffer,
// then waits until the module answers or blocks for more input. A module
// that buffers its output until exit writes some answers before stdin
// closes (its buffer fills); one that reads to end of input writes none.
// The diagnosis is added to the P035 finding.
func (r *runner) tellWaitApart(ctx context.Context, t mcp.Tool, args json.RawMessage, first *host.Record) {
	i, ok := r.once[rules.ProbeWaitsForEOF]
	if !ok {
		return
	}
	size := 100
	for _, l := range first.Lines {
		size = max(size, len(l.Text)+1)
	}
	n := min(maxBufferRequests, stdioBuffer/size+2)
	wait, grace, ok := r.limits(ProbeCall, t.Name, "buffer")
	if !ok {
		return
	}
	rec := r.play(ctx, runOptions{wait: wait, grace: grace, seed: r.probeSeed("buffer", t.Name, args)}, func(s *host.Session) {
		for k := range n {
			s.Send(host.ToolCall(json.RawMessage(fmt.Sprintf(`"probe-buffer-%d"`, k+1)), t.Name, args))
		}
		s.Answer(json.RawMessage(`"probe-buffer-1"`), wait)
	})
	if rec == nil || r.unjudged(ProbeCall, t.Name, rec) {
		return
	}
	r.note(ProbeCall, t.Name, "buffer", rec, 0)
	early := 0
	for _, l := range rec.Lines {
		if rec.StdinClosed < 0 || l.At < rec.StdinClosed {
			early++
		}
	}
	var why string
	switch {
	case early > 0:
		why = fmt.Sprintf("; told apart: with stdin still open, %d requests (answers of about %d bytes, past a stdio buffer) got %d answer lines before stdin closed, so it buffers its output until it exits: flush stdout after each answer (C: fflush(stdout), or setvbuf(stdout, NULL, _IOLBF, 0) once)", n, n*size, early)
	case rec.WaitedForInput:
		why = fmt.Sprintf("; told apart: with stdin still open, %d requests (answers of about %d bytes, past any stdio buffer) got no answer until stdin closed, so it reads to end of input before answering: read one line at a time and answer it before reading the next", n, n*size)
	default:
		return
	}
	f := &r.res.Findings[i]
	if j := strings.Index(f.Message, "; the other probes were not run"); j >= 0 {
		f.Message = f.Message[:j] + why + f.Message[j:]
	} else {
		f.Message += why
	}
}
