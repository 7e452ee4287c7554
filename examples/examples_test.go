//go:build !wasip1

package examples_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
	"github.com/subako-ai/subako-go/internal/testcert"
)

// Test-run state: the modules built, the host that compiled them, and the
// weather API's stand-in.
var (
	mu       sync.Mutex
	built    = map[string]string{}       // package -> .wasm file
	compiled = map[string]*host.Module{} // package -> module
	theHost  *host.Host
	api      *weatherAPI
)

func TestMain(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code) // the host's compile worker
	}
	code := m.Run()
	if theHost != nil {
		_ = theHost.Close(context.Background())
	}
	if api != nil {
		api.srv.Close()
	}
	os.Exit(code)
}

// buildWasm builds an example for wasip1 once per test run and returns the
// file's path. Weather is linked to reach the test's API server (see
// weatherLDFlags), so its one build serves every test.
func buildWasm(t *testing.T, pkg string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	var ldflags string
	if pkg == "weather" {
		ldflags = weatherLDFlags(t)
	}
	mu.Lock()
	defer mu.Unlock()
	if out, ok := built[pkg]; ok {
		return out
	}
	out := gowasm.Path(t, "./"+pkg, "-ldflags="+ldflags)
	built[pkg] = out
	return out
}

// module compiles an example in the shared host, once per test run. The
// host keeps wazero's compilation cache in the user cache directory, as the
// CLI does, so that reruns skip most of the compiling.
func module(t *testing.T, pkg string) (*host.Host, *host.Module) {
	t.Helper()
	wasm, err := os.ReadFile(buildWasm(t, pkg))
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if theHost == nil {
		if theHost, err = host.New(context.Background(), host.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	m := compiled[pkg]
	if m == nil {
		if m, err = theHost.Compile(context.Background(), wasm); err != nil {
			t.Fatal(err)
		}
		compiled[pkg] = m
	}
	return theHost, m
}

// checkRun asserts what every run must show: no protocol break, and exit 0
// within a second of stdin closing.
func checkRun(t *testing.T, r *host.Record) {
	t.Helper()
	if bs := r.Breaks(); len(bs) > 0 {
		t.Errorf("breaks: %v\nstderr: %s", bs, r.Stderr)
	}
	if !r.Exited || r.ExitCode != 0 {
		t.Errorf("exited %v with %d, trap %q", r.Exited, r.ExitCode, r.Trap)
	}
	if r.CloseToExit < 0 || r.CloseToExit > time.Second {
		t.Errorf("took %v from stdin closing to exit", r.CloseToExit)
	}
}

// result is a CallToolResult, as the tests read it.
type result struct {
	Content []struct {
		Type, Text, URI, Name, MimeType, Data string
	}
	StructuredContent json.RawMessage
	IsError           bool
}

func call(t *testing.T, pkg, tool, args string, cfg host.CallConfig) result {
	t.Helper()
	h, m := module(t, pkg)
	c := h.Call(context.Background(), m, tool, json.RawMessage(args), cfg)
	checkRun(t, c.Record)
	var res result
	if err := json.Unmarshal(c.Result, &res); err != nil {
		t.Fatalf("%s %s: %v\nresponse: %s\nstderr: %s", tool, args, err, c.Response, c.Record.Stderr)
	}
	return res
}

var toolName = regexp.MustCompile(`^[a-z0-9_-]{1,64}$`)

// Discovery finds each example's tools, with object input schemas, and the
// module exits cleanly.
func TestDiscovery(t *testing.T) {
	for pkg, tools := range map[string][]string{
		"hello":   {"greet"},
		"weather": {"forecast"},
		"chart":   {"bar_chart"},
	} {
		t.Run(pkg, func(t *testing.T) {
			h, m := module(t, pkg)
			d := h.Discover(context.Background(), m, "")
			if d.Stopped != nil {
				t.Fatalf("stopped: %s\nstderr: %s", d.Stopped, d.Record.Stderr)
			}
			checkRun(t, d.Record)
			var disc struct {
				SupportedVersions []string
				Capabilities      struct{ Tools *struct{} }
			}
			if err := json.Unmarshal(d.Discover, &disc); err != nil || len(disc.SupportedVersions) != 1 ||
				disc.SupportedVersions[0] != "2026-07-28" || disc.Capabilities.Tools == nil {
				t.Errorf("server/discover: %s", d.Discover)
			}
			var names []string
			for _, raw := range d.Tools {
				var tool struct {
					Name, Description string
					InputSchema       map[string]any
					OutputSchema      map[string]any
				}
				if err := json.Unmarshal(raw, &tool); err != nil {
					t.Fatalf("tool %s: %v", raw, err)
				}
				names = append(names, tool.Name)
				if !toolName.MatchString(tool.Name) || tool.Description == "" || len(tool.Description) > 1024 {
					t.Errorf("tool %s: bad name or description", tool.Name)
				}
				if tool.InputSchema["type"] != "object" || tool.InputSchema["properties"] == nil {
					t.Errorf("tool %s: input schema %v", tool.Name, tool.InputSchema)
				}
				if tool.OutputSchema["type"] != "object" {
					t.Errorf("tool %s: output schema %v", tool.Name, tool.OutputSchema)
				}
			}
			if strings.Join(names, ",") != strings.Join(tools, ",") {
				t.Errorf("tools %v, want %v", names, tools)
			}
		})
	}
}

func TestHello(t *testing.T) {
	res := call(t, "hello", "greet", `{"name":"Ada"}`, host.CallConfig{})
	if res.IsError || string(res.StructuredContent) != `{"message":"Hello, Ada!"}` ||
		len(res.Content) != 1 || res.Content[0].Text != `{"message":"Hello, Ada!"}` {
		t.Errorf("greet Ada: %+v", res)
	}
	res = call(t, "hello", "greet", `{"name":""}`, host.CallConfig{})
	if !res.IsError || len(res.Content) != 1 || res.Content[0].Text != "name must not be empty" || res.StructuredContent != nil {
		t.Errorf("greet nobody: %+v", res)
	}
}

// The weather API's host names, and what the test's resolver maps them to.
const (
	geocodingHost = "geocoding-api.open-meteo.com"
	forecastHost  = "api.open-meteo.com"
)

// weatherAPI is a TLS server on 127.0.0.1 that answers for both of
// Open-Meteo's hosts, with a certificate for their names.
type weatherAPI struct {
	srv  *httptest.Server
	port string

	mu       sync.Mutex
	requests []string // host and path of each request, as received
}

func (a *weatherAPI) seen() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.requests...)
}

func (a *weatherAPI) serve(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	a.requests = append(a.requests, r.Host+r.URL.RequestURI())
	a.mu.Unlock()
	host, _, _ := net.SplitHostPort(r.Host)
	status, body := http.StatusOK, ""
	switch {
	case host == geocodingHost && r.URL.Path == "/v1/search" && r.URL.Query().Get("name") == "Berlin":
		body = `{"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"country":"Germany"}],"generationtime_ms":0.9}`
	case host == geocodingHost && r.URL.Path == "/v1/search":
		body = `{"generationtime_ms":0.4}`
	case host == forecastHost && r.URL.Path == "/v1/forecast" && r.URL.Query().Get("latitude") == "52.52437":
		body = `{"latitude":52.52,"longitude":13.42,"current":{"time":"2026-07-28T12:00","interval":900,"temperature_2m":21.4,"weather_code":3}}`
	case host == forecastHost && r.URL.Path == "/v1/forecast":
		status, body = http.StatusBadRequest, `{"error":true,"reason":"Latitude must be in range of -90 to 90°."}`
	default:
		status, body = http.StatusNotFound, `{"error":true,"reason":"not found"}`
	}
	w.Header().Set("content-type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// startAPI starts the weather API's stand-in once per test run.
func startAPI(t *testing.T) *weatherAPI {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if api != nil {
		return api
	}
	cert, err := testcert.New("examples test", []string{geocodingHost, forecastHost}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := &weatherAPI{}
	a.srv = httptest.NewUnstartedServer(http.HandlerFunc(a.serve))
	a.srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	a.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	a.srv.StartTLS()
	_, a.port, _ = net.SplitHostPort(a.srv.Listener.Addr().String())
	api = a
	return a
}

// weatherLDFlags points the weather module's API base URLs at the test's
// server: same host names, the server's port. The module keeps its URLs in
// variables for this, since a test cannot listen on port 443.
func weatherLDFlags(t *testing.T) string {
	a := startAPI(t)
	return "-X main.geocodingBase=https://" + geocodingHost + ":" + a.port +
		" -X main.forecastBase=https://" + forecastHost + ":" + a.port
}

// httpConfig is subako_http for a call that may reach allow: the names
// resolve to 127.0.0.1 only through the test's resolver, which knows no
// other name, so no test ever touches the real network.
func httpConfig(a *weatherAPI, allow ...string) *subakohttp.Config {
	return &subakohttp.Config{
		AllowHosts: allow,
		Resolver: func(_ context.Context, name string) ([]net.IP, error) {
			if name == geocodingHost || name == forecastHost {
				return []net.IP{net.IPv4(127, 0, 0, 1)}, nil
			}
			return nil, errors.New("the test resolver knows no " + name)
		},
		Client:               a.srv.Client(),
		AllowPrivateForTests: true,
	}
}

func TestWeather(t *testing.T) {
	a := startAPI(t)
	before := len(a.seen())
	res := call(t, "weather", "forecast", `{"city":"Berlin"}`, host.CallConfig{HTTP: httpConfig(a, geocodingHost, forecastHost)})
	if res.IsError || string(res.StructuredContent) != `{"city":"Berlin, Germany","temperature_c":21.4,"summary":"Overcast"}` {
		t.Errorf("forecast Berlin: %+v", res)
	}
	want := []string{
		geocodingHost + ":" + a.port + "/v1/search?name=Berlin&count=1&language=en&format=json",
		forecastHost + ":" + a.port + "/v1/forecast?latitude=52.52437&longitude=13.41053&current=temperature_2m,weather_code",
	}
	if got := a.seen()[before:]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	res = call(t, "weather", "forecast", `{"city":"Atlantis"}`, host.CallConfig{HTTP: httpConfig(a, geocodingHost, forecastHost)})
	if !res.IsError || !strings.HasPrefix(res.Content[0].Text, `no place named "Atlantis" was found`) {
		t.Errorf("forecast Atlantis: %+v", res)
	}
}

// A host the allowlist lacks is an error result that names it, before any
// request leaves.
func TestWeatherHostNotAllowed(t *testing.T) {
	a := startAPI(t)
	before := len(a.seen())
	for _, c := range []struct {
		allow []string
		want  string
	}{
		{nil, "HTTP request failed (host_not_allowed): " + geocodingHost + " is not in this function's network allowlist"},
		{[]string{geocodingHost}, "HTTP request failed (host_not_allowed): " + forecastHost + " is not in this function's network allowlist"},
	} {
		res := call(t, "weather", "forecast", `{"city":"Berlin"}`, host.CallConfig{HTTP: httpConfig(a, c.allow...)})
		if !res.IsError || len(res.Content) != 1 || res.Content[0].Text != c.want {
			t.Errorf("allowing %v: %+v\nwant %s", c.allow, res, c.want)
		}
	}
	// Only the second call's geocoding request reached the server.
	if got := a.seen()[before:]; len(got) != 1 || !strings.HasPrefix(got[0], geocodingHost+":") {
		t.Errorf("requests: %q", got)
	}
}

func decodePNG(t *testing.T, data []byte, width, height int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if img.Bounds() != image.Rect(0, 0, width, height) {
		t.Errorf("PNG is %v, the answer says %dx%d", img.Bounds(), width, height)
	}
}

func TestChart(t *testing.T) {
	vol := t.TempDir()
	res := call(t, "chart", "bar_chart", `{"values":[3,1,4,1,5,-9],"title":"Pi"}`, host.CallConfig{Mounts: host.Mounts{Volume: vol}})
	var value struct {
		Path          string
		Width, Height int
	}
	if err := json.Unmarshal(res.StructuredContent, &value); err != nil || res.IsError || value.Path != "/volume/tmp/chart.png" || value.Width <= 0 || value.Height <= 0 {
		t.Fatalf("bar_chart: %+v (%v)", res, err)
	}
	if len(res.Content) != 2 {
		t.Fatalf("content %+v", res.Content)
	}
	if link := res.Content[1]; link.Type != "resource_link" || link.URI != "volume:///tmp/chart.png" || link.Name != "chart.png" || link.MimeType != "image/png" {
		t.Errorf("link %+v", link)
	}
	data, err := os.ReadFile(filepath.Join(vol, "tmp", "chart.png"))
	if err != nil {
		t.Fatal(err)
	}
	decodePNG(t, data, value.Width, value.Height)

	// Inline, the image travels in the answer and nothing is saved.
	vol = t.TempDir()
	res = call(t, "chart", "bar_chart", `{"values":[2,7],"inline":true}`, host.CallConfig{Mounts: host.Mounts{Volume: vol}})
	value.Path = ""
	if err := json.Unmarshal(res.StructuredContent, &value); err != nil || res.IsError || value.Path != "" || len(res.Content) != 2 || res.Content[1].Type != "image" {
		t.Fatalf("inline bar_chart: %+v (%v)", res, err)
	}
	data, err = base64.StdEncoding.DecodeString(res.Content[1].Data)
	if err != nil {
		t.Fatal(err)
	}
	decodePNG(t, data, value.Width, value.Height)
	if _, err := os.Stat(filepath.Join(vol, "tmp", "chart.png")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("inline chart saved a file: %v", err)
	}
}

// Node's WASI runs hello as well: a second, independent runtime.
func TestHelloUnderNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	wasm := buildWasm(t, "hello")
	requests := filepath.Join(t.TempDir(), "requests.jsonl")
	req := `{"jsonrpc":"2.0","id":"call-0192f5c4","method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"subako","version":"0.2.3"},"io.modelcontextprotocol/clientCapabilities":{}}}}` + "\n"
	if err := os.WriteFile(requests, []byte(req), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, "testdata/wasi_run.mjs", wasm, requests)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\nstderr: %s", err, stderr.Bytes())
	}
	want := `{"jsonrpc":"2.0","id":"call-0192f5c4","result":{"resultType":"complete","content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],` +
		`"structuredContent":{"message":"Hello, Ada!"},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","version":"0.0.0","description":"Says hello."}}}}` + "\n"
	if stdout.String() != want {
		t.Errorf("stdout:\n%s\nwant\n%s\nstderr: %s", stdout.Bytes(), want, stderr.Bytes())
	}
}
