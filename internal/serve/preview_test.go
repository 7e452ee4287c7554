package serve

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// sourceTools is examples/hello's tool list as serve DIR gives Preview:
// the analyzer's model, rendered by its one renderer.
func sourceTools(t *testing.T) []byte {
	t.Helper()
	a, err := gocheck.Analyze(context.Background(), "../../examples/hello")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := a.Model.ToolsJSON()
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// previewServer is a server whose package is still being built (the test
// holds the build) with the list given to Preview. ListWait is an hour: a
// tools/list that waited for it would not be answered before the test's
// backstop.
func previewServer(t *testing.T, tools []byte) (*Server, *syncBuffer) {
	t.Helper()
	s, log := unloadedServer(t, Options{ListWait: time.Hour})
	if err := s.Preview(tools); err != nil {
		t.Fatal(err)
	}
	return s, log
}

// TestListFromSource (issue 33): while a Go package is built (a cold
// build outlasts the 60 s clients wait for tools/list), tools/list answers
// at once with the tools its source declares, marked pending (ttlMs
// pendingTTL; listChanged at initialize); a tools/call waits for the
// linted module; once its list is known, the clients that were given the
// source's are told (list_changed) and find, asking again, the same bytes:
// the analyzer renders what subako_gen.go makes the module answer.
func TestListFromSource(t *testing.T) {
	wasm := hello(t)
	s, log := previewServer(t, sourceTools(t))
	legacy := startClient(t, s, false)
	if r := legacy.initialize("2025-11-25"); !strings.Contains(string(r.Result), `"tools":{"listChanged":true}`) {
		t.Errorf("initialize while building: %s", r.Raw)
	}
	before := legacy.ask("tools/list", nil)
	if !strings.Contains(string(before.Result), `"name":"greet"`) || !strings.Contains(string(before.Result), helloAnnotations) {
		t.Errorf("legacy tools/list while building: %s", before.Raw)
	}
	modern := startClient(t, s, true)
	listen := modern.send("subscriptions/listen", map[string]any{"notifications": map[string]any{"toolsListChanged": true}})
	modern.notified("notifications/subscriptions/acknowledged")
	r := modern.ask("tools/list", nil)
	var pending struct {
		Tools []struct{ Name string } `json:"tools"`
		TTLMs *int                    `json:"ttlMs"`
	}
	if err := json.Unmarshal(r.Result, &pending); err != nil || len(pending.Tools) != 1 || pending.Tools[0].Name != "greet" ||
		pending.TTLMs == nil || *pending.TTLMs != pendingTTL {
		t.Errorf("modern tools/list while building: %s", r.Raw)
	}
	if err := mcpschema.Validate("ListToolsResult", r.Result); err != nil {
		t.Error(err)
	}
	// A call waits for the linted module: the source's list has none.
	call := legacy.send("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}})

	// The build ends.
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	legacy.notified("notifications/tools/list_changed")
	if n := modern.notified("notifications/tools/list_changed"); !strings.Contains(string(n), `"io.modelcontextprotocol/subscriptionId":"`+listen+`"`) {
		t.Errorf("modern notification: %s", n)
	}
	if answer := legacy.wait(call); !strings.Contains(string(answer.Result), `Hello, Ada!`) {
		t.Errorf("tools/call made while building: %s", answer.Raw)
	}
	if after := legacy.ask("tools/list", nil); string(after.Result) != string(before.Result) {
		t.Errorf("the linted module's list differs from its source's:\nsource %s\nmodule %s", before.Result, after.Result)
	}
	if r := modern.ask("tools/list", nil); !strings.Contains(string(r.Result), `"ttlMs":3600000`) {
		t.Errorf("modern tools/list once built: %s", r.Raw)
	}
	if !strings.Contains(log.String(), "the linted module lists what its source said") {
		t.Errorf("the log does not say the lists agree:\n%s", log.String())
	}
	// Once the linted list is known, a preview changes nothing.
	if err := s.Preview([]byte(`[{"name":"late","inputSchema":{"type":"object"}}]`)); err != nil {
		t.Fatal(err)
	}
	if r := legacy.ask("tools/list", nil); strings.Contains(string(r.Result), `"late"`) {
		t.Errorf("a late preview was listed: %s", r.Raw)
	}
	if err := s.Preview([]byte(`{"tools":[]}`)); err == nil {
		t.Error("Preview took an object for the tools array")
	}
}

// TestListFromSourceDiffers: when the linted module lists other tools than
// its source said, the module's list wins and the clients are told.
func TestListFromSourceDiffers(t *testing.T) {
	wasm := hello(t)
	s, log := previewServer(t, []byte(`[{"name":"greet","description":"Said by the source.","inputSchema":{"type":"object"}},`+
		`{"name":"farewell","inputSchema":{"type":"object"}}]`))
	c := startClient(t, s, false)
	c.initialize("2025-11-25")
	if r := c.ask("tools/list", nil); !strings.Contains(string(r.Result), `"name":"farewell"`) {
		t.Errorf("tools/list while building: %s", r.Raw)
	}
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	c.notified("notifications/tools/list_changed")
	r := c.ask("tools/list", nil)
	if strings.Contains(string(r.Result), "farewell") || strings.Contains(string(r.Result), "Said by the source.") ||
		!strings.Contains(string(r.Result), `"description":"Greet someone by name."`) {
		t.Errorf("tools/list once built: %s", r.Raw)
	}
	if !strings.Contains(log.String(), "not what its source said") {
		t.Errorf("the log does not say the lists differ:\n%s", log.String())
	}
}

// TestListFromSourceFailed: when the package given by its source cannot be
// served, the clients that hold its list are told, and asking again they
// hear why.
func TestListFromSourceFailed(t *testing.T) {
	s, _ := previewServer(t, sourceTools(t))
	c := startClient(t, s, false)
	c.initialize("2025-11-25")
	if r := c.ask("tools/list", nil); !strings.Contains(string(r.Result), `"name":"greet"`) {
		t.Errorf("tools/list while building: %s", r.Raw)
	}
	call := c.send("tools/call", map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}})
	s.Fail(errors.New("examples/hello: the package has lint errors"))
	c.notified("notifications/tools/list_changed")
	if r := c.wait(call); r.Error == nil || !strings.Contains(r.Error.Message, "lint errors") {
		t.Errorf("tools/call once the load failed: %s", r.Raw)
	}
	if r := c.ask("tools/list", nil); r.Error == nil || !strings.Contains(r.Error.Message, "lint errors") {
		t.Errorf("tools/list once the load failed: %s", r.Raw)
	}
}

// TestListFromSourceLate: a client given no tools before the analyzer was
// done (ListWait passed first, on a loaded machine) is told as soon as the
// source's list comes, and gets it asking again.
func TestListFromSourceLate(t *testing.T) {
	wasm := hello(t)
	s, _ := unloadedServer(t, Options{ListWait: time.Millisecond})
	c := startClient(t, s, false)
	c.initialize("2025-11-25")
	if r := c.ask("tools/list", nil); string(r.Result) != `{"tools":[]}` {
		t.Errorf("tools/list before the analyzer was done: %s", r.Raw)
	}
	if err := s.Preview(sourceTools(t)); err != nil {
		t.Fatal(err)
	}
	c.notified("notifications/tools/list_changed")
	if r := c.ask("tools/list", nil); !strings.Contains(string(r.Result), `"name":"greet"`) {
		t.Errorf("tools/list once the source's list came: %s", r.Raw)
	}
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	s.Use(p)
	c.notified("notifications/tools/list_changed")
}
