package serve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// Watch rebuilds on a change, keeps the last good package when the build
// fails (and tells clients why, as a log message), and tells handshake-era clients and modern subscribers that the
// tool list changed.
func TestWatch(t *testing.T) {
	modules := map[string]string{"hello": hello(t), "hostile": hostile(t)}
	src := t.TempDir()
	which := filepath.Join(src, "which.txt")
	write := func(v string) {
		t.Helper()
		// A different size each time, so the change shows whatever the
		// file system's clock resolution.
		if err := os.WriteFile(which, []byte(v+strings.Repeat(" ", len(v))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hello")
	s, log := newServer(t, modules["hello"], Options{})
	s.SetWatching(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx, Watch{Dirs: []string{src}, Interval: 50 * time.Millisecond, Rebuild: func(context.Context) (string, error) {
		b, _ := os.ReadFile(which)
		if m, ok := modules[strings.TrimSpace(string(b))]; ok {
			return m, nil
		}
		return "", errors.New("main.go:3:1: syntax error")
	}})

	legacy := startClient(t, s, false)
	r := legacy.initialize("2025-11-25")
	if !strings.Contains(string(r.Result), `"listChanged":true`) {
		t.Errorf("initialize while watching: %s", r.Raw)
	}
	modern := startClient(t, s, true)
	listen := modern.send("subscriptions/listen", map[string]any{"notifications": map[string]any{"toolsListChanged": true}})
	ack := modern.notified("notifications/subscriptions/acknowledged")
	if err := mcpschema.Validate("SubscriptionsAcknowledgedNotification", ack); err != nil || !strings.Contains(string(ack), `"`+listen+`"`) {
		t.Errorf("ack %s: %v", ack, err)
	}

	write("broken")
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(log.String(), "the build failed, still serving the last good one: main.go:3:1: syntax error") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	// The failure is told: at once to the handshake-era client, on its next
	// request that asks for it to the modern one.
	checkNote(t, legacy.notified("notifications/message"), "error", "the build failed, still serving the last good one: main.go:3:1: syntax error")
	if _, notes := modern.answerAndNotes(modern.send("tools/list", map[string]any{"_meta": withLogLevel("error")})); len(notes) != 1 {
		t.Errorf("the modern client heard %d log messages of the failed build", len(notes))
	} else {
		checkNote(t, notes[0], "error", "main.go:3:1: syntax error")
	}
	if res, _ := legacy.call("greet", map[string]any{"name": "Ada"}); res.IsError {
		t.Errorf("after a failed build: %+v", res)
	}

	write("hostile")
	n := legacy.notified("notifications/tools/list_changed")
	if string(n) != `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` {
		t.Errorf("legacy notification: %s", n)
	}
	n = modern.notified("notifications/tools/list_changed")
	if err := mcpschema.Validate("ToolListChangedNotification", n); err != nil || !strings.Contains(string(n), `"io.modelcontextprotocol/subscriptionId":"`+listen+`"`) {
		t.Errorf("modern notification %s: %v", n, err)
	}
	if res, _ := modern.call("ok", nil); res.text() != "fine" {
		t.Errorf("after the rebuild: %+v", res)
	}
	// Cancelling the subscription ends it without an answer.
	modern.write(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": listen}})
	if r := modern.ask("tools/list", nil); !strings.Contains(string(r.Result), `"name":"loop"`) {
		t.Errorf("tools/list: %s", r.Raw)
	}
	if _, ok := modern.pending[listen]; ok {
		t.Errorf("the cancelled subscription was answered")
	}
}
