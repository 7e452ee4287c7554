package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
)

// unloaded is a server whose package is not loaded yet: what serve is
// while it builds, lints and probes. Its tools/list waits for the package
// however long the test takes to load it (TestListWhileBuilding tests the
// answer given to one that waits too long).
func unloaded(t *testing.T) (*Server, *syncBuffer) {
	t.Helper()
	return unloadedServer(t, Options{Name: "pkg", ListWait: time.Hour})
}

// TestAnsweredAtOnce: before the package is loaded, initialize and
// server/discover are answered (they need no package); tools/list waits,
// and is answered once the package is in use.
func TestAnsweredAtOnce(t *testing.T) {
	wasm := hello(t)
	s, _ := unloaded(t)
	legacy := startClient(t, s, false)
	r := legacy.initialize("2025-06-18")
	if r.Error != nil || !bytes.Contains(r.Result, []byte(`"serverInfo":{"name":"pkg"`)) || !bytes.Contains(r.Result, []byte(`"logging":{}`)) {
		t.Fatalf("initialize before the package: %s", r.Raw)
	}
	modern := startClient(t, s, true)
	if r := modern.ask("server/discover", nil); r.Error != nil || !bytes.Contains(r.Result, []byte(`"supportedVersions":["2026-07-28"]`)) {
		t.Fatalf("server/discover before the package: %s", r.Raw)
	}
	if r := legacy.ask("ping", nil); r.Error != nil {
		t.Fatalf("ping before the package: %s", r.Raw)
	}
	list := legacy.send("tools/list", nil)
	call := modern.send("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}})
	// Answered after the list that is sent later, the ping shows that the
	// waiting list holds up nothing.
	if r := legacy.ask("ping", nil); r.Error != nil {
		t.Fatalf("ping while the list waits: %s", r.Raw)
	}
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	if r := legacy.wait(list); r.Error != nil || !bytes.Contains(r.Result, []byte(`"name":"greet"`)) {
		t.Errorf("tools/list once loaded: %s", r.Raw)
	}
	if r := modern.wait(call); r.Error != nil || !bytes.Contains(r.Result, []byte(`Hello, Ada!`)) {
		t.Errorf("tools/call once loaded: %s", r.Raw)
	}
}

// TestLoadFailed: when the package cannot be served, the requests waiting
// for it are answered with why, and a handshake-era client hears it as a
// log message.
func TestLoadFailed(t *testing.T) {
	s, _ := unloaded(t)
	c := startClient(t, s, false)
	c.initialize("2025-06-18")
	list := c.send("tools/list", nil)
	s.Fail(errors.New("pkg: the package has lint errors (1 error; --force serves it anyway)"))
	if msg := c.notified("notifications/message"); !bytes.Contains(msg, []byte(`"level":"error"`)) || !bytes.Contains(msg, []byte("lint errors")) {
		t.Errorf("log message: %s", msg)
	}
	if r := c.wait(list); r.Error == nil || !strings.Contains(r.Error.Message, "could not be served: pkg: the package has lint errors") {
		t.Errorf("tools/list after the failure: %s", r.Raw)
	}
	if r := c.ask("logging/setLevel", map[string]any{"level": "loud"}); r.Error == nil || r.Error.Code != abi.CodeInvalidParams {
		t.Errorf("a bad level: %s", r.Raw)
	}
	if r := c.ask("logging/setLevel", map[string]any{"level": "error"}); r.Error != nil {
		t.Errorf("setLevel: %s", r.Raw)
	}
}

// TestCancelRightBehind: a notifications/cancelled on the line right after
// its call is never lost: the call is registered before the next line is
// read, so it does not run, and no answer comes.
func TestCancelRightBehind(t *testing.T) {
	wasm := hello(t)
	s, log := unloaded(t)
	c := startClient(t, s, true)
	for range 3 {
		id := c.send("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}})
		c.write(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": id, "reason": "right behind"}})
	}
	// The package is loaded only now: every call was still waiting for it
	// when its cancel came, however fast the reading was.
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	after := c.send("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Bo"}})
	c.close() // waits for every call to be answered or dropped
	var answers []string
	for l := range c.lines {
		answers = append(answers, string(l))
	}
	if len(answers) != 1 || !strings.Contains(answers[0], `"id":"`+after+`"`) {
		t.Errorf("answers: %q", answers)
	}
	if n := strings.Count(log.String(), "cancelled by the client right behind"); n != 3 {
		t.Errorf("%d cancels logged, want 3", n)
	}
}

// TestListedBeforeProbes: once discovery passed, tools/list is answered
// from it while the probes run; tools/call still waits for the package.
func TestListedBeforeProbes(t *testing.T) {
	wasm := hello(t)
	s, log := unloaded(t)
	c := startClient(t, s, true)
	call := c.send("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}})
	s.load.path = wasm
	s.discovered(&pkgcheck.Result{Discovery: &host.Discovery{Tools: []json.RawMessage{json.RawMessage(`{"name":"greet","inputSchema":{"type":"object"}}`)}}})
	if r := c.ask("tools/list", nil); r.Error != nil || !bytes.Contains(r.Result, []byte(`"name":"greet"`)) {
		t.Fatalf("tools/list while the probes run: %s", r.Raw)
	}
	if !strings.Contains(log.String(), "listing ") {
		t.Errorf("log:\n%s", log)
	}
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	if r := c.wait(call); r.Error != nil || !bytes.Contains(r.Result, []byte(`Hello, Ada!`)) {
		t.Errorf("tools/call once loaded: %s", r.Raw)
	}
}
