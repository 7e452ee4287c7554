package host

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
)

// BreakKind names one way a module breaks a call, as the ABI page lists them.
type BreakKind string

// The ways a call breaks.
const (
	BreakNotMessage BreakKind = "not-a-message" // a stdout line that is not a JSON-RPC message
	BreakUnknownID  BreakKind = "unknown-id"    // an answer to an id that was not asked
	BreakRPCError   BreakKind = "jsonrpc-error" // a JSON-RPC error answer
	BreakResultType BreakKind = "result-type"   // resultType other than "complete"
	BreakRequest    BreakKind = "request-from-module"
	BreakNoAnswer   BreakKind = "no-answer"   // exited or ran out of time before answering
	BreakExitCode   BreakKind = "exit-code"   // exited with a status other than 0
	BreakNoExit     BreakKind = "no-exit"     // did not exit within ExitGrace of stdin closing
	BreakTrap       BreakKind = "trap"        // trapped (or failed to instantiate)
	BreakTimeout    BreakKind = "timeout"     // the run's time ran out
	BreakOverflow   BreakKind = "stdout-over" // more than StdoutLimit bytes on stdout
	BreakPartial    BreakKind = "partial-line"
)

// Break is one reason the call would be reported as crashed.
type Break struct {
	Kind    BreakKind
	Message string
	Line    int // index in Record.Lines, -1 when not about a line
}

// ShortLine cuts a line to a readable length for messages.
func ShortLine(b []byte) string {
	const max = 160
	s := string(b)
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "... (" + strconv.Itoa(len(b)) + " bytes)"
	}
	return strconv.Quote(s)
}

// breaksLine judges one stdout line against the ids the host asked.
func breaksLine(text []byte, asked map[string]bool) (Break, bool) {
	msg, ok := ParseMessage(text)
	switch {
	case !ok:
		return Break{Kind: BreakNotMessage, Message: "stdout line is not a JSON-RPC message: " + ShortLine(text)}, true
	case !msg.HasID():
		return Break{}, false // notifications are ignored
	case msg.Method != "":
		return Break{Kind: BreakRequest, Message: "the module sent a request of its own (" + msg.Method + "): " + ShortLine(text)}, true
	}
	var id string
	if msg.ID[0] != '"' || json.Unmarshal(msg.ID, &id) != nil || !asked[id] {
		return Break{Kind: BreakUnknownID, Message: "answer to an id that was not asked, " + string(msg.ID) + ": " + ShortLine(text)}, true
	}
	if msg.Error != nil {
		return Break{Kind: BreakRPCError, Message: "JSON-RPC error " + strconv.Itoa(msg.Error.Code) + ": " + msg.Error.Message}, true
	}
	var res struct {
		ResultType *string `json:"resultType"`
	}
	if err := json.Unmarshal(msg.Result, &res); err != nil || res.ResultType == nil || *res.ResultType != "complete" {
		got := "none"
		if res.ResultType != nil {
			got = strconv.Quote(*res.ResultType)
		}
		return Break{Kind: BreakResultType, Message: "result has resultType " + got + ", not \"complete\""}, true
	}
	return Break{}, false
}

// Breaks lists every reason the run breaks the protocol or the call, from
// what was recorded. answered says whether every request got its answer.
func (r *Record) Breaks() []Break {
	asked := map[string]bool{}
	for _, s := range r.Sent {
		var req struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(s, &req) == nil {
			asked[req.ID] = true
		}
	}
	var out []Break
	answered := map[string]bool{}
	for i, l := range r.Lines {
		// An answer counts as one even when it breaks the call (an error).
		if msg, ok := ParseMessage(l.Text); ok && msg.HasID() && msg.Method == "" {
			var id string
			_ = json.Unmarshal(msg.ID, &id)
			answered[id] = true
		}
		if b, ok := breaksLine(l.Text, asked); ok {
			b.Line = i
			out = append(out, b)
		}
	}
	if len(r.Partial) > 0 {
		out = append(out, Break{Kind: BreakPartial, Line: -1, Message: "stdout ends without a newline: " + ShortLine(r.Partial)})
	}
	for id := range asked {
		if !answered[id] {
			out = append(out, Break{Kind: BreakNoAnswer, Line: -1, Message: "no answer to request " + strconv.Quote(id)})
		}
	}
	switch {
	case r.Overflow:
		out = append(out, Break{Kind: BreakOverflow, Line: -1, Message: "more than " + strconv.Itoa(abi.StdoutMaxBytes>>20) + " MiB on stdout"})
	case r.TimedOut:
		out = append(out, Break{Kind: BreakTimeout, Line: -1, Message: "ran out of time after " + r.Elapsed.Round(1e6).String()})
	case r.NoExit:
		out = append(out, Break{Kind: BreakNoExit, Line: -1, Message: "did not exit within " + abi.ExitGrace.String() + " of stdin closing"})
	case r.Trap != "":
		out = append(out, Break{Kind: BreakTrap, Line: -1, Message: "trapped: " + firstLine(r.Trap)})
	case r.Exited && r.ExitCode != 0:
		out = append(out, Break{Kind: BreakExitCode, Line: -1, Message: "exited with status " + strconv.Itoa(int(r.ExitCode))})
	}
	return out
}

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
