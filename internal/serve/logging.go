package serve

import (
	"context"
	"encoding/json"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// What serve tells clients as log messages (notifications/message, logger
// "subakogo"): lint's findings on the package it loaded, and why a load
// or a --watch rebuild failed. They go to stderr as well, always.
//
// The messages of the last load (or rebuild) are kept: a round, which a
// new load begins. Each client hears a round's messages once, at or above
// the level it chose, on a channel its revision allows:
//   - 2026-07-28 ties every log message to a request, and sends none for a
//     request without _meta's io.modelcontextprotocol/logLevel. So the
//     messages ride on the response stream of the next tools/list or
//     tools/call (the requests served from the package) that asks for
//     them: before the answer on stdio, and over HTTP in a
//     text/event-stream answer, the notifications first.
//   - The handshake era has no such tie: a client that is connected hears
//     them at once, at warning and above unless it set another level with
//     logging/setLevel; one that connects later, on its next tools/list
//     or tools/call.

// logLevels orders MCP's (syslog's) levels, least severe first.
var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// metaLogLevel is the _meta key of a 2026-07-28 request that asks for log
// messages at or above a level.
const metaLogLevel = "io.modelcontextprotocol/logLevel"

func levelRank(l string) int {
	for i, v := range logLevels {
		if v == l {
			return i
		}
	}
	return -1
}

// logEntry is one message of a round.
type logEntry struct {
	level string
	line  []byte // the notification
}

// clientLog is the round of messages clients hear.
type clientLog struct {
	mu      sync.Mutex
	round   uint64
	entries []logEntry
}

// connLog is how far a client has heard the rounds.
type connLog struct {
	round uint64
	heard int // entries of round already sent (or passed over)
}

// beginLog starts a new round: a load or rebuild begins, and what was said
// of the one before is no longer news.
func (s *Server) beginLog() {
	s.clientLog.mu.Lock()
	s.clientLog.round++
	s.clientLog.entries = nil
	s.clientLog.mu.Unlock()
}

// logToClients adds a message to the round and sends it at once to the
// handshake-era clients on a channel that carries notifications, at or
// above the level each set (warning when it set none).
func (s *Server) logToClients(level, text string) {
	line := notificationLine("notifications/message", mcp.LoggingMessage{Level: level, Logger: "subakogo", Data: text})
	s.clientLog.mu.Lock()
	s.clientLog.entries = append(s.clientLog.entries, logEntry{level: level, line: line})
	s.clientLog.mu.Unlock()
	for _, c := range s.connections() {
		c.mu.Lock()
		legacy := c.legacy != ""
		c.mu.Unlock()
		if legacy && c.send != nil {
			c.sendLog(c.legacyLevel(), c.send)
		}
	}
}

// legacyLevel is the level a handshake-era client hears from.
func (c *conn) legacyLevel() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.logLevel == "" {
		return "warning"
	}
	return c.logLevel
}

// sendLog sends the client what of the round it has not heard, at or above
// level, with send.
func (c *conn) sendLog(level string, send func([]byte)) {
	s := c.s
	s.clientLog.mu.Lock()
	round, entries := s.clientLog.round, s.clientLog.entries
	s.clientLog.mu.Unlock()
	c.mu.Lock()
	if c.log.round != round {
		c.log = connLog{round: round}
	}
	from := c.log.heard
	c.log.heard = len(entries)
	c.mu.Unlock()
	for _, e := range entries[min(from, len(entries)):] {
		if levelRank(e.level) >= levelRank(level) {
			send(e.line)
		}
	}
}

type notifyKey struct{}

// withNotify gives the requests run with ctx a channel of their own for
// the notifications that belong to them (an HTTP answer's event stream).
func withNotify(ctx context.Context, send func([]byte)) context.Context {
	return context.WithValue(ctx, notifyKey{}, send)
}

// logForRequest sends the client the round's messages it has not heard,
// when request method of era e takes them: a tools/list or tools/call,
// with a logLevel in its _meta (2026-07-28) or from a handshake-era
// client. They go on the request's own channel, else the client's.
func (c *conn) logForRequest(ctx context.Context, method string, e era, params map[string]json.RawMessage) {
	if method != abi.MethodToolsList && method != abi.MethodToolsCall {
		return
	}
	send, _ := ctx.Value(notifyKey{}).(func([]byte))
	if send == nil {
		send = c.send
	}
	if send == nil {
		return
	}
	level := ""
	if e.modern {
		var meta map[string]json.RawMessage
		_ = json.Unmarshal(params["_meta"], &meta)
		if json.Unmarshal(meta[metaLogLevel], &level) != nil || levelRank(level) < 0 {
			return // none asked for (an unknown level asks for none either)
		}
	} else {
		level = c.legacyLevel()
	}
	c.sendLog(level, send)
}

// setLevel answers logging/setLevel of a handshake-era client.
func (c *conn) setLevel(params map[string]json.RawMessage) *rpcError {
	var level string
	if json.Unmarshal(params["level"], &level) != nil || levelRank(level) < 0 {
		return invalidParams("logging/setLevel: level must be one of " + strings.Join(logLevels, ", "))
	}
	c.mu.Lock()
	c.logLevel = level
	c.mu.Unlock()
	return nil
}

// httpNotes collects the notifications of one HTTP request, for an answer
// that is an event stream: they come first, then the answer.
type httpNotes struct {
	mu    sync.Mutex
	lines [][]byte
}

// requestNotes gives an HTTP request a channel for its notifications when
// its client takes an event stream in answer (Accept: text/event-stream,
// as Streamable HTTP asks every client to send); nil when it does not.
func requestNotes(r *http.Request) (context.Context, *httpNotes) {
	if !acceptsEventStream(r.Header.Values("Accept")) {
		return r.Context(), nil
	}
	n := &httpNotes{}
	return withNotify(r.Context(), func(b []byte) {
		n.mu.Lock()
		n.lines = append(n.lines, b)
		n.mu.Unlock()
	}), n
}

func acceptsEventStream(accept []string) bool {
	for _, v := range accept {
		for _, part := range strings.Split(v, ",") {
			if t, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && t == "text/event-stream" {
				return true
			}
		}
	}
	return false
}

// write sends the notifications and then answer as an event stream, and
// says whether it did: with none to send, the answer stays plain JSON.
func (n *httpNotes) write(w http.ResponseWriter, answer []byte, headers map[string]string) bool {
	if n == nil {
		return false
	}
	n.mu.Lock()
	lines := n.lines
	n.mu.Unlock()
	if len(lines) == 0 {
		return false
	}
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	startEventStream(w)
	for _, l := range append(lines, answer) {
		writeEvent(w, l)
	}
	return true
}
