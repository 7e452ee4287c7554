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
	"github.com/subako-ai/subako-go/internal/rules"
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

// BreakKinds lists every kind of break: BreakTable must say what each one
// means (TestBreakTableCoversEveryKind).
var BreakKinds = []BreakKind{BreakNotMessage, BreakUnknownID, BreakRPCError, BreakResultType, BreakRequest,
	BreakNoAnswer, BreakExitCode, BreakNoExit, BreakTrap, BreakTimeout, BreakOverflow, BreakPartial, BreakRepeated,
	BreakWaitsForEOF}

// BreakRule is what the readers of a record make of one kind of break.
type BreakRule struct {
	// Upload is the rule a break at upload discovery falls under
	// (protocolcheck).
	Upload *rules.Rule
	// Probe is the rule a break in a probe's call falls under; nil when
	// the call itself broke, and the probe's crash rule (P030, P031,
	// P036 or P037, by probe) applies.
	Probe *rules.Rule
	// IfAnswered, when set, is the probe rule when every request of the
	// run was answered: the call did not break, only the run's end did.
	IfAnswered *rules.Rule
	// Consequence says the break only follows from another when there is
	// one (an unanswered request after a trap, a time-out, a wrong id):
	// reports then leave it out.
	Consequence bool
	// StderrTail says an upload finding of it ends with the tail of
	// stderr, as Subako shows a crash.
	StderrTail bool
	// Crash, when set, is how a crash report words the break, said once
	// and last, instead of its Message (which names the host's own
	// request id, which a client never saw).
	Crash string
}

// BreakTable is the one mapping of break kinds to their rules and
// wording, read by protocolcheck, the probes and serve.
var BreakTable = map[BreakKind]BreakRule{
	BreakNotMessage: {Upload: rules.ProtocolNotMessage, Probe: rules.ProbeStdoutExtra},
	BreakPartial:    {Upload: rules.ProtocolNotMessage, Probe: rules.ProbeStdoutExtra},
	BreakRequest:    {Upload: rules.ProtocolRequest, Probe: rules.ProbeStdoutExtra},
	BreakRepeated:   {Upload: rules.ProtocolUnknownID, Probe: rules.ProbeStdoutExtra},
	BreakUnknownID:  {Upload: rules.ProtocolUnknownID, Probe: rules.ProbeIDEcho},
	BreakRPCError:   {Upload: rules.ProtocolRPCError},
	BreakResultType: {Upload: rules.ProtocolResultType},
	BreakNoAnswer:   {Upload: rules.ProtocolNoAnswer, Consequence: true, StderrTail: true, Crash: "no answer to the call"},
	BreakExitCode:   {Upload: rules.ProtocolExit, IfAnswered: rules.ProbeSlowExit, StderrTail: true},
	BreakNoExit:     {Upload: rules.ProtocolNoExit, IfAnswered: rules.ProbeSlowExit},
	BreakTrap:       {Upload: rules.ProtocolTrap, StderrTail: true},
	BreakTimeout:    {Upload: rules.ProtocolTimeout},
	BreakOverflow:   {Upload: rules.ProtocolStdoutLimit},
	// A module that answered only once stdin closed did not answer in
	// time at upload: P008, whose message says why.
	BreakWaitsForEOF: {Upload: rules.ProtocolNoAnswer, Probe: rules.ProbeWaitsForEOF},
}

// Break is one reason the call would be reported as crashed, with what it
// is about, so that no reader parses the record's lines again.
type Break struct {
	Kind    BreakKind
	Message string
	Line    int    // index in Record.Lines, -1 when not about a line
	Text    []byte // the line (Record.Partial for BreakPartial), nil when not about one
	// ID is the id the break is about: the line's (nil when it has none
	// or null), or the unanswered request's (BreakNoAnswer).
	ID json.RawMessage
	// Asked is, for BreakUnknownID, the id of the last request sent: what
	// the answer should have echoed.
	Asked json.RawMessage
	// Explained says the break is a consequence (BreakTable) of another
	// break of the run, which reports say instead.
	Explained bool
	// Answered says every request of the run was answered (the record has
	// no BreakNoAnswer): a break of the run's end did not break the call.
	Answered bool
	// More counts the further breaks of the same kind on later lines that
	// were counted, not built: past BreaksKept of a kind, and the short
	// lines not kept (Record.LinesDropped). It is set on the last break
	// of its kind built.
	More int
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
func breaksLine(l Line, asked map[string]bool) (Break, bool) {
	msg, text := l.Msg, l.Text
	b := Break{Text: text}
	if msg != nil && msg.HasID() {
		b.ID = msg.ID
	}
	with := func(kind BreakKind, message string) (Break, bool) {
		b.Kind, b.Message = kind, message
		return b, true
	}
	switch {
	case msg == nil:
		if why := lineProblem(text); why != "" {
			return with(BreakNotMessage, "stdout line is not a JSON-RPC message ("+why+"): "+ShortLine(text))
		}
		return with(BreakNotMessage, "stdout line is not a JSON-RPC message: "+ShortLine(text))
	case !msg.HasID() && msg.IsResponse():
		// An answer with id null (or none) answers no request of a call:
		// Subako takes it as a broken call, and it is reported as it
		// arrives, not after the whole wait for the real answer.
		return with(BreakUnknownID, "an answer with id null, which answers no request: "+ShortLine(text))
	case !msg.HasID():
		return Break{}, false // notifications are ignored
	case msg.Method != "":
		return with(BreakRequest, "the module sent a request of its own ("+msg.Method+"): "+ShortLine(text))
	}
	if id, _ := msg.IDKey(); !asked[id] {
		return with(BreakUnknownID, "answer to an id that was not asked, "+string(msg.ID)+": "+ShortLine(text))
	}
	if msg.RPCError != nil {
		return with(BreakRPCError, "JSON-RPC error "+strconv.Itoa(msg.RPCError.Code)+": "+msg.RPCError.Message)
	}
	var res struct {
		ResultType *string `json:"resultType"`
	}
	if err := json.Unmarshal(msg.Result, &res); err != nil || res.ResultType == nil || *res.ResultType != mcp.ResultComplete {
		got := "none"
		if res.ResultType != nil {
			got = strconv.Quote(*res.ResultType)
		}
		return with(BreakResultType, "result has resultType "+got+", not \"complete\"")
	}
	return Break{}, false
}

// Breaks lists every reason the run breaks the protocol or the call: the
// host's one judgement of the run, made once when it ended (see
// Session.Wait). A record of a run that never started has none.
func (r *Record) Breaks() []Break { return r.breaks }

// complete finishes a record once its run is over: it decodes the lines
// the host did not read, and judges the run (Breaks, StderrTail).
func (r *Record) complete() {
	for i := range r.Lines {
		r.Lines[i].decode()
	}
	r.StderrTail = stderrReason(r.Stderr, r.StderrCause)
	r.breaks = r.judge()
}

// judge is Breaks, from what was recorded.
func (r *Record) judge() []Break {
	ids := r.askedIDs()
	asked := keys(ids)
	var last json.RawMessage
	if len(ids) > 0 {
		last = ids[len(ids)-1]
	}
	var out []Break
	built := map[BreakKind]int{}  // line breaks built, by kind
	lastOf := map[BreakKind]int{} // the index in out of the last of each kind
	lineBreak := func(b Break) {
		if built[b.Kind] >= BreaksKept {
			out[lastOf[b.Kind]].More++
			return
		}
		built[b.Kind]++
		lastOf[b.Kind] = len(out)
		out = append(out, b)
	}
	answered := map[string]bool{}
	late := -1 // the first answer that came after stdin closed, when the host held it open for one
	for i, l := range r.Lines {
		b, broken := breaksLine(l, asked)
		// An answer counts as one even when it breaks the call (an error).
		if msg := l.Msg; msg != nil && msg.HasID() && msg.Method == "" {
			id, _ := msg.IDKey()
			if answered[id] && !broken {
				b, broken = Break{Kind: BreakRepeated, Message: "a second answer to id " + string(msg.ID) + ": " + ShortLine(l.Text), Text: l.Text, ID: msg.ID}, true
			}
			answered[id] = true
			if r.WaitedForInput && late < 0 && asked[id] && r.StdinClosed >= 0 && l.At >= r.StdinClosed {
				late = i
			}
		}
		if broken {
			b.Line = i
			if b.Kind == BreakUnknownID {
				b.Asked = last
			}
			lineBreak(b)
		}
	}
	if i, ok := lastOf[BreakNotMessage]; ok {
		out[i].More += r.LinesDropped // a line dropped is a line kept's like
	}
	if late >= 0 {
		out = append(out, Break{Kind: BreakWaitsForEOF, Line: late, Text: r.Lines[late].Text, ID: r.Lines[late].Msg.ID,
			Message: "no answer while stdin stayed open: " + waitedForInput + ", and answered only once stdin closed. " + eofCauses +
				"; in Subako, which closes stdin only once the answer is in, the call would run out of time"})
	}
	if len(r.Partial) > 0 {
		out = append(out, Break{Kind: BreakPartial, Line: -1, Text: r.Partial, Message: "stdout ends without a newline: " + ShortLine(r.Partial)})
	}
	for _, id := range ids {
		if !answered[IDKey(id)] {
			out = append(out, Break{Kind: BreakNoAnswer, Line: -1, ID: id, Message: "no answer to request " + string(id)})
		}
	}
	switch {
	case r.Overflow:
		out = append(out, Break{Kind: BreakOverflow, Line: -1, Message: "more than " + strconv.Itoa(abi.StdoutMaxBytes>>20) + " MiB on stdout"})
	case r.TimedOut && r.WaitedForInput:
		out = append(out, Break{Kind: BreakTimeout, Line: -1, Message: "no answer while stdin stayed open (" + waitedForInput +
			"), nor once it closed: it ran out of time after " + r.limitMet() + " of its own time" + r.httpAt() + r.doing()})
	case r.TimedOut && r.HTTPRequest > 0:
		out = append(out, Break{Kind: BreakTimeout, Line: -1, Message: "ran out of time after " + r.limitMet() + " of its own time" + r.httpAt() + r.doing()})
	case r.TimedOut:
		out = append(out, Break{Kind: BreakTimeout, Line: -1, Message: "ran out of time after " + r.limitMet() + " of its own time" + r.httpWaited() + r.doing()})
	case r.NoExit:
		out = append(out, Break{Kind: BreakNoExit, Line: -1, Message: "did not exit within " + r.grace().String() + " of stdin closing" + r.stoppedAt()})
	case r.Trap != "":
		out = append(out, Break{Kind: BreakTrap, Line: -1, Message: "trapped: " + firstLine(r.Trap)})
	case r.Exited && r.ExitCode != 0:
		out = append(out, Break{Kind: BreakExitCode, Line: -1, Message: "exited with status " + strconv.Itoa(int(r.ExitCode))})
	}
	explained := slices.ContainsFunc(out, func(b Break) bool { return !BreakTable[b.Kind].Consequence })
	all := !slices.ContainsFunc(out, func(b Break) bool { return b.Kind == BreakNoAnswer })
	for i := range out {
		out[i].Explained = explained && BreakTable[out[i].Kind].Consequence
		out[i].Answered = all
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

// httpAt says, for a run stopped at a limit inside a subako_http request
// (Record.HTTPRequest), which request it was in: one still unanswered, or
// one begun with none of the time left, and so never sent; "" for none.
func (r *Record) httpAt() string {
	if r.HTTPRequest == 0 {
		return ""
	}
	n := strconv.Itoa(r.HTTPRequest)
	if r.HTTPUnsent {
		return " as it made subako_http request " + n + ", which was not sent: it began with none of that time left"
	}
	return " waiting on HTTP: its subako_http request " + n +
		" was still unanswered (the time a module waits on its requests counts towards its limit, as in Subako)"
}

// stoppedAt is httpAt for a run stopped at its exit grace.
func (r *Record) stoppedAt() string {
	if r.HTTPRequest == 0 {
		return ""
	}
	return ": stopped" + r.httpAt()
}

// grace is the exit grace the run had: the host's, or the one a test set.
func (r *Record) grace() time.Duration {
	if r.ExitGrace > 0 {
		return r.ExitGrace
	}
	return abi.ExitGrace
}

// httpWaited says how much of a run's time its subako_http requests
// waited, when they did: that time is the module's (httpClock).
func (r *Record) httpWaited() string {
	if r.HTTPRequests == 0 {
		return ""
	}
	requests := "its subako_http request"
	if r.HTTPRequests > 1 {
		requests = "its " + strconv.Itoa(r.HTTPRequests) + " subako_http requests"
	}
	return ", " + r.HTTPWait.Round(time.Millisecond).String() + " of it waiting on HTTP (" + requests + ")"
}

// doing says what a run out of time had done by then, for a message: the
// bytes it wrote to stdout (a huge answer being written) and the memory
// it had grown to (a huge value being built, a recursion without end);
// a loop does neither. The numbers vary a little with the machine, so
// they are said, never judged.
func (r *Record) doing() string {
	s := " (by then it had written " + strconv.FormatInt(r.StdoutBytes, 10) + " bytes to stdout"
	if r.Memory > 0 {
		s += ", and its memory was " + strconv.FormatInt((r.Memory+1<<20-1)>>20, 10) + " MiB"
	}
	return s + ")"
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
func (r *Record) asked() map[string]bool { return keys(r.askedIDs()) }

// keys is the set of ids' keys (see IDKey).
func keys(ids []json.RawMessage) map[string]bool {
	set := map[string]bool{}
	for _, id := range ids {
		set[IDKey(id)] = true
	}
	return set
}

// stderrReason is Record.StderrTail of what the module wrote to stderr:
// the cause of a Go crash when it printed one (see crashCause), else the
// last line of the tail, where a program usually says why it failed.
func stderrReason(stderr []byte, cause string) string {
	if cause != "" {
		return "; stderr says why: " + ShortLine([]byte(cause))
	}
	tail := strings.TrimSpace(string(stderr))
	if tail == "" {
		return ""
	}
	if i := strings.LastIndexByte(tail, '\n'); i >= 0 && len(tail)-i < 200 {
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
