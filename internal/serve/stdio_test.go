package serve

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	_ "image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
)

func hello(t *testing.T) string { return buildWasm(t, "../../examples/hello", "") }

// helloAnnotations are what examples/hello's markers state about greet,
// which clients of both eras get in tools/list (checkAnswer validates the
// answers against the MCP schema).
const helloAnnotations = `{"title":"Greet","readOnlyHint":true,"openWorldHint":false}`

func hostile(t *testing.T) string { return buildWasm(t, "./testdata/hostile", "") }

// The 2026-07-28 era: discovery, paging, calls, and the errors a
// stateless server owes a request it cannot serve.
func TestModern(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	c := startClient(t, s, true)

	r := c.ask("server/discover", nil)
	var disc struct {
		SupportedVersions []string
		Capabilities      map[string]json.RawMessage
		Meta              struct {
			ServerInfo struct{ Name string } `json:"io.modelcontextprotocol/serverInfo"`
		} `json:"_meta"`
	}
	if err := json.Unmarshal(r.Result, &disc); err != nil || len(disc.SupportedVersions) != 1 || disc.SupportedVersions[0] != "2026-07-28" ||
		disc.Capabilities["tools"] == nil || disc.Meta.ServerInfo.Name != "hello" {
		t.Errorf("server/discover: %s", r.Raw)
	}

	r = c.ask("tools/list", nil)
	var list struct {
		Tools []struct {
			Name        string
			Annotations json.RawMessage
		}
	}
	if err := json.Unmarshal(r.Result, &list); err != nil || len(list.Tools) != 1 || list.Tools[0].Name != "greet" {
		t.Errorf("tools/list: %s", r.Raw)
	} else if a := string(list.Tools[0].Annotations); a != helloAnnotations {
		t.Errorf("greet's annotations: %s, want %s", a, helloAnnotations)
	}

	res, _ := c.call("greet", map[string]any{"name": "Ada"})
	if res.IsError || res.ResultType != "complete" || string(res.StructuredContent) != `{"message":"Hello, Ada!"}` {
		t.Errorf("greet Ada: %+v", res)
	}
	res, _ = c.call("greet", map[string]any{"name": ""})
	if !res.IsError || res.text() != "name must not be empty" {
		t.Errorf("greet nobody: %+v", res)
	}
	res, _ = c.call("greet", map[string]any{"nom": "Ada"})
	if !res.IsError || !strings.Contains(res.text(), "nom") {
		t.Errorf("greet with a wrong argument: %+v", res)
	}

	for _, tc := range []struct {
		name   string
		method string
		params map[string]any
		code   int
		has    string
	}{
		{"unknown tool", "tools/call", map[string]any{"name": "nope"}, abi.CodeInvalidParams, "Unknown tool: nope"},
		{"arguments not an object", "tools/call", map[string]any{"name": "greet", "arguments": []int{1}}, abi.CodeInvalidParams, "arguments must be an object"},
		{"no _meta", "tools/list", map[string]any{"_meta": map[string]any{}}, abi.CodeInvalidParams, "protocolVersion"},
		{"no capabilities", "tools/list", map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}, abi.CodeInvalidParams, "clientCapabilities"},
		{"old version", "tools/list", map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "1900-01-01", "io.modelcontextprotocol/clientCapabilities": map[string]any{}}}, abi.CodeUnsupportedProtocolVersion, "1900-01-01"},
		{"unknown method", "resources/list", nil, abi.CodeMethodNotFound, "resources/list"},
		{"bad cursor", "tools/list", map[string]any{"cursor": "nonsense"}, abi.CodeInvalidParams, "invalid cursor"},
	} {
		r := c.ask(tc.method, tc.params)
		if r.Error == nil || r.Error.Code != tc.code || !strings.Contains(r.Error.Message, tc.has) {
			t.Errorf("%s: %s", tc.name, r.Raw)
		}
		if tc.code == abi.CodeUnsupportedProtocolVersion && string(r.Error.Data) != `{"requested":"1900-01-01","supported":["2026-07-28"]}` {
			t.Errorf("%s: data %s", tc.name, r.Error.Data)
		}
	}
}

// The handshake era: initialize picks the revision, requests carry no
// _meta, results have no 2026-07-28 fields.
func TestLegacy(t *testing.T) {
	s, log := newServer(t, hello(t), Options{})
	for _, tc := range []struct{ ask, want string }{
		{"2025-06-18", "2025-06-18"},
		{"2025-11-25", "2025-11-25"},
		{"2024-11-05", "2025-11-25"},
		{"2026-07-28", "2025-11-25"},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			c := startClient(t, s, false)
			before := c.ask("tools/list", nil)
			if before.Error == nil || before.Error.Code != abi.CodeInvalidParams || !strings.Contains(before.Error.Message, "initialize") {
				t.Errorf("tools/list before initialize: %s", before.Raw)
			}
			r := c.initialize(tc.ask)
			var init struct {
				ProtocolVersion string
				Capabilities    struct{ Tools *struct{ ListChanged bool } }
				ServerInfo      struct{ Name, Version string }
			}
			if err := json.Unmarshal(r.Result, &init); err != nil || init.ProtocolVersion != tc.want || init.Capabilities.Tools == nil ||
				init.ServerInfo.Name != "hello" || init.Capabilities.Tools.ListChanged {
				t.Errorf("initialize %s: %s", tc.ask, r.Raw)
			}
			if r := c.ask("ping", nil); r.Error != nil || string(r.Result) != "{}" {
				t.Errorf("ping: %s", r.Raw)
			}
			r = c.ask("tools/list", nil)
			if !bytes.Contains(r.Result, []byte(`"name":"greet"`)) || !bytes.Contains(r.Result, []byte(`"annotations":`+helloAnnotations)) {
				t.Errorf("tools/list: %s", r.Raw)
			}
			res, _ := c.call("greet", map[string]any{"name": "Ada"})
			if res.IsError || res.ResultType != "" || string(res.StructuredContent) != `{"message":"Hello, Ada!"}` || res.text() != `{"message":"Hello, Ada!"}` {
				t.Errorf("greet Ada: %+v", res)
			}
			// A modern request on the same connection is served statelessly.
			r = c.ask("tools/list", map[string]any{"_meta": meta()})
			if !bytes.Contains(r.Result, []byte(`"resultType":"complete"`)) {
				t.Errorf("a modern request after initialize: %s", r.Raw)
			}
		})
	}
	if !strings.Contains(log.String(), "initialize: serve-test 1 speaks 2025-11-25 (asked for 2024-11-05)") {
		t.Errorf("log:\n%s", log)
	}
}

// Malformed lines get JSON-RPC errors without ids, and serve goes on.
func TestMalformed(t *testing.T) {
	s, _ := newServer(t, hello(t), Options{})
	c := startClient(t, s, true)
	for _, tc := range []struct{ line, has string }{
		{`{not json`, "parse error"},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, "batches"},
		{`{"jsonrpc":"1.0","id":1,"method":"ping"}`, "2.0"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, "string or an integer"},
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, "sends no requests"},
	} {
		c.writeRaw(tc.line)
		line, ok := c.next(10 * time.Second)
		var r response
		if !ok || json.Unmarshal(line, &r) != nil || r.Error == nil || r.ID != nil || !strings.Contains(r.Error.Message, tc.has) {
			t.Errorf("%s: answered %s", tc.line, line)
		}
		checkAnswer(t, "", line)
	}
	// Notifications get no answer; the next request does.
	c.writeRaw(`{"jsonrpc":"2.0","method":"notifications/whatever"}`)
	if r := c.ask("tools/list", nil); r.Error != nil {
		t.Errorf("tools/list after the bad lines: %s", r.Raw)
	}
}

// tools/list pages by PageSize; a cursor from another package version is
// refused.
func TestPaging(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{PageSize: 4})
	c := startClient(t, s, true)
	var names []string
	var pages int
	params := map[string]any{}
	for {
		r := c.ask("tools/list", params)
		var page struct {
			Tools      []struct{ Name string }
			NextCursor *string
		}
		if err := json.Unmarshal(r.Result, &page); err != nil {
			t.Fatalf("%s", r.Raw)
		}
		pages++
		for _, tool := range page.Tools {
			names = append(names, tool.Name)
		}
		if page.NextCursor == nil {
			break
		}
		params = map[string]any{"cursor": *page.NextCursor}
	}
	if strings.Join(names, ",") != strings.Join(tools, ",") || pages != 4 {
		t.Errorf("%d pages: %v", pages, names)
	}
	first := c.ask("tools/list", nil)
	var page struct{ NextCursor string }
	_ = json.Unmarshal(first.Result, &page)
	other, err := s.Load(t.Context(), hello(t)) // a new version, as --watch makes one
	if err != nil {
		t.Fatal(err)
	}
	s.Use(other)
	if r := c.ask("tools/list", map[string]any{"cursor": page.NextCursor}); r.Error == nil || r.Error.Code != abi.CodeInvalidParams {
		t.Errorf("an old cursor: %s", r.Raw)
	}
}

// tools is the hostile module's tool list (testdata/hostile).
var tools = []string{"ok", "loop", "flood", "panic", "exit3", "sleep", "write", "read", "big_image", "inline_image", "mixed", "missing_image", "stderr_flood"}

// A module that loops, floods stdout, panics, exits non-zero or floods
// stderr never takes serve down: each is a crashed-call result, and the
// next call works.
func TestHostile(t *testing.T) {
	s, log := newServer(t, hostile(t), Options{Timeout: 2 * time.Second})
	for _, modern := range []bool{true, false} {
		c := startClient(t, s, modern)
		if !modern {
			c.initialize("2025-11-25")
		}
		for _, tc := range []struct{ tool, has string }{
			{"loop", "ran out of time after 2"},
			{"flood", "more than 1 MiB on stdout"},
			{"panic", "boom: the hostile module crashed on purpose"},
			{"exit3", "exited with status 3"},
			{"stderr_flood", "the last 4096 bytes of its stderr:"},
		} {
			res, _ := c.call(tc.tool, nil)
			if !res.IsError || !strings.HasPrefix(res.text(), "The function crashed: ") || !strings.Contains(res.text(), tc.has) {
				t.Errorf("%s: %+v", tc.tool, res)
			}
			if tc.tool == "stderr_flood" && !strings.HasSuffix(res.text(), "the last words") {
				t.Errorf("%s: the tail of stderr is not shown: %q", tc.tool, res.text())
			}
			if ok, _ := c.call("ok", nil); ok.IsError || ok.text() != "fine" {
				t.Errorf("the call after %s: %+v", tc.tool, ok)
			}
		}
	}
	if !regexp.MustCompile(`call loop \(2026-07-28\): crashed after [^:]*: ran out of time after 2s of its own time`).MatchString(log.String()) {
		t.Errorf("log:\n%s", log)
	}
}

// Calls run in parallel instances, at most MaxConcurrent at once: three
// calls that each loop until their timeout (of the module's own time) are
// in flight together when three may be, and one at a time when one may.
func TestConcurrent(t *testing.T) {
	for _, max := range []int{3, 1} {
		s, _ := newServer(t, hostile(t), Options{MaxConcurrent: max, Timeout: 300 * time.Millisecond})
		var mu sync.Mutex
		most := 0
		s.slotTaken = func(n int) {
			mu.Lock()
			most = maxOf(most, n)
			mu.Unlock()
		}
		c := startClient(t, s, true)
		var ids []string
		for range 3 {
			ids = append(ids, c.send("tools/call", map[string]any{"name": "loop"}))
		}
		for _, id := range ids {
			if r := c.wait(id); !bytes.Contains(r.Result, []byte(`"isError":true`)) {
				t.Errorf("%s", r.Raw)
			}
		}
		mu.Lock()
		if most != max {
			t.Errorf("max %d: at most %d calls were in flight at once", max, most)
		}
		mu.Unlock()
	}
}

func maxOf(a, b int) int { return max(a, b) }

// notifications/cancelled stops a call: it gets no answer, and the next
// one works.
func TestCancel(t *testing.T) {
	s, log := newServer(t, hostile(t), Options{})
	started := make(chan struct{}, 1)
	s.slotTaken = func(int) {
		select {
		case started <- struct{}{}:
		default:
		}
	}
	c := startClient(t, s, true)
	id := c.send("tools/call", map[string]any{"name": "loop"})
	<-started // the call has its instance: it runs
	c.write(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": id, "reason": "test"}})
	if ok, _ := c.call("ok", nil); ok.text() != "fine" {
		t.Errorf("after a cancel: %+v", ok)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "call loop (2026-07-28): stopped after") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	c.close()
	for line, ok := c.next(time.Second); ok; line, ok = c.next(time.Second) {
		t.Errorf("an answer after the cancel: %s", line)
	}
	if !strings.Contains(log.String(), "cancelled by the client test") {
		t.Errorf("log:\n%s", log)
	}
}

// Images linked from the volume arrive as image content, downscaled to
// 2000 px on the long edge; so do large inline images. Other blocks are
// shown as Subako shows them.
func TestImages(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{})
	for _, modern := range []bool{true, false} {
		c := startClient(t, s, modern)
		if !modern {
			c.initialize("2025-06-18")
		}
		for _, tc := range []struct {
			tool       string
			w, h       int
			wantW, wnH int
		}{
			{"big_image", 2400, 600, 2000, 500},
			{"big_image", 300, 200, 300, 200},
			{"big_image", 700, 2100, 666, 2000},
			{"inline_image", 2100, 2001, 2000, 1905},
		} {
			res, _ := c.call(tc.tool, map[string]any{"w": tc.w, "h": tc.h})
			if res.IsError || len(res.Content) != 2 || res.Content[1].Type != "image" || res.Content[1].MimeType != "image/png" {
				t.Fatalf("%s %dx%d: %+v", tc.tool, tc.w, tc.h, res)
			}
			data, err := base64.StdEncoding.DecodeString(res.Content[1].Data)
			if err != nil {
				t.Fatal(err)
			}
			cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil || cfg.Width != tc.wantW || cfg.Height != tc.wnH {
				t.Errorf("%s %dx%d: image %dx%d (%v)", tc.tool, tc.w, tc.h, cfg.Width, cfg.Height, err)
			}
		}
		res, _ := c.call("missing_image", nil)
		if res.IsError || len(res.Content) != 1 || !strings.Contains(res.text(), "volume:///tmp/nothing-here.png could not be read: no such file") {
			t.Errorf("missing image: %+v", res)
		}
		res, _ = c.call("mixed", nil)
		want := "a text\n" + `(a "audio" block was left out: Subako shows text, images and links)` + "\nLink: report (https://example.com/report)\n" +
			`(a "resource" block was left out: Subako shows text, images and links)`
		if res.text() != want {
			t.Errorf("mixed:\n%s\nwant\n%s", res.text(), want)
		}
		// An array is a structured value in 2026-07-28 only.
		if got := string(res.StructuredContent); (modern && got != "[1,2,3]") || (!modern && got != "") {
			t.Errorf("mixed structuredContent (modern %v): %s", modern, got)
		}
	}
}

// --volume keeps /volume/tmp (and /volume/data with Data) across calls and
// sessions; the default volume is temporary and removed by Close.
func TestVolume(t *testing.T) {
	vol := t.TempDir()
	s, _ := newServer(t, hostile(t), Options{Volume: vol, Data: true})
	c := startClient(t, s, true)
	for _, p := range []string{"/volume/tmp/note.txt", "/volume/data/keep.txt"} {
		if res, _ := c.call("write", map[string]any{"path": p, "text": "kept " + p}); res.IsError {
			t.Fatalf("write %s: %+v", p, res)
		}
		if res, _ := c.call("read", map[string]any{"path": p}); res.text() != "kept "+p {
			t.Errorf("read %s: %+v", p, res)
		}
	}
	if b, err := os.ReadFile(filepath.Join(vol, "data", "keep.txt")); err != nil || string(b) != "kept /volume/data/keep.txt" {
		t.Errorf("on disk: %q %v", b, err)
	}

	s2, _ := newServer(t, hostile(t), Options{})
	c2 := startClient(t, s2, true)
	if res, _ := c2.call("write", map[string]any{"path": "/volume/data/x", "text": "x"}); !res.IsError {
		t.Errorf("/volume/data without Data: %+v", res)
	}
	tmp := s2.Volume()
	if res, _ := c2.call("write", map[string]any{"path": "/volume/tmp/x", "text": "x"}); res.IsError {
		t.Errorf("write: %+v", res)
	}
	c2.close()
	s2.Close()
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary volume is still there: %v", err)
	}
}

// TestLintRefuses: a package lint finds errors in is refused unless Force
// is set, and the log says the finding. The second mode is attack pass
// 47b, row 2: a tool that carries an x-mcp-header MCP forbids ("Bad
// Text": a space) is refused as any package with a lint error is (T017,
// naming the tool and the pointer): served, it would be listed to HTTP
// clients, which must drop it, and serve --http would refuse every call
// with the argument for a header no client can send. Before, lint said
// nothing and serve served it.
func TestLintRefuses(t *testing.T) {
	for _, c := range []struct {
		mode string
		log  []string // what the log must say
	}{
		{"badname", []string{"Not A Name"}},
		{"badheader", []string{"T017", `tool "ok": inputSchema /properties/text/x-mcp-header`}},
	} {
		bad := buildWasm(t, "./testdata/hostile", "-X main.mode="+c.mode)
		logBuf := &syncBuffer{}
		s, err := New(Options{Log: logBuf, Host: Options{}.Host})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Load(t.Context(), bad); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: load: %v", c.mode, err)
		}
		s.Close()
		for _, want := range c.log {
			if !strings.Contains(logBuf.String(), want) {
				t.Errorf("%s: %q is not in the log:\n%s", c.mode, want, logBuf)
			}
		}
		if c.mode != "badname" {
			continue
		}
		s2, _ := newServer(t, bad, Options{Force: true})
		cl := startClient(t, s2, true)
		if res, _ := cl.call("sleep", map[string]any{"ms": 1}); res.text() != "slept 1ms" {
			t.Errorf("forced: %+v", res)
		}
	}
}
