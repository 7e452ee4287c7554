package serve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// TestListWhileBuilding (issue 33): while the package is still being built
// (a cold Go build outlasts the 60 s clients wait for tools/list), a
// tools/list that waited Options.ListWait is answered with no tools, in
// each revision's way of saying "ask again": a short ttlMs for 2026-07-28,
// listChanged at initialize and a notifications/tools/list_changed for the
// handshake era, and one on every open subscriptions/listen; the full list
// follows. The build is held by the test: the package is loaded only once
// both clients were answered.
func TestListWhileBuilding(t *testing.T) {
	wasm := hello(t)
	s, _ := unloadedServer(t, Options{ListWait: time.Millisecond})
	legacy := startClient(t, s, false)
	if r := legacy.initialize("2025-11-25"); !strings.Contains(string(r.Result), `"tools":{"listChanged":true}`) {
		t.Errorf("initialize while building: %s", r.Raw)
	}
	if r := legacy.ask("tools/list", nil); string(r.Result) != `{"tools":[]}` {
		t.Errorf("legacy tools/list while building: %s", r.Raw)
	}
	modern := startClient(t, s, true)
	listen := modern.send("subscriptions/listen", map[string]any{"notifications": map[string]any{"toolsListChanged": true}})
	if ack := modern.notified("notifications/subscriptions/acknowledged"); !strings.Contains(string(ack), `"toolsListChanged":true`) {
		t.Fatalf("subscriptions/listen while building: %s", ack)
	}
	r := modern.ask("tools/list", nil)
	var pending struct {
		Tools []json.RawMessage `json:"tools"`
		TTLMs *int              `json:"ttlMs"`
	}
	if err := json.Unmarshal(r.Result, &pending); err != nil || len(pending.Tools) != 0 || pending.TTLMs == nil || *pending.TTLMs != pendingTTL {
		t.Errorf("modern tools/list while building: %s", r.Raw)
	}
	if err := mcpschema.Validate("ListToolsResult", r.Result); err != nil {
		t.Error(err)
	}

	// The build ends.
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	if n := legacy.notified("notifications/tools/list_changed"); string(n) != `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` {
		t.Errorf("legacy notification: %s", n)
	}
	if n := modern.notified("notifications/tools/list_changed"); !strings.Contains(string(n), `"io.modelcontextprotocol/subscriptionId":"`+listen+`"`) {
		t.Errorf("modern notification: %s", n)
	}
	if r := legacy.ask("tools/list", nil); !strings.Contains(string(r.Result), `"name":"greet"`) {
		t.Errorf("legacy tools/list once built: %s", r.Raw)
	}
	if r := modern.ask("tools/list", nil); !strings.Contains(string(r.Result), `"name":"greet"`) || !strings.Contains(string(r.Result), `"ttlMs":3600000`) {
		t.Errorf("modern tools/list once built: %s", r.Raw)
	}
	// A client that comes once the list is known hears listChanged false
	// (nothing watches), as before.
	late := startClient(t, s, false)
	if r := late.initialize("2025-11-25"); !strings.Contains(string(r.Result), `"tools":{"listChanged":false}`) && !strings.Contains(string(r.Result), `"tools":{}`) {
		t.Errorf("initialize once built: %s", r.Raw)
	}
}
