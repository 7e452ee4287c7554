package host

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcp"
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
	BreakRepeated   BreakKind = "repeated-answer" // a second answer to the same id
	// BreakWaitsForEOF: no answer while stdin stayed open; the answer came
	// only once stdin closed (the module reads to end of input first).
	BreakWaitsForEOF BreakKind = "waits-for-eof"
)

// waitedForInput and eofCauses say what the host saw of a module that
// waits for input with a request unanswered, and the two causes of it.
const (
	waitedForInput = "the module waited for more input (reading or polling stdin) with the request unanswered"
	eofCauses      = "Either it reads to end of input before answering (read one line at a time and answer each at once), " +
		"or it keeps its answers in a buffer until it exits, as C's stdio does when stdout is a pipe (flush stdout after each answer)"
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
	case !msg.HasID() && msg.IsResponse():
		// An answer with id null (or none) answers no request of a call:
		// Subako takes it as a broken call, and it is reported as it
		// arrives, not after the whole wait for the real answer.
		return Break{Kind: BreakUnknownID, Message: "an answer with id null, which answers no request: " + ShortLine(text)}, true
	case !msg.HasID():
		return Break{}, false // notifications are ignored
	case msg.Method != "":
		return Break{Kind: BreakRequest, Message: "the module sent a request of its own (" + msg.Method + "): " + ShortLine(text)}, true
	}
	if id, _ := msg.IDKey(); !asked[id] {
		return Break{Kind: BreakUnknownID, Message: "answer to an id that was not asked, " + string(msg.ID) + ": " + ShortLine(text)}, true
	}
	if msg.RPCError != nil {
		return Break{Kind: BreakRPCError, Message: "JSON-RPC error " + strconv.Itoa(msg.RPCError.Code) + ": " + msg.RPCError.Message}, true
	}
	var res struct {
		ResultType *string `json:"resultType"`
	}
	if err := json.Unmarshal(msg.Result, &res); err != nil || res.ResultType == nil || *res.ResultType != mcp.ResultComplete {
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
	asked := r.asked()
	var out []Break
	answered := map[string]bool{}
	late := -1 // the first answer that came after stdin closed, when the host held it open for one
	for i, l := range r.Lines {
		b, broken := breaksLine(l.Text, asked)
		// An answer counts as one even when it breaks the call (an error).
		if msg, ok := ParseMessage(l.Text); ok && msg.HasID() && msg.Method == "" {
			id, _ := msg.IDKey()
			if answered[id] && !broken {
				b, broken = Break{Kind: BreakRepeated, Message: "a second answer to id " + string(msg.ID) + ": " + ShortLine(l.Text)}, true
			}
			answered[id] = true
			if r.WaitedForInput && late < 0 && asked[id] && r.StdinClosed >= 0 && l.At >= r.StdinClosed {
				late = i
			}
		}
		if broken {
			b.Line = i
			out = append(out, b)
		}
	}
	if late >= 0 {
		out = append(out, Break{Kind: BreakWaitsForEOF, Line: late, Message: "no answer while stdin stayed open: " + waitedForInput +
			", and answered only once stdin closed. " + eofCauses + "; in Subako, which closes stdin only once the answer is in, the call would run out of time"})
	}
	if len(r.Partial) > 0 {
		out = append(out, Break{Kind: BreakPartial, Line: -1, Message: "stdout ends without a newline: " + ShortLine(r.Partial)})
	}
	for _, id := range r.askedIDs() {
		if !answered[IDKey(id)] {
			out = append(out, Break{Kind: BreakNoAnswer, Line: -1, Message: "no answer to request " + string(id)})
		}
	}
	switch {
	case r.Overflow:
		out = append(out, Break{Kind: BreakOverflow, Line: -1, Message: "more than " + strconv.Itoa(abi.StdoutMaxBytes>>20) + " MiB on stdout"})
	case r.TimedOut && r.WaitedForInput:
		out = append(out, Break{Kind: BreakTimeout, Line: -1, Message: "no answer while stdin stayed open (" + waitedForInput +
			"), nor once it closed: it ran out of time after " + r.limitMet() + " of its own time"})
	case r.TimedOut:
		out = append(out, Break{Kind: BreakTimeout, Line: -1, Message: "ran out of time after " + r.limitMet() + " of its own time"})
	case r.NoExit:
		out = append(out, Break{Kind: BreakNoExit, Line: -1, Message: "did not exit within " + abi.ExitGrace.String() + " of stdin closing"})
	case r.Trap != "":
		out = append(out, Break{Kind: BreakTrap, Line: -1, Message: "trapped: " + firstLine(r.Trap)})
	case r.Exited && r.ExitCode != 0:
		out = append(out, Break{Kind: BreakExitCode, Line: -1, Message: "exited with status " + strconv.Itoa(int(r.ExitCode))})
	}
	return out
}

// limitMet is the limit a run out of time met, as a message says it: the
// same in every run of the module (see Record.Limit).
func (r *Record) limitMet() string {
	if r.Limit > 0 {
		return r.Limit.String()
	}
	return r.Elapsed.Round(time.Millisecond).String()
}

// askedIDs are the ids of the requests sent, in order (notifications
// have none).
func (r *Record) askedIDs() []json.RawMessage {
	var ids []json.RawMessage
	for _, s := range r.Sent {
		if msg, ok := ParseMessage(s); ok && msg.HasID() {
			ids = append(ids, msg.ID)
		}
	}
	return ids
}

// asked is the set of askedIDs' keys (see IDKey).
func (r *Record) asked() map[string]bool {
	asked := map[string]bool{}
	for _, id := range r.askedIDs() {
		asked[IDKey(id)] = true
	}
	return asked
}

// Explained reports whether breaks hold a cause besides an unanswered
// request (a trap, a time-out, a wrong id): a report of the run then
// leaves BreakNoAnswer out, which only repeats that cause.
func Explained(breaks []Break) bool {
	return slices.ContainsFunc(breaks, func(b Break) bool { return b.Kind != BreakNoAnswer })
}

// Unanswered reports whether a request of the run got no answer.
func Unanswered(breaks []Break) bool {
	return slices.ContainsFunc(breaks, func(b Break) bool { return b.Kind == BreakNoAnswer })
}

// StderrTail is "; stderr ends: ..." with the last line of what the
// module wrote to stderr (at most 200 bytes of it), or "" when it wrote
// nothing: the reason Subako would show with a crash.
func (r *Record) StderrTail() string {
	tail := strings.TrimSpace(string(r.Stderr))
	if tail == "" {
		return ""
	}
	if i := strings.LastIndex("\n"+tail, "\npanic: "); i >= 0 {
		// A Go panic: its message, not the last frame of the trace.
		tail = firstLine(tail[i:])
	} else if i := strings.LastIndexByte(tail, '\n'); i >= 0 && len(tail)-i < 200 {
		// The last line is usually the reason (a panic message, an error).
		tail = tail[i+1:]
	}
	if len(tail) > 200 {
		tail = tail[len(tail)-200:]
	}
	return "; stderr ends: " + ShortLine([]byte(tail))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
