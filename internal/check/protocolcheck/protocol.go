// Package protocolcheck judges what the host recorded while a module ran
// upload discovery (the P rules): broken JSON-RPC, errors, crashes and
// time-outs, the server/discover answer and the paging of tools/list.
package protocolcheck

import (
	"strconv"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/rules"
)

// Check judges an upload discovery run: the protocol as the host
// recorded it, the server/discover answer and the paging. The tools
// themselves are toolcheck.Check's job.
func Check(d *host.Discovery) []rules.Finding {
	var out []rules.Finding
	add := func(r *rules.Rule, msg string) {
		out = append(out, rules.Finding{Rule: r, Message: "at upload discovery: " + msg, Offset: -1})
	}
	// One finding per kind of break, the first with a count of the rest
	// (a flood of non-JSON lines is one finding); an unanswered request
	// only when nothing else explains it (a trap, a time-out, a wrong id).
	first, more := map[*rules.Rule]int{}, map[*rules.Rule]int{}
	for _, b := range d.Record.Breaks() {
		if b.Explained {
			continue
		}
		rule := host.BreakTable[b.Kind]
		r := rule.Upload
		if _, seen := first[r]; seen {
			more[r] += 1 + b.More
			continue
		}
		more[r] += b.More // breaks counted, not built (host.BreaksKept)
		first[r] = len(out)
		msg := b.Message
		if rule.StderrTail {
			msg += d.Record.StderrTail // as Subako shows a crash
		}
		add(r, msg)
	}
	for r, n := range more {
		if n == 0 {
			continue
		}
		out[first[r]].Message += " (and " + strconv.Itoa(n) + " more like it)"
	}
	if d.Stopped != nil {
		switch d.Stopped.Kind {
		case host.StopTooManyPages, host.StopRepeatedCursor:
			add(rules.ProtocolPaging, d.Stopped.Detail)
			return out
		case host.StopDiscoverRefused:
			add(rules.ProtocolDiscover, d.Stopped.Detail)
			return out
		}
	}
	if d.Discover == nil && len(out) == 0 {
		add(rules.ProtocolDiscover, "no answer to server/discover"+orReason(d.Stopped))
	}
	return out
}

// orReason adds why discovery stopped, unless that only repeats "no answer".
func orReason(s *host.Stop) string {
	if s == nil || s.Kind == host.StopNoAnswer {
		return ""
	}
	return " (" + s.Detail + ")"
}
