package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
)

func TestMain(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code) // the host's compile worker
	}
	if helperMain() || budgetHelperMain() {
		return
	}
	os.Exit(m.Run())
}

// buildWasm builds a Go main package for wasip1 (once per source and
// flags, see internal/gowasm), with optional linker flags, and returns the
// module's path, which must not be changed.
func buildWasm(t testing.TB, pkg, ldflags string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	if ldflags == "" {
		return gowasm.Path(t, pkg)
	}
	return gowasm.Path(t, pkg, "-ldflags="+ldflags)
}

// newServer loads a module into a server whose log goes to the test.
func newServer(t *testing.T, wasm string, opt Options) (*Server, *syncBuffer) {
	t.Helper()
	s, logBuf := unloadedServer(t, opt)
	p, err := s.Load(context.Background(), wasm)
	if err != nil {
		t.Fatalf("load %s: %v\n%s", wasm, err, logBuf.String())
	}
	s.Use(p)
	return s, logBuf
}

// unloadedServer is a server with no package yet, as serve is while it
// builds one, its log shown when the test fails.
func unloadedServer(t *testing.T, opt Options) (*Server, *syncBuffer) {
	t.Helper()
	logBuf := &syncBuffer{}
	opt.Log = logBuf
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Close()
		if t.Failed() || testing.Verbose() {
			t.Logf("serve log:\n%s", logBuf.String())
		}
	})
	return s, logBuf
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// client is a small MCP client of the test's own over serve's stdio: it
// writes lines and reads answers, and checks each against the schema.
type client struct {
	t       *testing.T
	in      *io.PipeWriter
	lines   chan []byte
	done    chan error
	modern  bool // send 2026-07-28 _meta on each request
	nextID  int
	closing sync.Once
	pending map[string][]byte // answers read while waiting for another
	methods map[string]string // the method of each id sent
}

func startClient(t *testing.T, s *Server, modern bool) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, lines: make(chan []byte, 100), done: make(chan error, 1), modern: modern, pending: map[string][]byte{}, methods: map[string]string{}}
	go func() {
		err := s.ServeStdio(context.Background(), inR, outW)
		outW.Close()
		c.done <- err
	}()
	go func() {
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				c.lines <- bytes.TrimSuffix(line, []byte("\n"))
			}
			if err != nil {
				close(c.lines)
				return
			}
		}
	}()
	t.Cleanup(func() { c.close() })
	return c
}

// close ends stdin and waits for ServeStdio to return.
func (c *client) close() {
	c.closing.Do(func() {
		c.in.Close()
		select {
		case err := <-c.done:
			if err != nil {
				c.t.Errorf("ServeStdio: %v", err)
			}
		case <-time.After(30 * time.Second):
			c.t.Error("ServeStdio did not return after stdin closed")
		}
	})
}

func meta() map[string]any {
	return map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "serve-test", "version": "1"},
		"io.modelcontextprotocol/clientCapabilities": map[string]any{},
	}
}

// send writes one request and returns its id.
func (c *client) send(method string, params map[string]any) string {
	c.t.Helper()
	c.nextID++
	id := "req-" + strconv.Itoa(c.nextID)
	if params == nil {
		params = map[string]any{}
	}
	if c.modern && params["_meta"] == nil {
		params["_meta"] = meta()
	}
	c.methods[id] = method
	c.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return id
}

func (c *client) write(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.writeRaw(string(b))
}

func (c *client) writeRaw(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// next returns the next line serve writes.
func (c *client) next(wait time.Duration) ([]byte, bool) {
	select {
	case l, ok := <-c.lines:
		return l, ok
	case <-time.After(wait):
		return nil, false
	}
}

// response is a decoded answer.
type response struct {
	Raw    []byte
	ID     json.RawMessage
	Result json.RawMessage
	Error  *struct {
		Code    int
		Message string
		Data    json.RawMessage
	}
}

// answerBackstop is how long a client waits for an answer on the wall
// clock: a backstop against a server that never answers, not a limit. On
// a busy machine an answer may wait for a compilation (an interpreted run
// out of time is made again on the compiled code) and take minutes.
const answerBackstop = 5 * time.Minute

// wait reads until the answer to id, keeping other answers for later.
func (c *client) wait(id string) response {
	c.t.Helper()
	if raw, ok := c.pending[id]; ok {
		delete(c.pending, id)
		return c.decode(id, raw)
	}
	deadline := time.Now().Add(answerBackstop)
	for {
		line, ok := c.next(time.Until(deadline))
		if !ok {
			c.t.Fatalf("no answer to %s", id)
		}
		var head struct {
			ID     json.RawMessage
			Method string
		}
		if err := json.Unmarshal(line, &head); err != nil {
			c.t.Fatalf("serve wrote a line that is not JSON: %q", line)
		}
		if head.Method != "" {
			continue // a notification
		}
		var got string
		_ = json.Unmarshal(head.ID, &got)
		if got == id {
			return c.decode(id, line)
		}
		c.pending[got] = line
	}
}

func (c *client) decode(id string, line []byte) response {
	c.t.Helper()
	var r response
	if err := json.Unmarshal(line, &r); err != nil {
		c.t.Fatalf("answer %q: %v", line, err)
	}
	r.Raw = line
	checkAnswer(c.t, c.methods[id], line)
	if bytes.Contains(line, []byte("\n")) {
		c.t.Errorf("answer has an embedded newline: %q", line)
	}
	return r
}

// notified reads until a notification of method, keeping answers for
// later, and returns it.
func (c *client) notified(method string) []byte {
	c.t.Helper()
	deadline := time.Now().Add(answerBackstop)
	for {
		line, ok := c.next(time.Until(deadline))
		if !ok {
			c.t.Fatalf("no %s notification", method)
		}
		var head struct {
			ID     json.RawMessage
			Method string
		}
		_ = json.Unmarshal(line, &head)
		if head.Method == method {
			return line
		}
		if head.Method == "" {
			var id string
			_ = json.Unmarshal(head.ID, &id)
			c.pending[id] = line
		}
	}
}

// ask sends a request and waits for its answer.
func (c *client) ask(method string, params map[string]any) response {
	c.t.Helper()
	return c.wait(c.send(method, params))
}

// initialize opens the handshake era with version.
func (c *client) initialize(version string) response {
	c.t.Helper()
	r := c.ask("initialize", map[string]any{"protocolVersion": version, "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "serve-test", "version": "1"}})
	c.write(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return r
}

// callResult is a CallToolResult as the tests read it.
type callResult struct {
	Content []struct {
		Type, Text, MimeType, Data, URI string
	}
	StructuredContent json.RawMessage
	IsError           bool
	ResultType        string
}

func (c *client) call(tool string, args map[string]any) (callResult, response) {
	c.t.Helper()
	r := c.ask("tools/call", map[string]any{"name": tool, "arguments": args})
	if r.Error != nil {
		c.t.Fatalf("tools/call %s: error %d %s", tool, r.Error.Code, r.Error.Message)
	}
	var res callResult
	if err := json.Unmarshal(r.Result, &res); err != nil {
		c.t.Fatal(err)
	}
	return res, r
}

func (r callResult) text() string {
	var parts []string
	for _, b := range r.Content {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}
