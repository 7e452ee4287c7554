package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// withLogLevel is a 2026-07-28 request's _meta asking for log messages at
// or above level.
func withLogLevel(level string) map[string]any {
	m := meta()
	m[metaLogLevel] = level
	return m
}

// answerAndNotes reads until the answer to id and returns the
// notifications/message lines read before it.
func (c *client) answerAndNotes(id string) (response, [][]byte) {
	c.t.Helper()
	var notes [][]byte
	for {
		line, ok := c.next(60 * time.Second)
		if !ok {
			c.t.Fatalf("no answer to %s", id)
		}
		var head struct {
			ID     json.RawMessage
			Method string
		}
		_ = json.Unmarshal(line, &head)
		switch {
		case head.Method == "notifications/message":
			notes = append(notes, line)
		case head.Method != "":
		case string(head.ID) == `"`+id+`"`:
			return c.decode(id, line), notes
		default:
			c.t.Fatalf("an answer to another request: %s", line)
		}
	}
}

// checkNote checks a log message: valid by the schema, from subakogo, at
// level, saying want.
func checkNote(t *testing.T, line []byte, level, want string) {
	t.Helper()
	if err := mcpschema.Validate("LoggingMessageNotification", line); err != nil {
		t.Errorf("%v: %s", err, line)
	}
	var n struct {
		Params struct {
			Level, Logger string
			Data          string
		}
	}
	if json.Unmarshal(line, &n) != nil || n.Params.Level != level || n.Params.Logger != "subakogo" || !strings.Contains(n.Params.Data, want) {
		t.Errorf("log message %s: want level %s from subakogo saying %q", line, level, want)
	}
}

// TestLogModernStdio: a 2026-07-28 client hears lint's findings on the
// stream of its next tools/list or tools/call that asks for them (a
// logLevel in _meta), before the answer, once; never on a request that
// does not ask, nor below the level asked for; a new load starts anew.
func TestLogModernStdio(t *testing.T) {
	bad := buildWasm(t, "./testdata/hostile", "-X main.mode=badname")
	s, _ := newServer(t, bad, Options{Force: true})
	c := startClient(t, s, true)
	if r := c.ask("server/discover", nil); !bytes.Contains(r.Result, []byte(`"logging":{}`)) {
		t.Errorf("server/discover does not offer logging: %s", r.Raw)
	}
	if _, notes := c.answerAndNotes(c.send("tools/list", nil)); len(notes) != 0 {
		t.Errorf("log messages on a request without a logLevel: %s", notes)
	}
	if _, notes := c.answerAndNotes(c.send("tools/list", map[string]any{"_meta": withLogLevel("critical")})); len(notes) != 0 {
		t.Errorf("log messages below the level asked for: %s", notes)
	}
	c2 := startClient(t, s, true)
	r, notes := c2.answerAndNotes(c2.send("tools/call", map[string]any{"name": "sleep", "arguments": map[string]any{"ms": 1}, "_meta": withLogLevel("warning")}))
	if r.Error != nil || len(notes) != 1 {
		t.Fatalf("tools/call with logLevel warning: %d log messages, answer %s", len(notes), r.Raw)
	}
	checkNote(t, notes[0], "error", "T002")
	if _, notes := c2.answerAndNotes(c2.send("tools/list", map[string]any{"_meta": withLogLevel("debug")})); len(notes) != 0 {
		t.Errorf("the findings told twice: %s", notes)
	}
	// A new load (as --watch makes one): its findings are news again.
	p, err := s.Load(t.Context(), bad)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	if _, notes := c2.answerAndNotes(c2.send("tools/list", map[string]any{"_meta": withLogLevel("error")})); len(notes) != 1 {
		t.Errorf("after a new load: %d log messages", len(notes))
	}
	// A clean load has nothing to tell.
	p, err = s.Load(t.Context(), hello(t))
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	if _, notes := c.answerAndNotes(c.send("tools/list", map[string]any{"_meta": withLogLevel("debug")})); len(notes) != 0 {
		t.Errorf("a clean load told: %s", notes)
	}
}

// TestLogLegacyStdio: a handshake-era client that connects after the load
// hears its findings on its next tools/list (at warning, its default
// level), as one that was connected hears them at once (TestLoadFailed).
func TestLogLegacyStdio(t *testing.T) {
	s, _ := newServer(t, buildWasm(t, "./testdata/hostile", "-X main.mode=badname"), Options{Force: true})
	c := startClient(t, s, false)
	c.initialize("2025-11-25")
	_, notes := c.answerAndNotes(c.send("tools/list", nil))
	if len(notes) != 1 {
		t.Fatalf("%d log messages", len(notes))
	}
	checkNote(t, notes[0], "error", "T002")
}

// TestLogModernHTTP: over Streamable HTTP, a 2026-07-28 request that asks
// for log messages gets its answer as an event stream, the messages
// first; one that does not ask, or cannot take a stream, gets plain JSON.
func TestLogModernHTTP(t *testing.T) {
	s, _ := newServer(t, buildWasm(t, "./testdata/hostile", "-X main.mode=badname"), Options{Force: true})
	c := startHTTP(t, s)
	if status, r := c.modern("tools/list", nil, nil); status != 200 || r.Error != nil {
		t.Fatalf("tools/list without logLevel: %d %s", status, r.Raw)
	}
	if status, r := c.modern("tools/list", map[string]any{"_meta": withLogLevel("warning")}, map[string]string{"Accept": "application/json"}); status != 200 || r.Error != nil {
		t.Fatalf("tools/list from a client that takes no stream: %d %s", status, r.Raw)
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": map[string]any{"_meta": withLogLevel("warning")}})
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(body))
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || ct != "text/event-stream" {
		raw, _ := io.ReadAll(resp.Body)
		t.Fatalf("%d %s: %s", resp.StatusCode, ct, raw)
	}
	var events [][]byte
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if data, ok := bytes.CutPrefix(sc.Bytes(), []byte("data: ")); ok {
			events = append(events, bytes.Clone(data))
		}
	}
	if len(events) != 2 {
		t.Fatalf("%d events: %q", len(events), events)
	}
	checkNote(t, events[0], "error", "T002")
	checkAnswer(t, "tools/list", events[1])
	if !bytes.Contains(events[1], []byte(`"id":7`)) || !bytes.Contains(events[1], []byte(`"tools":[`)) {
		t.Errorf("the answer: %s", events[1])
	}
}

// TestNPMClientLog: real clients hear lint's findings as log messages:
// the TypeScript SDK v2 speaking 2026-07-28 (auto mode), which asks for
// them in each request's _meta, and v1 in the handshake era (at its
// default level, warning); on stdio (serve a process of its own, served
// with --force: the package has a lint error) and over Streamable HTTP.
// Over HTTP each 2026-07-28 request is a client of its own, so both the
// list and the call hear them.
func TestNPMClientLog(t *testing.T) {
	dir, node := npmClients(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bad := buildWasm(t, "./testdata/hostile", "-X main.mode=badname")
	s, _ := newServer(t, bad, Options{Force: true})
	srv := httptest.NewServer(s.Handler(false))
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		name, sdk, mode, version, url string
		heard                         int
	}{
		{"v2-2026-07-28", "v2", "auto", "2026-07-28", "", 1},
		{"v1-handshake", "v1", "", "", "", 1},
		{"v2-2026-07-28-http", "v2", "auto", "2026-07-28", srv.URL + EndpointPath, 2},
		{"v1-handshake-http", "v1", "", "", srv.URL + EndpointPath, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec, _ := json.Marshal(map[string]any{"sdk": tc.sdk, "mode": tc.mode, "command": self, "args": []string{helperArg, bad}, "url": tc.url,
				"env": map[string]string{"SUBAKO_SERVE_FORCE": "1"}, "logLevel": "warning",
				"calls": []any{map[string]any{"name": "sleep", "arguments": map[string]any{"ms": 1}}}})
			out := runNode(t, dir, node, npmScript, string(spec))
			var got struct {
				Error           string
				ProtocolVersion string
				Calls           []struct{ Error string }
				Logs            []struct {
					Level, Logger string
					Data          string
				}
			}
			if err := json.Unmarshal(out, &got); err != nil || got.Error != "" || len(got.Calls) != 1 || got.Calls[0].Error != "" {
				t.Fatalf("%s", out)
			}
			if tc.version != "" && got.ProtocolVersion != tc.version { // v1 does not say
				t.Errorf("spoke %s, want %s", got.ProtocolVersion, tc.version)
			}
			if len(got.Logs) != tc.heard {
				t.Errorf("heard %d log messages, want %d: %s", len(got.Logs), tc.heard, out)
			}
			for _, l := range got.Logs {
				if l.Level != "error" || l.Logger != "subakogo" || !strings.Contains(l.Data, `error T002 tool-name-invalid: tool "Not A Name"`) {
					t.Errorf("log message heard: %+v", l)
				}
			}
			if len(got.Logs) > 0 {
				t.Logf("%s %s heard: %s: %s", tc.sdk, got.ProtocolVersion, got.Logs[0].Level, strings.TrimSpace(got.Logs[0].Data))
			}
		})
	}
}
