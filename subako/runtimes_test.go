//go:build !wasip1

package subako

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// A step of the matrix script: a line to send after a pause, and whether
// it is answered. readPause holds the answer unread for a while, so that a
// large one fills the pipe.
type step struct {
	pause, readPause time.Duration
	line             string
	answered         bool
}

// matrixScript is what every runtime is given: requests with pauses
// between them (a client thinking), hostile lines, a dependency that
// prints to stdout, one that sets stdin and stdout non-blocking again, and
// an answer larger than a pipe holds, read slowly; then end of input.
var matrixScript = []step{
	{0, 0, request(`"discover-1"`, "server/discover", ""), true},
	{150 * time.Millisecond, 0, request(`"tools-list-1"`, "tools/list", ""), true},
	{150 * time.Millisecond, 0, call(`"ab\ud83d"`, "echo", `{"s":"ab\ud83d","t":"`+"\xff"+`"}`), true},
	{100 * time.Millisecond, 0, call("4", "chatty", "{}"), true},
	{150 * time.Millisecond, 0, `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"\ud800"}}`, false},
	{0, 0, call("5", "echo", `{"a":`+deep(600, "")+`}`), true},
	{100 * time.Millisecond, 0, `{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"old","version":"1"}}}`, true},
	{0, 0, call("7", "nonblock", "{}"), true},
	{200 * time.Millisecond, 0, call("8", "echo", `{"after":"a pause, stdin non-blocking"}`), true},
	{50 * time.Millisecond, 300 * time.Millisecond, call("9", "big", "{}"), true},
	{100 * time.Millisecond, 0, `{"jsonrpc":"2.0","id":10,`, true},
	{150 * time.Millisecond, 0, call("11", "echo", `{"last":true}`), true},
}

// A wasiRuntime starts a module with stdin and stdout for the script.
type wasiRuntime struct {
	name  string
	start func(t *testing.T, wasm string) *session
}

// A session is one run of the module: the script writes stdin and reads
// stdout, then closes stdin and waits for the exit.
type session struct {
	stdin  io.WriteCloser
	stdout io.Reader
	wait   func() error // the exit: nil for status 0
	stderr *lockedBuffer
}

// lockedBuffer is a bytes.Buffer that a runtime may write from another
// goroutine while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var runtimes = []wasiRuntime{
	{"wazero, Go pipes", func(t *testing.T, wasm string) *session {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		return startWazero(t, wasm, inR, outW, inW, outR, func() { outW.Close() })
	}},
	{"wazero, OS pipes", func(t *testing.T, wasm string) *session {
		inR, inW := osPipe(t)
		outR, outW := osPipe(t)
		return startWazero(t, wasm, inR, outW, inW, outR, func() { outW.Close() })
	}},
	{"node:wasi, OS pipes", func(t *testing.T, wasm string) *session {
		node, err := exec.LookPath("node")
		if err != nil {
			unavailable(t, "node is not on PATH")
		}
		// WASI's version option, which the launcher passes, came in Node 20.
		if v, err := exec.Command(node, "-p", "process.versions.node.split('.')[0] >= 20").Output(); err != nil || strings.TrimSpace(string(v)) != "true" {
			unavailable(t, "node:wasi needs Node 20 or later")
		}
		return startProcess(t, exec.Command(node, "testdata/wasi_pipe.mjs", wasm))
	}},
	{"wasmtime, OS pipes", func(t *testing.T, wasm string) *session {
		return startProcess(t, exec.Command(wasmtimeRun(t), wasm))
	}},
}

// unavailable skips a runtime that this machine cannot have; under CI,
// where .ci/run installs them all, it fails instead.
func unavailable(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s, and CI must run every runtime (.ci/run installs them)", why)
	}
	t.Skip(why)
}

func osPipe(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// startWazero runs the module in this process, with in and out as its
// stdin and stdout; the test writes toIn and reads fromOut.
func startWazero(t *testing.T, wasm string, in io.Reader, out io.Writer, toIn io.WriteCloser, fromOut io.Reader, closeOut func()) *session {
	t.Helper()
	ctx := context.Background()
	cfg := wazero.NewRuntimeConfig()
	if cache := wazeroCache(); cache != nil {
		cfg = cfg.WithCompilationCache(cache)
	}
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	t.Cleanup(func() { rt.Close(ctx) })
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	_, err := rt.NewHostModuleBuilder("subako_http").
		NewFunctionBuilder().WithFunc(func(context.Context, api.Module, uint32, uint32) int32 { return -1 }).Export("request").
		NewFunctionBuilder().WithFunc(func(context.Context, api.Module, uint32, uint32) int32 { return -2 }).Export("read_response").
		Instantiate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		cfg := wazero.NewModuleConfig().WithName("").WithArgs("function").WithStdin(in).WithStdout(out).WithStderr(stderr)
		_, err := rt.InstantiateWithConfig(ctx, b, cfg)
		closeOut()
		done <- err
	}()
	return &session{stdin: toIn, stdout: fromOut, stderr: stderr, wait: func() error { return <-done }}
}

// wazeroCache keeps wazero's compilations in the user cache directory, so
// that only the first run of a build of the module compiles it.
var wazeroCache = sync.OnceValue(func() wazero.CompilationCache {
	dir, err := os.UserCacheDir()
	if err != nil {
		return nil
	}
	cache, err := wazero.NewCompilationCacheWithDir(filepath.Join(dir, "subako-go-test", "wazero"))
	if err != nil {
		return nil
	}
	return cache
})

// startProcess runs a runtime's command with OS pipes for stdin and stdout.
func startProcess(t *testing.T, cmd *exec.Cmd) *session {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return &session{stdin: stdin, stdout: stdout, stderr: stderr, wait: cmd.Wait}
}

var (
	wasmtimeOnce sync.Once
	wasmtimePath string
	wasmtimeErr  string
)

// wasmtimeRun returns the wasmtimerun command (testdata/wasmtimerun, a
// module of its own), built once and cached in the user cache directory
// under a hash of its source and the Go version, since its cgo link is slow.
func wasmtimeRun(t *testing.T) string {
	t.Helper()
	wasmtimeOnce.Do(func() {
		dir := filepath.Join("testdata", "wasmtimerun")
		h := sha256.New()
		for _, f := range []string{"main.go", "go.mod", "go.sum"} {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				wasmtimeErr = err.Error()
				return
			}
			h.Write(b)
		}
		h.Write([]byte(runtime.Version()))
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		out := filepath.Join(cache, "subako-go-test", "wasmtimerun-"+hex.EncodeToString(h.Sum(nil))[:16])
		if _, err := os.Stat(out); err == nil {
			wasmtimePath = out
			return
		}
		cmd := exec.Command("go", "build", "-o", out+".tmp", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if b, err := cmd.CombinedOutput(); err != nil {
			wasmtimeErr = "cannot build testdata/wasmtimerun (wasmtime-go): " + err.Error() + "\n" + string(b)
			return
		}
		if err := os.Rename(out+".tmp", out); err != nil {
			wasmtimeErr = err.Error()
			return
		}
		wasmtimePath = out
	})
	if wasmtimePath == "" {
		unavailable(t, wasmtimeErr)
	}
	return wasmtimePath
}

// matrixWasm builds testdata/matrix for wasip1 (see internal/gowasm).
func matrixWasm() (string, error) { return gowasm.BuildFile("./testdata/matrix") }

// runScript plays matrixScript against a session and returns the answers,
// one line each, in order.
func runScript(t *testing.T, s *session) []string {
	t.Helper()
	answers := bufio.NewReaderSize(s.stdout, 64<<10)
	var got []string
	for _, st := range matrixScript {
		time.Sleep(st.pause)
		if _, err := io.WriteString(s.stdin, strings.TrimSuffix(st.line, "\n")+"\n"); err != nil {
			t.Fatalf("writing %.80s: %v\nstderr: %s", st.line, err, s.stderr)
		}
		if !st.answered {
			continue
		}
		time.Sleep(st.readPause)
		// The first answer waits for the runtime to compile the module,
		// which takes seconds on a busy machine.
		within := 10 * time.Second
		if len(got) == 0 {
			within = time.Minute
		}
		line := readLineWithin(t, answers, within, st.line, s.stderr)
		got = append(got, line)
	}
	s.stdin.Close()
	exited := make(chan error, 1)
	go func() { exited <- s.wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the module did not exit 0: %v\nstderr: %s", err, s.stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the module did not exit after stdin closed\nstderr: %s", s.stderr)
	}
	if rest, _ := io.ReadAll(answers); len(rest) != 0 {
		t.Errorf("output after the last answer: %q", rest)
	}
	return got
}

func readLineWithin(t *testing.T, r *bufio.Reader, d time.Duration, request string, stderr *lockedBuffer) string {
	t.Helper()
	c := make(chan string, 1)
	e := make(chan error, 1)
	go func() {
		line, err := r.ReadString('\n')
		if err != nil {
			e <- err
			return
		}
		c <- line
	}()
	select {
	case line := <-c:
		return line
	case err := <-e:
		t.Fatalf("reading the answer to %.100s: %v\nstderr: %s", request, err, stderr)
	case <-time.After(d):
		t.Fatalf("no answer to %.100s within %v\nstderr: %s", request, d, stderr)
	}
	return ""
}

// The same script gets the same answers, byte for byte, under every WASI
// runtime on the machine, and a stray print lands on stderr.
func TestRuntimeMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a module under several runtimes")
	}
	wasm, err := matrixWasm()
	if err != nil {
		t.Fatalf("building testdata/matrix: %v", err)
	}
	results := make([][]string, len(runtimes))
	for i, rt := range runtimes {
		t.Run(rt.name, func(t *testing.T) {
			s := rt.start(t, wasm)
			results[i] = runScript(t, s)
			if log := s.stderr.String(); !strings.Contains(log, "chatty: a stray line from fmt.Println\nchatty: and one through os.Stdout\n") {
				t.Errorf("the stray prints are not on stderr: %q", log)
			}
		})
	}

	// The first runtime that ran is the reference; its answers must be
	// right, and every other runtime's the same.
	ref := -1
	for i := range results {
		if results[i] != nil {
			ref = i
			break
		}
	}
	if ref < 0 {
		t.Fatal("no runtime ran the script")
	}
	checkMatrixAnswers(t, results[ref])
	for i, got := range results {
		if got == nil || i == ref {
			continue
		}
		for j := range results[ref] {
			if j >= len(got) || got[j] != results[ref][j] {
				t.Errorf("%s answers differently from %s at answer %d:\n%.300s\n%.300s", runtimes[i].name, runtimes[ref].name, j, got[min(j, len(got)-1)], results[ref][j])
			}
		}
	}
}

// checkMatrixAnswers checks the reference answers against the schema and
// what each step asked for.
func checkMatrixAnswers(t *testing.T, got []string) {
	t.Helper()
	want := []string{
		`{"jsonrpc":"2.0","id":"discover-1","result":{"resultType":"complete","supportedVersions":["2026-07-28"]`,
		`{"jsonrpc":"2.0","id":"tools-list-1","result":{"resultType":"complete","tools":[{"name":"echo"`,
		`{"jsonrpc":"2.0","id":"ab\ud83d","result":{"resultType":"complete","content":[{"type":"text","text":"{\"s\":\"ab\\ufffd\",\"t\":\"\\ufffd\"}"}]`,
		`{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","content":[{"type":"text","text":"printed two lines"}]`,
		`{"jsonrpc":"2.0","id":5,"result":{"resultType":"complete","content":[{"type":"text","text":"the arguments nest 601 levels deep, past the limit of 512 levels of objects and arrays"}],"isError":true`,
		`{"jsonrpc":"2.0","id":6,"error":{"code":-32022,"message":"Unsupported protocol version: this server supports only MCP 2026-07-28`,
		`{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[{"type":"text","text":"asked for non-blocking mode"}]`,
		`{"jsonrpc":"2.0","id":8,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"after\":\"a pause, stdin non-blocking\"}"}]`,
		`{"jsonrpc":"2.0","id":9,"result":{"resultType":"complete","content":[{"type":"text","text":"0123456789`,
		`{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: `,
		`{"jsonrpc":"2.0","id":11,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"last\":true}"}]`,
	}
	if len(got) != len(want) {
		t.Fatalf("%d answers, want %d", len(got), len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) || !strings.HasSuffix(got[i], "}\n") {
			t.Errorf("answer %d: %.300s\nwant it to start %s", i, got[i], want[i])
		}
		if err := mcpschema.Validate("JSONRPCResponse", []byte(got[i])); err != nil {
			t.Errorf("answer %d: %v", i, err)
		}
	}
	if n := len(got[8]); n < 900_000 {
		t.Errorf("the big answer has %d bytes", n)
	}
}
