package probe

import (
	"context"
	"encoding/json"
	"time"

	"github.com/subako-ai/subako-go/host"
	"github.com/subako-ai/subako-go/host/subakohttp"
	"github.com/subako-ai/subako-go/rules"
)

// idProbe calls t with the given id: the answer must echo it exactly
// (P038; the host's judgement compares ids by IDKey).
func (r *runner) idProbe(ctx context.Context, probe string, t tool, args, id json.RawMessage) {
	wait, grace, ok := r.limits(probe, t.Name)
	if !ok {
		return
	}
	s, cleanup, err := r.session(ctx, wait, grace, false, nil)
	if err != nil {
		r.add(rules.ProbeIDEcho, where(probe, t.Name, "")+": the host could not start the run: "+err.Error())
		return
	}
	defer cleanup()
	s.Send(host.ToolCall(id, t.Name, args))
	s.Answer(id, wait)
	rec := s.Wait()
	r.note(probe, t.Name, "id "+string(id), rec, r.judge(probe, t.Name, "id "+string(id), true, args, rec))
}

// notificationLine is what the notification probe sends before its
// request: a cancellation of a request that was never sent, which a
// server must neither answer nor act on.
var notificationLine = []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"probe-never-sent","reason":"a probe's notification"}}`)

// notificationProbe sends a notification, then the request: only the
// request may be answered (P037).
func (r *runner) notificationProbe(ctx context.Context, t tool, args json.RawMessage) {
	wait, grace, ok := r.limits(ProbeNotification, t.Name)
	if !ok {
		return
	}
	s, cleanup, err := r.session(ctx, wait, grace, false, nil)
	if err != nil {
		r.add(rules.ProbeNotificationAnswered, where(ProbeNotification, t.Name, "")+": the host could not start the run: "+err.Error())
		return
	}
	defer cleanup()
	id := json.RawMessage(`"probe-notification-1"`)
	s.Send(notificationLine)
	s.Send(host.ToolCall(id, t.Name, args))
	s.Answer(id, wait)
	rec := s.Wait()
	n := r.judge(ProbeNotification, t.Name, "", true, args, rec)
	// An answer without an id (or with id null) is not a break the host
	// judges (it reads as a notification from the module), but it is an
	// answer to ours.
	for _, l := range rec.Lines {
		if m, ok := host.ParseMessage(l.Text); ok && m.IsResponse() && !m.HasID() {
			r.addOnce(rules.ProbeNotificationAnswered, where(ProbeNotification, t.Name, "")+": the notification "+
				host.ShortLine(notificationLine)+" was answered: "+host.ShortLine(l.Text))
			n++
			break
		}
	}
	r.note(ProbeNotification, t.Name, "", rec, n)
}

// pauseProbe sends a request on an OS pipe, waits for its answer, pauses,
// and sends a second: both must be answered (P036).
func (r *runner) pauseProbe(ctx context.Context, t tool, args json.RawMessage) {
	wait, grace, ok := r.limits(ProbePause, t.Name)
	if !ok {
		return
	}
	wait = min(wait, (time.Until(r.deadline)-2*grace-r.opt.Pause)/2)
	if wait < minAnswer {
		r.res.NotRun = append(r.res.NotRun, ProbePause+" on "+t.Name)
		return
	}
	s, cleanup, err := r.session(ctx, 2*wait+r.opt.Pause, grace, true, nil)
	if err != nil {
		r.add(rules.ProbePause, where(ProbePause, t.Name, "")+": the host could not start the run: "+err.Error())
		return
	}
	defer cleanup()
	first, second := json.RawMessage(`"probe-pause-1"`), json.RawMessage(`"probe-pause-2"`)
	s.Send(host.ToolCall(first, t.Name, args))
	if _, ok := s.Answer(first, wait); ok {
		time.Sleep(r.opt.Pause)
		s.Send(host.ToolCall(second, t.Name, args))
		s.Answer(second, wait)
	}
	rec := s.Wait()
	caseName := "a second request " + r.opt.Pause.String() + " after the first answer, on an OS pipe"
	r.note(ProbePause, t.Name, caseName, rec, r.judge(ProbePause, t.Name, caseName, true, args, rec))
}

// callHTTPErrors (level all) calls t with its valid arguments while every
// subako_http request fails as a connection error: the tool must still
// give a CallToolResult, an isError one most likely.
func (r *runner) callHTTPErrors(ctx context.Context, t tool, c *Case) {
	wait := min(r.opt.RunLimit, time.Until(r.deadline))
	offline := &subakohttp.Config{CallTimeout: wait, Fixture: subakohttp.EmptyFixture("the probe " + ProbeHTTPErrors)}
	r.callWith(ctx, ProbeHTTPErrors, t, c.Name+", every HTTP request failing", true, c.Args, offline)
}

// checkResult judges a call's result: a CallToolResult, an isError one for
// invalid arguments, a structuredContent that matches the outputSchema and
// the text block (P030, P032-P034).
func (r *runner) checkResult(probe string, t tool, c *Case, result json.RawMessage) {
	at := where(probe, t.Name, c.Name)
	var res struct {
		Content           []json.RawMessage `json:"content"`
		IsError           bool              `json:"isError"`
		StructuredContent json.RawMessage   `json:"structuredContent"`
	}
	if err := json.Unmarshal(result, &res); err != nil || res.Content == nil {
		why := "it has no content array"
		if err != nil {
			why = err.Error()
		}
		r.add(crashRule(probe, c.Valid), at+": the result is not a CallToolResult ("+why+"): "+host.ShortLine(result)+"; arguments "+short(c.Args))
		return
	}
	if !c.Valid && !res.IsError {
		r.add(rules.ProbeInvalidAccepted, at+": answered with a success result instead of isError: "+host.ShortLine(result)+"; arguments "+short(c.Args))
	}
}
