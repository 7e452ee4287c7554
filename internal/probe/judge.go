package probe

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// crashRule is the rule a broken call of a probe falls under: the call
// itself broke (an error answer, a trap, no answer, a time-out).
func crashRule(probe string, valid bool) *rules.Rule {
	switch {
	case probe == ProbeNotification:
		return rules.ProbeNotificationAnswered
	case probe == ProbePause:
		return rules.ProbePause
	case probe == ProbeInvalid || (probe == ProbeHTTPErrors && !valid):
		return rules.ProbeInvalidArgs
	}
	return rules.ProbeValidCall
}

// moduleWide are the rules about the module rather than one tool's
// arguments: reported once, then counted.
var moduleWide = []*rules.Rule{rules.ProbeWaitsForEOF, rules.ProbePause, rules.ProbeNotificationAnswered,
	rules.ProbeIDEcho, rules.ProbeSlowExit, rules.ProbeStdoutExtra}

// judge turns a run's breaks (the host's one judgement of a call) into
// probe findings, and returns how many it added or counted.
func (r *runner) judge(probe, toolName, caseName string, valid bool, args json.RawMessage, rec *host.Record) int {
	breaks := rec.Breaks()
	explained, unanswered := host.Explained(breaks), host.Unanswered(breaks)
	at := where(probe, toolName, caseName)
	n := 0
	seen := map[*rules.Rule]bool{}
	for _, b := range breaks {
		var rule *rules.Rule
		msg := b.Message
		switch b.Kind {
		case host.BreakNoAnswer:
			if explained {
				continue
			}
			rule = crashRule(probe, valid)
		case host.BreakWaitsForEOF:
			rule = rules.ProbeWaitsForEOF
			msg += "; the other probes were not run, since every call would wait the same way"
		case host.BreakExitCode, host.BreakNoExit:
			if unanswered { // it crashed before answering: the call broke
				rule = crashRule(probe, valid)
				break
			}
			if r.slowExit {
				continue
			}
			r.slowExit = true
			rule, msg = rules.ProbeSlowExit, exitMessage(rec, r.grace)
		case host.BreakNotMessage, host.BreakPartial, host.BreakRequest, host.BreakRepeated:
			rule = rules.ProbeStdoutExtra
		case host.BreakUnknownID:
			if nullID(rec, b) && probe == ProbeNotification {
				continue // the notification probe reports it (P037)
			}
			rule = rules.ProbeIDEcho
			msg = idMessage(rec, b)
		default: // an error answer, a result type, a trap, a time-out, a flood
			rule = crashRule(probe, valid)
		}
		if seen[rule] {
			continue // one finding per rule and run; the first break says it
		}
		seen[rule] = true
		text := at + ": " + msg
		perCase := rule == rules.ProbeValidCall || rule == rules.ProbeInvalidArgs
		if perCase {
			text += "; arguments " + short(args)
		}
		if rule == rules.ProbePause {
			text += "; " + pauseNote
		}
		text += rec.StderrTail()
		n++
		switch {
		case slices.Contains(moduleWide, rule):
			r.addOnce(rule, text)
		case perCase:
			r.fold(causeKey(rule, toolName, b), rule, text, toolName, args, valid)
		default:
			r.add(rule, text)
		}
	}
	return n
}

// pauseNote says whom a P036 concerns.
const pauseNote = "Subako sends one request per call, so its calls are not affected; this breaks where one instance " +
	"serves several requests on a real pipe (a stdio MCP server under wasmtime, wasmer, wazero or Node's WASI kept " +
	"running by a client)"

// causeKey is what makes two broken calls of a tool one cause: the rule
// and the kind of break (and a JSON-RPC error's code). A trap's message
// is left out: the same fault traps at another address with other data.
func causeKey(rule *rules.Rule, toolName string, b host.Break) string {
	k := rule.ID + "\x00" + toolName + "\x00" + string(b.Kind)
	if b.Kind == host.BreakRPCError {
		if i := strings.Index(b.Message, ":"); i > 0 {
			k += b.Message[:i]
		}
	}
	return k
}

// cause is the cause key of a run's first break that is a crash of the
// call (crashRule), "" when the call did not break: what shrinking
// compares.
func (r *runner) cause(probe, toolName string, valid bool, rec *host.Record) string {
	breaks := rec.Breaks()
	explained, unanswered := host.Explained(breaks), host.Unanswered(breaks)
	for _, b := range breaks {
		switch b.Kind {
		case host.BreakNoAnswer:
			if explained {
				continue
			}
		case host.BreakExitCode, host.BreakNoExit:
			if !unanswered {
				continue
			}
		case host.BreakWaitsForEOF, host.BreakNotMessage, host.BreakPartial, host.BreakRequest, host.BreakRepeated, host.BreakUnknownID:
			continue
		}
		return causeKey(crashRule(probe, valid), toolName, b)
	}
	if panicked(rec) {
		return panicKey(toolName)
	}
	return ""
}

// panicKey is the cause key of a tool's panics (P053): one cause per tool,
// whatever the panic says.
func panicKey(toolName string) string {
	return rules.ProbePanic.ID + "\x00" + toolName
}

// panicked reports whether the run's answer is an isError result the
// runtime marked as a panic (abi.MetaFault).
func panicked(rec *host.Record) bool {
	for _, l := range rec.Lines {
		if m, ok := host.ParseMessage(l.Text); ok && m.Result != nil && resultcheck.Fault(m.Result) == abi.FaultPanic {
			return true
		}
	}
	return false
}

// exitMessage says how the module failed to exit, with the time measured.
func exitMessage(rec *host.Record, grace time.Duration) string {
	if rec.NoExit {
		return fmt.Sprintf("still running %v after stdin closed (the limit is %v); it was stopped", rec.CloseToExit.Round(time.Millisecond), grace)
	}
	msg := fmt.Sprintf("exited with status %d", rec.ExitCode)
	if rec.CloseToExit >= 0 {
		msg += fmt.Sprintf(", %v after stdin closed", rec.CloseToExit.Round(time.Millisecond))
	}
	return msg
}

// nullID tells a break of an answer with id null or none.
func nullID(rec *host.Record, b host.Break) bool {
	if b.Line < 0 || b.Line >= len(rec.Lines) {
		return false
	}
	m, ok := host.ParseMessage(rec.Lines[b.Line].Text)
	return ok && !m.HasID()
}

// idMessage says which id was sent and which came back.
func idMessage(rec *host.Record, b host.Break) string {
	var sent json.RawMessage
	for _, s := range rec.Sent {
		if m, ok := host.ParseMessage(s); ok && m.HasID() {
			sent = m.ID
		}
	}
	if b.Line >= 0 && b.Line < len(rec.Lines) {
		if m, ok := host.ParseMessage(rec.Lines[b.Line].Text); ok && m.HasID() {
			return fmt.Sprintf("the request's id was %s and the answer's %s: ids must come back exactly as sent", sent, m.ID)
		}
	}
	return b.Message
}

// short is a JSON value cut to a readable length.
func short(b json.RawMessage) string {
	return textutil.Truncate(string(b), 200)
}
