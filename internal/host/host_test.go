package host

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

var buildDir string

func TestMain(m *testing.M) {
	if code, worker := WorkerMain(); worker {
		os.Exit(code) // the host's compile worker
	}
	buildDir, _ = os.MkdirTemp("", "subako-host-test")
	code := m.Run()
	os.RemoveAll(buildDir)
	os.Exit(code)
}

// buildWasm builds a Go main package for wasip1 (once per source, see
// internal/gowasm).
func buildWasm(t *testing.T, pkg string) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	return gowasm.Build(t, pkg)
}

// testEngine is the engine the tests' hosts use: the one SUBAKO_HOST_ENGINE
// names (.ci/run runs host's tests again with "interpreter"), auto when unset.
var testEngine = func() Engine {
	e, ok := ParseEngine(os.Getenv("SUBAKO_HOST_ENGINE"))
	if !ok && os.Getenv("SUBAKO_HOST_ENGINE") != "" {
		panic("SUBAKO_HOST_ENGINE: not auto, compiler or interpreter")
	}
	return e
}()

func newHost(t *testing.T) *Host {
	t.Helper()
	h, err := New(context.Background(), Options{CacheDir: filepath.Join(buildDir, "cache"), Engine: testEngine})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return h
}

func compile(t *testing.T, h *Host, b []byte) *Module {
	t.Helper()
	m, err := h.Compile(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// bothEngines are the engines a host compiles with in-process.
var bothEngines = []Engine{EngineInterpreter, EngineCompiler}

// engineHost is a host of engine e with no compile cache and a 5 s
// backstop: the host the tests that pin wasmtime's answers run a module on,
// once for each of bothEngines. The caller closes it.
func engineHost(t *testing.T, e Engine) *Host {
	t.Helper()
	h, err := New(context.Background(), Options{CacheDir: "-", Engine: e, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// compileOnEach compiles w on a fresh host of each of bothEngines (no
// cache) and returns each Compile's error, in that order.
func compileOnEach(t *testing.T, w []byte) []error {
	t.Helper()
	var errs []error
	for _, e := range bothEngines {
		h, err := New(context.Background(), Options{CacheDir: "-", Engine: e})
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.Compile(context.Background(), w)
		h.Close(context.Background())
		errs = append(errs, err)
	}
	return errs
}

func TestDiscoverHello(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "../../subako/testdata/hello"))
	d := h.Discover(context.Background(), m, "")
	if d.Stopped != nil {
		t.Fatalf("stopped: %s\nstderr: %s", d.Stopped, d.Record.Stderr)
	}
	if len(d.Tools) != 2 || !strings.Contains(string(d.Tools[0]), `"name":"greet"`) {
		t.Errorf("tools: %s", d.Tools)
	}
	if !strings.Contains(string(d.Discover), `"2026-07-28"`) {
		t.Errorf("discover: %s", d.Discover)
	}
	r := d.Record
	if bs := r.Breaks(); len(bs) > 0 || !r.Exited || r.ExitCode != 0 {
		t.Errorf("breaks %v, exited %v code %d trap %q", bs, r.Exited, r.ExitCode, r.Trap)
	}
	if r.CloseToExit < 0 || r.CloseToExit > ExitGrace {
		t.Errorf("close to exit: %v", r.CloseToExit)
	}
	if len(r.Sent) != 2 || len(r.Lines) != 2 {
		t.Errorf("sent %d, lines %d", len(r.Sent), len(r.Lines))
	}
}

func TestCallHello(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "../../subako/testdata/hello"))
	c := h.Call(context.Background(), m, "greet", json.RawMessage(`{"name":"Ada"}`), CallConfig{})
	if bs := c.Record.Breaks(); len(bs) > 0 {
		t.Fatalf("breaks: %v", bs)
	}
	var res struct {
		StructuredContent map[string]string `json:"structuredContent"`
		IsError           bool              `json:"isError"`
	}
	if err := json.Unmarshal(c.Result, &res); err != nil || res.StructuredContent["message"] != "Hello, Ada!" {
		t.Fatalf("result %s (%v)", c.Result, err)
	}
	c = h.Call(context.Background(), m, "greet", json.RawMessage(`{}`), CallConfig{})
	if err := json.Unmarshal(c.Result, &res); err != nil || !res.IsError {
		t.Fatalf("missing name: %s", c.Result)
	}
}

// TestMisbehaving runs a module that breaks the protocol in each way the
// ABI lists: every run ends in bounded time and names what went wrong.
func TestMisbehaving(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "./testdata/misbehave"))
	for _, c := range []struct {
		tool string
		want BreakKind
	}{
		{"loop", BreakTimeout},
		{"flood", BreakOverflow},
		{"no_exit", BreakNoExit},
		{"panic", BreakExitCode},
		{"not_json", BreakNotMessage},
		{"wrong_id", BreakUnknownID},
		{"request", BreakRequest},
		{"exit3", BreakExitCode},
		{"rpc_error", BreakRPCError},
	} {
		t.Run(c.tool, func(t *testing.T) {
			call := h.Call(context.Background(), m, c.tool, nil, CallConfig{Timeout: 2 * time.Second})
			// The module's own time is bounded by the timeout and the exit
			// grace (what the wall clock takes depends on the machine).
			if el := call.Record.Elapsed; el > 2*time.Second+2*h.ExitGrace()+100*time.Millisecond {
				t.Errorf("took %v of its time", el)
			}
			t.Logf("%s: %v of its time, %v on the wall clock", c.tool, call.Record.Elapsed, call.Record.Wall)
			var kinds []BreakKind
			for _, b := range call.Record.Breaks() {
				kinds = append(kinds, b.Kind)
				if b.Message == "" {
					t.Errorf("break %s without a message", b.Kind)
				}
			}
			found := false
			for _, k := range kinds {
				found = found || k == c.want
				if c.want == BreakRPCError && k == BreakNoAnswer {
					t.Error("an error answer is still an answer")
				}
			}
			if !found {
				t.Errorf("breaks %v, want %s (record: exited %v code %d trap %q timeout %v)", kinds, c.want,
					call.Record.Exited, call.Record.ExitCode, call.Record.Trap, call.Record.TimedOut)
			}
		})
	}
	// A well-behaved call ignores notifications, and stderr keeps its tail.
	call := h.Call(context.Background(), m, "stderr", nil, CallConfig{})
	if bs := call.Record.Breaks(); len(bs) > 0 || len(call.Record.Stderr) != StderrShown || call.Record.StderrBytes != 18000 {
		t.Errorf("stderr call: breaks %v, stderr %d of %d", bs, len(call.Record.Stderr), call.Record.StderrBytes)
	}
	call = h.Call(context.Background(), m, "notify", nil, CallConfig{})
	if bs := call.Record.Breaks(); len(bs) > 0 || call.Result == nil {
		t.Errorf("notification: %v %s", bs, call.Result)
	}
}

// TestCrashCause: a Go module that dies says why in a line followed by a
// long trace; the break quotes that line, not the trace's last frame. A
// run out of time says what it had written and how far its memory grew.
func TestCrashCause(t *testing.T) {
	h, err := New(context.Background(), Options{CacheDir: filepath.Join(buildDir, "cache"), Engine: testEngine, MemoryLimit: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	m := compile(t, h, buildWasm(t, "./testdata/misbehave"))
	c := h.Call(context.Background(), m, "oom", nil, CallConfig{Timeout: time.Minute})
	var got []string
	for _, b := range c.Record.Breaks() {
		if b.Kind == BreakExitCode {
			got = append(got, b.Message+c.Record.StderrTail)
		}
	}
	const cause = `exited with status 2; stderr says why: "fatal error: out of memory (runtime: out of memory: cannot allocate 3221225472-byte block`
	if len(got) != 1 || !strings.HasPrefix(got[0], cause) {
		t.Errorf("oom: %q, want %s...\n(breaks %v, stderr tail %q)", got, cause, c.Record.Breaks(), c.Record.Stderr)
	}
	c = h.Call(context.Background(), m, "hog", nil, CallConfig{Timeout: 2 * time.Second})
	var msg string
	for _, b := range c.Record.Breaks() {
		if b.Kind == BreakTimeout {
			msg = b.Message
		}
	}
	const want = "ran out of time after 2s of its own time (by then it had written 7 bytes to stdout, and its memory was "
	if !strings.HasPrefix(msg, want) || c.Record.Memory < 100<<20 || c.Record.Memory > 256<<20 {
		t.Errorf("hog: %q (memory %d), want %s... at least 100 MiB", msg, c.Record.Memory, want)
	}
	t.Log(msg)
}

// TestModuleTime: limits count the module's own time, and its sleeps are
// granted at once: a call that sleeps 15 s is out of time at its 10 s
// timeout; one that sleeps 5 s is answered, and sees 5 s pass on its
// clock; one that exits 1.5 s after stdin closes is past its exit grace.
// Every figure is the module's time: none is waited for.
func TestModuleTime(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "./testdata/misbehave"))
	ctx := context.Background()
	c := h.Call(ctx, m, "sleep15", nil, CallConfig{Timeout: 10 * time.Second})
	if r := c.Record; !r.TimedOut || r.Elapsed < 10*time.Second || c.Result != nil {
		t.Errorf("sleep15: timed out %v after %v, result %s", r.TimedOut, r.Elapsed, c.Result)
	}
	c = h.Call(ctx, m, "sleep5", nil, CallConfig{Timeout: 10 * time.Second})
	if r := c.Record; len(r.Breaks()) > 0 || r.Elapsed < 5*time.Second || !strings.Contains(string(c.Result), `"text":"5s"`) {
		t.Errorf("sleep5: breaks %v after %v, result %s", r.Breaks(), r.Elapsed, c.Result)
	}
	c = h.Call(ctx, m, "exit_late", nil, CallConfig{Timeout: 10 * time.Second})
	if r := c.Record; !r.NoExit || c.Result == nil || r.CloseToExit < h.ExitGrace() {
		t.Errorf("exit_late: no exit %v, %v after stdin closed, result %s", r.NoExit, r.CloseToExit, c.Result)
	}
}

// TestTrapAndLoop uses modules built byte by byte: _start traps on
// unreachable; another spins in a loop that never calls the host.
func TestTrapAndLoop(t *testing.T) {
	h := newHost(t)
	build := func(body ...byte) *Module {
		w := wasmbuild.Command()
		w.CodeSection[0].Body = body
		return compile(t, h, wasmbuild.Encode(w))
	}
	c := h.Call(context.Background(), build(wasm.OpcodeUnreachable, wasm.OpcodeEnd), "x", nil, CallConfig{})
	if c.Record.Trap == "" || !strings.Contains(c.Record.Trap, "unreachable") {
		t.Errorf("trap: %+v", c.Record)
	}
	c = h.Call(context.Background(), build(wasm.OpcodeLoop, 0x40, wasm.OpcodeBr, 0, wasm.OpcodeEnd, wasm.OpcodeEnd), "x", nil, CallConfig{Timeout: 300 * time.Millisecond})
	if !c.Record.TimedOut {
		t.Errorf("loop: %+v", c.Record)
	}
}

// TestPreopenOrder checks the preopened directories come in Subako's order.
func TestPreopenOrder(t *testing.T) {
	dirs := t.TempDir()
	for _, d := range []string{"volume", "pkg", "skills/b", "skills/a"} {
		if err := os.MkdirAll(filepath.Join(dirs, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mounts := Mounts{Volume: filepath.Join(dirs, "volume"), Data: true, Package: filepath.Join(dirs, "pkg"), Skills: filepath.Join(dirs, "skills")}
	want := []string{"/volume/tmp", "/volume/data", "/package", "/skills", "/skills/a", "/skills/b"}
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "./testdata/preopens"))
	c := h.Call(context.Background(), m, "x", nil, CallConfig{Mounts: mounts})
	var got []string
	for _, l := range c.Record.Lines {
		got = append(got, string(l.Text))
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("preopens %v, want %v (trap %q)", got, want, c.Record.Trap)
	}
}

// TestWriteBudget: writes past the call's budget answer EDQUOT, and what
// was written is recorded.
func TestWriteBudget(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "./testdata/writer"))
	vol := t.TempDir()
	s, err := h.start(context.Background(), m, RunConfig{Mounts: Mounts{Volume: vol}, Timeout: 10 * time.Second, Limits: sandboxfs.Limits{Bytes: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	var out []string
	for _, l := range r.Lines {
		out = append(out, string(l.Text))
	}
	want := "wrote 4096; wrote 4096; write: errno 19; allocate: errno 58"
	if strings.Join(out, "; ") != want {
		t.Errorf("got %q, want %q (stderr %s)", strings.Join(out, "; "), want, r.Stderr)
	}
	if r.BytesWritten != 8192 {
		t.Errorf("bytes written %d", r.BytesWritten)
	}
}

// TestEngineAuto: a module the cache does not hold is interpreted at once
// while a worker compiles it into the cache; the module's later runs use
// the compiled code, and the next host (the next subakogo run) loads it
// from the cache without interpreting.
func TestEngineAuto(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	wasm := wasmbuild.Encode(wasmbuild.Command())
	h, err := New(ctx, Options{CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	m := compile(t, h, wasm)
	if !m.Interpreted() {
		t.Fatal("a module not in the cache was not interpreted")
	}
	run := func(m *Module) {
		t.Helper()
		s, err := h.start(ctx, m, RunConfig{})
		if err != nil {
			t.Fatal(err)
		}
		if r := s.wait(); !r.Exited || r.ExitCode != 0 {
			t.Errorf("run: %+v", r)
		}
	}
	run(m)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if !m.WaitCompiled(wctx) || m.Interpreted() {
		t.Fatal("the compiled code never came")
	}
	run(m)
	if again := compile(t, h, wasm); again != m {
		t.Error("the same bytes compiled twice on one host")
	}
	if !inCache(dir, sha256.Sum256(wasm)) {
		t.Error("no marker for the compiled module")
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "wazero-*", "*"))
	if len(entries) != 1 {
		t.Errorf("cache entries %v", entries)
	}
	if jobs, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(jobs) != 0 {
		t.Errorf("the worker's files were left: %v", jobs)
	}
	h2, err := New(ctx, Options{CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close(ctx)
	if m := compile(t, h2, wasm); m.Interpreted() {
		t.Error("a module in the cache was interpreted")
	}
	// A marker whose entry was pruned (by another process, say) no longer
	// counts: the module is interpreted again, not compiled in this process.
	for _, e := range entries {
		_ = os.Remove(e)
	}
	h3, err := New(ctx, Options{CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer h3.Close(ctx)
	m3 := compile(t, h3, wasm)
	if !m3.Interpreted() {
		t.Error("a module whose entry is gone was not interpreted")
	}
	m3.WaitCompiled(wctx)
}

// TestCompileRefusesHostileShape: issue 8's 56-byte module declaring
// 2^32-1 locals never reaches wazero, whoever compiles it (call does not
// lint first).
func TestCompileRefusesHostileShape(t *testing.T) {
	mod := []byte("\x00asm\x01\x00\x00\x00\x01\x04\x01\x60\x00\x00\x03\x02\x01\x00\x0a\x0a\x01\x08\x01\xff\xff\xff\xff\x0f\x7f\x0b")
	ctx := context.Background()
	h, err := New(ctx, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	if _, err := h.Compile(ctx, mod); err == nil || !strings.Contains(err.Error(), "refused before compiling") || !strings.Contains(err.Error(), "4294967295 locals") {
		t.Errorf("compile: %v", err)
	}
}

// TestSeededRun (attack pass 40o, row 2): a call with a Seed (the probes')
// gets random_get and the call id from the seed alone, and its wall clock
// starts at the SeededWall given (the probing's start, attack pass 49a,
// row 5), so the same case runs the same way every time within a probing;
// another seed, or none (discovery, call, serve), gets crypto/rand and
// the real clock.
func TestSeededRun(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, buildWasm(t, "./testdata/misbehave"))
	wall := time.Unix(1_900_000_000, 0)
	entropy := func(seed []byte) []string {
		t.Helper()
		c := h.Call(context.Background(), m, "entropy", json.RawMessage(`{}`), CallConfig{Seed: seed, SeededWall: wall})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("entropy: %s, %v", c.Result, err)
		}
		f := strings.Fields(res.Content[0].Text)
		if len(f) != 3 || f[2] != c.ID {
			t.Fatalf("entropy: %q, the id sent %q", res.Content[0].Text, c.ID)
		}
		return f
	}
	a, b := entropy([]byte("case 1")), entropy([]byte("case 1"))
	if a[0] != b[0] || a[2] != b[2] {
		t.Errorf("one seed, two runs: random %s and %s, ids %s and %s", a[0], b[0], a[2], b[2])
	}
	if want := strconv.FormatInt(wall.Unix(), 10); a[1] != want || b[1] != want {
		t.Errorf("a seeded run's wall clock says %s and %s, want %s (SeededWall)", a[1], b[1], want)
	}
	if other := entropy([]byte("case 2")); other[0] == a[0] || other[2] == a[2] {
		t.Errorf("two seeds, one random stream %s or id %s", other[0], other[2])
	}
	x, y := entropy(nil), entropy(nil)
	if x[0] == y[0] || x[0] == a[0] {
		t.Errorf("unseeded runs share random bytes %s, %s (seeded %s)", x[0], y[0], a[0])
	}
	if x[1] == a[1] {
		t.Errorf("an unseeded run's wall clock says %s, SeededWall's second", x[1])
	}
}
