// Package protocolcheck judges what the host recorded while a module ran
// upload discovery (the P rules): broken JSON-RPC, errors, crashes and
// time-outs, the server/discover answer and the paging of tools/list.
package protocolcheck

import (
	"strings"

	"github.com/subako-ai/subako-go/host"
	"github.com/subako-ai/subako-go/rules"
)

var breakRules = map[host.BreakKind]*rules.Rule{
	host.BreakNotMessage: rules.ProtocolNotMessage,
	host.BreakPartial:    rules.ProtocolNotMessage,
	host.BreakUnknownID:  rules.ProtocolUnknownID,
	host.BreakRPCError:   rules.ProtocolRPCError,
	host.BreakResultType: rules.ProtocolResultType,
	host.BreakRequest:    rules.ProtocolRequest,
	host.BreakNoAnswer:   rules.ProtocolNoAnswer,
	host.BreakExitCode:   rules.ProtocolExit,
	host.BreakNoExit:     rules.ProtocolNoExit,
	host.BreakTrap:       rules.ProtocolTrap,
	host.BreakTimeout:    rules.ProtocolTimeout,
	host.BreakOverflow:   rules.ProtocolStdoutLimit,
}

// Check judges an upload discovery run: the protocol as the host
// recorded it, the server/discover answer and the paging. The tools
// themselves are toolcheck.Check's job.
func Check(d *host.Discovery) []rules.Finding {
	var out []rules.Finding
	add := func(r *rules.Rule, msg string) {
		out = append(out, rules.Finding{Rule: r, Message: "at upload discovery: " + msg, Offset: -1})
	}
	for _, b := range d.Record.Breaks() {
		add(breakRules[b.Kind], b.Message+stderrHint(d.Record, b.Kind))
	}
	switch {
	case strings.Contains(d.Stopped, "pages"), strings.Contains(d.Stopped, "cursor"):
		add(rules.ProtocolPaging, d.Stopped)
	case strings.HasPrefix(d.Stopped, "server/discover:"), strings.HasPrefix(d.Stopped, "the server/discover"):
		add(rules.ProtocolDiscover, d.Stopped)
	case d.Discover == nil && len(out) == 0:
		add(rules.ProtocolDiscover, "no answer to server/discover"+orReason(d.Stopped))
	}
	return out
}

// stderrHint adds the tail of stderr to crash findings, as Subako shows it.
func stderrHint(r *host.Record, kind host.BreakKind) string {
	switch kind {
	case host.BreakExitCode, host.BreakTrap, host.BreakNoAnswer:
	default:
		return ""
	}
	tail := strings.TrimSpace(string(r.Stderr))
	if tail == "" {
		return ""
	}
	if i := strings.LastIndexByte(tail, '\n'); i >= 0 && len(tail)-i < 200 {
		// The last line is usually the reason (a panic message, an error).
		tail = tail[i+1:]
	}
	if len(tail) > 200 {
		tail = tail[len(tail)-200:]
	}
	return "; stderr ends: " + host.ShortLine([]byte(tail))
}

func orReason(stopped string) string {
	if stopped == "" || strings.HasPrefix(stopped, "no answer") {
		return ""
	}
	return " (" + stopped + ")"
}
