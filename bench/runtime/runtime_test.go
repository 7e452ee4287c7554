//go:build !wasip1

package runtimebench

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/toolspkg"
)

// The modules compared, as packages of this repository.
const (
	helloPkg    = "examples/hello"
	baselinePkg = "bench/runtime/baseline"
	floorPkg    = "bench/runtime/floor"
)

// stripped are the linker flags of the second build of each module: no
// symbol table, no DWARF. Go's wasm output has no DWARF, so this drops the
// "name" section only.
const stripped = "-s -w"

// repoRoot is the repository's root, two folders up from this package.
func repoRoot(tb testing.TB) string {
	tb.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		tb.Fatalf("no go.mod at %s", root)
	}
	return root
}

// cacheDir holds the built modules and wazero's compilation cache.
func cacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		d = os.TempDir()
	}
	return filepath.Join(d, "subako-go-bench", "runtime")
}

// build builds pkg (relative to the repository root, or a directory of
// toolspkg's module) for wasip1 with ldflags, once per source (see
// internal/gowasm).
func build(tb testing.TB, pkg, ldflags string) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds wasip1 modules")
	}
	dir, env := filepath.Join(repoRoot(tb), pkg), []string(nil)
	if filepath.IsAbs(pkg) {
		dir, env = pkg, toolspkg.Env
	}
	if ldflags == "" {
		return gowasm.PathEnv(tb, dir, env)
	}
	return gowasm.PathEnv(tb, dir, env, "-ldflags="+ldflags)
}

// runner runs modules as Subako does, minus the checks: one wazero runtime
// with WASI preview 1 and a subako_http stub, and a fresh instance of the
// compiled module per call, given one argv entry and no environment.
type runner struct {
	rt wazero.Runtime
}

func newRunner(tb testing.TB) *runner {
	tb.Helper()
	ctx := context.Background()
	cache, err := wazero.NewCompilationCacheWithDir(filepath.Join(cacheDir(), "wazero"))
	if err != nil {
		tb.Fatal(err)
	}
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithCoreFeatures(api.CoreFeaturesV2).WithCompilationCache(cache))
	tb.Cleanup(func() {
		_ = rt.Close(ctx)
		_ = cache.Close(ctx)
	})
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	// The ABI page's stub, whose every request fails; neither module
	// imports it today, but a module that did would still link.
	_, err = rt.NewHostModuleBuilder("subako_http").
		NewFunctionBuilder().WithFunc(func(int32, int32) int32 { return -1 }).Export("request").
		NewFunctionBuilder().WithFunc(func(int32, int32) int32 { return -2 }).Export("read_response").
		Instantiate(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	return &runner{rt: rt}
}

func (r *runner) compile(tb testing.TB, path string) wazero.CompiledModule {
	tb.Helper()
	wasm, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	m, err := r.rt.CompileModule(context.Background(), wasm)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// lineWriter is stdout: it keeps what the module writes and signals each
// complete line.
type lineWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines chan struct{}
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for range bytes.Count(p, []byte("\n")) {
		select {
		case w.lines <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

func (w *lineWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// run is one cold call: it instantiates the module, which starts at once,
// writes each request to stdin and waits for its answer, closes stdin and
// waits for the module to exit. It returns the time from instantiation to
// exit and what the module wrote. Stdin is an io.Pipe, as in package host.
func (r *runner) run(m wazero.CompiledModule, requests ...string) (time.Duration, string, error) {
	ctx := context.Background()
	stdinR, stdinW := io.Pipe()
	stdout := &lineWriter{lines: make(chan struct{}, len(requests)+1)}
	var stderr bytes.Buffer
	cfg := wazero.NewModuleConfig().WithName("").WithArgs("function").
		WithStdin(stdinR).WithStdout(stdout).WithStderr(&stderr).
		WithSysWalltime().WithSysNanotime().WithSysNanosleep().WithRandSource(rand.Reader)
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		mod, err := r.rt.InstantiateModule(ctx, m, cfg)
		if mod != nil {
			_ = mod.Close(ctx)
		}
		_ = stdinR.Close() // unblocks the writer if the module ended early
		done <- err
	}()
	var err error
	for _, req := range requests {
		if _, err = io.WriteString(stdinW, req); err != nil {
			break
		}
		select {
		case <-stdout.lines:
		case <-time.After(10 * time.Second):
			err = errors.New("no answer within 10 s")
		}
		if err != nil {
			break
		}
	}
	_ = stdinW.Close()
	exitErr := <-done
	elapsed := time.Since(start)
	var exit *sys.ExitError
	if exitErr != nil && (!errors.As(exitErr, &exit) || exit.ExitCode() != 0) {
		err = errors.Join(err, exitErr)
	}
	if err != nil {
		return elapsed, stdout.String(), errors.Join(err, errors.New("stderr: "+stderr.String()))
	}
	return elapsed, stdout.String(), nil
}

const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"subako","version":"0.2.3"},"io.modelcontextprotocol/clientCapabilities":{}}`

func req(id, method, params string) string {
	if params != "" {
		params += ","
	}
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":{` + params + meta + "}}\n"
}

// greetAda is the call the benchmark makes, the ABI page's example.
var greetAda = req(`"call-0192f5c4"`, "tools/call", `"name":"greet","arguments":{"name":"Ada"}`)

// The baseline serves the same package: every answer below is the same,
// byte for byte. (They differ where encoding/json's messages and HTML
// escaping differ from the runtime's: malformed input, unknown arguments,
// names with <, > or &.)
func TestSameAnswers(t *testing.T) {
	r := newRunner(t)
	requests := []string{
		req(`"discover-1"`, "server/discover", ""),
		req(`"tools-list-1"`, "tools/list", ""),
		greetAda,
		req("7", "tools/call", `"name":"greet","arguments":{"name":"Zoë \"Z\" \u00e9"}`),
		req("8", "tools/call", `"name":"greet","arguments":{"name":""}`),
		req("9", "tools/call", `"name":"greet","arguments":{}`),
		req("10", "tools/call", `"name":"greet"`),
		req("11", "tools/call", `"name":"wave","arguments":{}`),
		req("12", "prompts/list", ""),
		`{"jsonrpc":"2.0","id":13,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-06-18","io.modelcontextprotocol/clientCapabilities":{}}}}` + "\n",
	}
	var outputs []string
	for _, pkg := range []string{helloPkg, baselinePkg} {
		_, out, err := r.run(r.compile(t, build(t, pkg, "")), requests...)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		outputs = append(outputs, out)
	}
	hello, baseline := strings.Split(outputs[0], "\n"), strings.Split(outputs[1], "\n")
	if len(hello) != len(requests)+1 || len(baseline) != len(hello) {
		t.Fatalf("hello answered\n%s\nbaseline answered\n%s", outputs[0], outputs[1])
	}
	for i := range hello {
		if hello[i] != baseline[i] {
			t.Errorf("answer %d:\nhello    %s\nbaseline %s", i, hello[i], baseline[i])
		}
	}
	if !strings.Contains(hello[2], `"structuredContent":{"message":"Hello, Ada!"}`) {
		t.Errorf("greet Ada: %s", hello[2])
	}
}

// The floor answers the benchmark's call as hello does.
func TestFloorAnswers(t *testing.T) {
	r := newRunner(t)
	var outputs []string
	for _, pkg := range []string{helloPkg, floorPkg} {
		_, out, err := r.run(r.compile(t, build(t, pkg, "")), greetAda, req("2", "tools/call", `"name":"greet","arguments":{"name":"Ada"}`))
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		outputs = append(outputs, out)
	}
	if outputs[0] != outputs[1] {
		t.Errorf("hello answered\n%s\nfloor answered\n%s", outputs[0], outputs[1])
	}
}

// minRuns is the fewest cold calls BenchmarkHello times per module; a
// -benchtime of Nx with a larger N times N (rounded up to whole blocks).
const minRuns = 100

// block is how many calls of one module are timed in a row, after one that
// is not: the host's memory is then in the state the module itself left,
// whatever module ran before. (Without the primer, the floor run right
// after the larger baseline measured up to 3x slower than after itself;
// GODEBUG=madvdontneed=0 halved that, so it is likely page faults in memory
// the Go heap had just returned to the OS.)
const block = 5

// BenchmarkHello compares examples/hello with the encoding/json baseline
// and the floor in cold calls of greet (see coldCalls). ns/op is hello's
// median; cold-ratio is hello's over the baseline's, and floor-ratio the
// floor's over the baseline's.
func BenchmarkHello(b *testing.B) {
	mods := coldCalls(b, greetAda, []candidate{{"hello", helloPkg}, {"baseline", baselinePkg}, {"floor", floorPkg}})
	b.ReportMetric(float64(mods["hello"].median.Nanoseconds()), "ns/op")
	b.ReportMetric(float64(mods["hello"].median)/float64(mods["baseline"].median), "cold-ratio")
	b.ReportMetric(float64(mods["floor"].median)/float64(mods["baseline"].median), "floor-ratio")
	b.ReportMetric(mods["hello"].size/mods["baseline"].size, "size-ratio")
}

// helloAim is the size examples/hello is held under: the number an author
// compares a package with (README, bench/RESULTS.md).
const helloAim = 2_500_000

// BenchmarkHelloSize builds examples/hello as check and pack do
// (gobuild.Flags: -trimpath, so the size is not the checkout's path's) and
// reports its size, in bytes and as a share of helloAim
// (aim-ratio); it fails when hello is past the aim, which the runtime's
// and the generated code's growth pushed it to once (2,511,118 bytes).
func BenchmarkHelloSize(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a wasip1 module")
	}
	size := fileSize(b, gowasm.Path(b, filepath.Join(repoRoot(b), helloPkg), gobuild.Flags...))
	b.ResetTimer()
	for range b.N {
	}
	b.ReportMetric(size, "hello-B")
	b.ReportMetric(size/helloAim, "aim-ratio")
	if size > helloAim {
		b.Errorf("examples/hello is %.0f bytes, past the %d it is held under: see what grew with subakogo size", size, helloAim)
	}
}

// greet00Ada is BenchmarkToolCount's call, of the tool both packages share.
var greet00Ada = req(`"call-0192f5c4"`, "tools/call", `"name":"greet00","arguments":{"name":"Ada"}`)

// BenchmarkToolCount compares a cold call of the same tool in a package of
// 1 tool and in one of 64 tools whose tool list is close to Subako's 256
// KiB (both written by internal/toolspkg and generated by subakogo): a tools/call
// should not pay for the tool list it does not answer. count-ratio is the
// 64-tool package's median over the 1-tool package's.
func BenchmarkToolCount(b *testing.B) {
	mods := coldCalls(b, greet00Ada, []candidate{{"tools1", toolspkg.Dir(b, 1)}, {"tools64", toolspkg.Dir(b, 64)}})
	b.ReportMetric(float64(mods["tools64"].median.Nanoseconds()), "ns/op")
	b.ReportMetric(float64(mods["tools64"].median)/float64(mods["tools1"].median), "count-ratio")
}

// candidate is a module a benchmark compares: its name in the metrics and
// its package.
type candidate struct{ name, pkg string }

// measured is what coldCalls found for one candidate.
type measured struct {
	size, strippedSize float64 // bytes
	times              []time.Duration
	median             time.Duration
}

// coldCalls times cold calls (a fresh instance, the one request, stdin
// closed, exit) of each candidate, with the compiled module cached, and
// reports each one's sizes (default build and -ldflags='-s -w'), median
// and 90th percentile. The modules take turns in blocks, so that drift of
// the machine falls on all of them; a collection runs before each call,
// outside the timing, so that one call's garbage does not slow the next.
func coldCalls(b *testing.B, request string, cands []candidate) map[string]*measured {
	type mod struct {
		candidate
		*measured
		compiled wazero.CompiledModule
	}
	r := newRunner(b)
	var mods []mod
	for _, c := range cands {
		path := build(b, c.pkg, "")
		m := mod{candidate: c, compiled: r.compile(b, path), measured: &measured{size: fileSize(b, path), strippedSize: fileSize(b, build(b, c.pkg, stripped))}}
		// The first instance of a compiled module pays for one-time set-up.
		if _, _, err := r.run(m.compiled, request); err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		mods = append(mods, m)
	}
	runs := max(b.N, minRuns)
	b.ResetTimer()
	for i := 0; i*block < runs; i++ {
		for j := range mods {
			m := mods[(i+j)%len(mods)] // rotate which goes first
			for k := range block + 1 {
				runtime.GC()
				d, _, err := r.run(m.compiled, request)
				if err != nil {
					b.Fatalf("%s: %v", m.name, err)
				}
				if k > 0 {
					m.times = append(m.times, d)
				}
			}
		}
	}
	b.StopTimer()
	// ResetTimer drops metrics, so all are reported after it.
	all := map[string]*measured{}
	for _, m := range mods {
		m.median = median(m.times)
		all[m.name] = m.measured
		b.ReportMetric(m.size, m.name+"-B")
		b.ReportMetric(m.strippedSize, m.name+"-sw-B")
		b.ReportMetric(float64(m.median.Nanoseconds()), m.name+"-ns")
		b.ReportMetric(float64(percentile(m.times, 90).Nanoseconds()), m.name+"-p90-ns")
	}
	b.ReportMetric(float64(len(mods[0].times)), "runs")
	return all
}

func fileSize(tb testing.TB, path string) float64 {
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return float64(fi.Size())
}

func median(ds []time.Duration) time.Duration { return percentile(ds, 50) }

// percentile is the nearest-rank percentile p of ds.
func percentile(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(i-1, 0)]
}
