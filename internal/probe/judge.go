package probe

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

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

// probeRule is the rule a break of a probe's call falls under, as
// host.BreakTable says: crash says it is the call's crash (crashRule); nil
// when the break only repeats another the run's report says.
func probeRule(probe string, valid bool, b host.Break) (rule *rules.Rule, crash bool) {
	t := host.BreakTable[b.Kind]
	switch {
	case b.Explained:
		return nil, false
	case t.IfAnswered != nil && b.Answered:
		return t.IfAnswered, false
	case t.Probe != nil:
		return t.Probe, false
	}
	return crashRule(probe, valid), true
}

// judge turns a run's breaks (the host's one judgement of a call) into
// probe findings, and returns how many it added or counted.
func (r *runner) judge(probe, toolName, caseName string, valid bool, args json.RawMessage, rec *host.Record) int {
	at := where(probe, toolName, caseName)
	n := 0
	seen := map[*rules.Rule]bool{}
	for _, b := range rec.Breaks() {
		rule, _ := probeRule(probe, valid, b)
		msg := b.Message
		switch rule {
		case nil:
			continue
		case rules.ProbeWaitsForEOF:
			msg += "; the other probes were not run, since every call would wait the same way"
		case rules.ProbeSlowExit:
			if r.slowExit {
				continue
			}
			r.slowExit = true
			msg = exitMessage(rec, r.grace)
		case rules.ProbeIDEcho:
			if b.ID == nil && probe == ProbeNotification {
				continue // an answer with id null: the notification probe reports it (P037)
			}
			msg = idMessage(b)
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
		text += rec.StderrTail
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
	for _, b := range rec.Breaks() {
		if rule, crash := probeRule(probe, valid, b); crash {
			return causeKey(rule, toolName, b)
		}
	}
	if kind := faulted(rec); kind.Shrunk() {
		return faultKey(kind.Rule(), toolName)
	}
	return ""
}

// faultKey is the cause key of a tool's faults of one rule (P053 panics,
// P055 results the runtime could not send): one cause per tool and rule,
// whatever the fault's text says.
func faultKey(rule *rules.Rule, toolName string) string {
	return rule.ID + "\x00" + toolName
}

// faulted is the kind of problem of the run's answer when it is an isError
// result the runtime marked as a fault (abi.MetaFault), "" when none.
func faulted(rec *host.Record) resultcheck.Kind {
	for _, l := range rec.Lines {
		if m := l.Msg; m != nil && m.Result != nil {
			if kind := resultcheck.FaultKind(resultcheck.Fault(m.Result)); kind != "" {
				return kind
			}
		}
	}
	return ""
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

// idMessage says which id was sent and which came back.
func idMessage(b host.Break) string {
	if b.ID == nil {
		return b.Message
	}
	return fmt.Sprintf("the request's id was %s and the answer's %s: ids must come back exactly as sent", b.Asked, b.ID)
}

// short is a JSON value cut to a readable length.
func short(b json.RawMessage) string {
	return textutil.Truncate(string(b), 200)
}
