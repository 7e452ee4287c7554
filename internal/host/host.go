// Package host runs function packages the way Subako does, on wazero: the
// same argv, environment, preopens, stdin and stdout discipline, limits and
// timeouts, so that what passes here passes there. Each run is recorded in
// full (stdout lines, stderr, exit, timings) for the checks that judge it.
package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/wasmparse"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
)

// Limits of the host beyond the ABI's, which Subako does not publish.
const (
	// MemoryLimit is how far a module's linear memory may grow: 1 GiB
	// (16,384 pages of 64 KiB), far more than a function needs, and few
	// enough that a module growing page by page cannot take the machine's
	// memory. A memory.grow past it fails as the wasm spec says (-1), which
	// a Go module reports as running out of memory.
	MemoryLimit = 1 << 30
	// CompileLimit bounds the CPU time of compiling one module, in the
	// foreground or for the cache. A compilation that overruns is
	// abandoned and reported as a CompileTimeoutError. It is CPU time, not
	// the wall clock's, because Subako compiles modules on its own
	// machines: a compilation that is slow here only because this machine
	// is busy is no fault of the module's (past Backstop of the
	// limit on the wall clock it is given up as a StalledError, the host's
	// condition). It is generous (a cold compile of a 2.5 MB Go module
	// takes about a second) because the reader's shape limits already
	// refuse the modules wazero's compiler is slow on; this is the bound
	// for the rest.
	CompileLimit = time.Minute
	// InterpretMaxBytes and InterpretMaxLocals bound the modules EngineAuto
	// interprets (see interpretable).
	InterpretMaxBytes  = 64 << 20
	InterpretMaxLocals = 1_000_000
	// InterpretMaxHeap bounds the Go heap EngineAuto lets the
	// interpreter's preparation of one module allocate, as interpretCost
	// reckons it: within the 256 MiB serve keeps beside its calls
	// (docs/serve-limits.md).
	InterpretMaxHeap = 256 << 20
	// CacheMaxBytes caps the compilation cache: when a host starts with
	// more than this on disk, the oldest entries (by when they were
	// written) are removed until a quarter of it is free.
	CacheMaxBytes = 512 << 20

	wasmPage = 64 << 10
)

// Options configure a Host.
type Options struct {
	// CacheDir holds wazero's compilation cache, so a second run of the same
	// module starts fast. "" uses the user cache directory; "-" disables it.
	CacheDir string
	// Engine says how modules are run: EngineAuto (the default) interprets
	// a module the cache does not hold yet while it is compiled for the
	// cache in the background.
	Engine Engine
	// CacheMaxBytes overrides CacheMaxBytes (tests).
	CacheMaxBytes int64
	// CompileLimit overrides CompileLimit, in CPU time (tests).
	CompileLimit time.Duration
	// MemoryLimit overrides MemoryLimit, in bytes (tests).
	MemoryLimit int64
	// MemoryBudget bounds the guest memory of all the host's runs at once,
	// in bytes (0: no bound but each run's MemoryLimit). A memory.grow
	// that would pass it fails (-1), as one past MemoryLimit does.
	MemoryBudget int64
	// FileBudget overrides FileBudget: the files all runs may have open.
	FileBudget int
	// CompileMemory overrides CompileMemory, in bytes (tests).
	CompileMemory int64
	// DiscoverLimit bounds a whole upload discovery (and a run with no
	// timeout of its own); 0 means Subako's, DiscoverLimit. Tests shorten it.
	DiscoverLimit time.Duration
	// ExitGrace is how long a module has to exit once stdin closes; 0 means
	// Subako's, ExitGrace. Tests shorten it.
	ExitGrace time.Duration
	// Backstop, when set, is the wall time every run and compilation is
	// given before it is given up as stalled, instead of Backstop of its
	// limit: tests force it small to see a command say "not judged"
	// without slowing the machine.
	Backstop time.Duration
}

// Host owns wazero runtimes with WASI preview 1 as Subako provides it: the
// optimising compiler's, and the interpreter's once a module is interpreted.
type Host struct {
	rt            wazero.Runtime
	cache         wazero.CompilationCache
	cacheDir      string // "" for none
	engine        Engine
	memory        int64
	compileMemory int64
	compileLimit  time.Duration
	discoverLimit time.Duration
	exitGrace     time.Duration
	wallBackstop  time.Duration // Options.Backstop
	mem           *memoryBudget
	files         *fileBudget
	running       atomic.Int64 // runs whose guest has not left its instance

	mu      sync.Mutex
	interp  wazero.Runtime                // started on first use
	modules map[[sha256.Size]byte]*Module // by content: one compilation per module and host
	pending int                           // compilations running in this process that Close must outlast
	closed  bool                          // Close was called
}

// New starts a host.
func New(ctx context.Context, opt Options) (*Host, error) {
	h := &Host{engine: opt.Engine, memory: opt.MemoryLimit, compileLimit: opt.CompileLimit,
		discoverLimit: DiscoverLimit, exitGrace: ExitGrace, wallBackstop: opt.Backstop, modules: map[[sha256.Size]byte]*Module{},
		mem: newMemoryBudget(opt.MemoryBudget), files: &fileBudget{limit: FileBudget}}
	if opt.FileBudget > 0 {
		h.files.limit = opt.FileBudget
	}
	if h.memory <= 0 {
		h.memory = MemoryLimit
	}
	h.compileMemory = opt.CompileMemory
	if h.compileMemory <= 0 {
		h.compileMemory = CompileMemory
	}
	if opt.DiscoverLimit > 0 {
		h.discoverLimit = opt.DiscoverLimit
	}
	if opt.ExitGrace > 0 {
		h.exitGrace = opt.ExitGrace
	}
	if h.compileLimit <= 0 {
		h.compileLimit = CompileLimit
	}
	cfg := runtimeConfig(false, h.memory)
	if dir := cacheDir(opt.CacheDir); dir != "" {
		limit := opt.CacheMaxBytes
		if limit <= 0 {
			limit = CacheMaxBytes
		}
		pruneCache(dir, limit)
		cache, err := wazero.NewCompilationCacheWithDir(dir)
		if err != nil {
			return nil, err
		}
		h.cache, h.cacheDir = cache, dir
		cfg = cfg.WithCompilationCache(cache)
	}
	rt, err := newRuntime(ctx, cfg)
	if err != nil {
		if h.cache != nil {
			_ = h.cache.Close(ctx)
		}
		return nil, err
	}
	h.rt = rt
	return h, nil
}

// interpreter is the interpreter's runtime, started on first use.
func (h *Host) interpreter(ctx context.Context) (wazero.Runtime, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.interp == nil {
		rt, err := newRuntime(ctx, runtimeConfig(true, h.memory))
		if err != nil {
			return nil, err
		}
		h.interp = rt
	}
	return h.interp, nil
}

// Running counts the runs whose guest has not yet left its instance: a
// run's record is handed back only after its guest left (see
// Session.Wait), so a caller that waited for every run it started sees 0.
func (h *Host) Running() int { return int(h.running.Load()) }

// DiscoverLimit is the time a whole discovery has, its compilation
// included.
func (h *Host) DiscoverLimit() time.Duration { return h.discoverLimit }

func cacheDir(opt string) string {
	switch opt {
	case "-":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "subako-go", "wazero")
	}
	return opt
}

// ExitGrace is how long a module has to exit once stdin closes.
func (h *Host) ExitGrace() time.Duration { return h.exitGrace }

// Close releases the runtimes and the cache. A compilation still running
// in this process keeps them until it ends, since wazero's compilers
// cannot be stopped and fail when their runtime goes; a compile worker
// still writing the cache goes on alone, within CompileLimit.
func (h *Host) Close(ctx context.Context) error {
	h.mu.Lock()
	h.closed = true
	pending := h.pending > 0
	h.mu.Unlock()
	if pending {
		return nil // the last pending compilation releases
	}
	return h.release(ctx)
}

// errHostClosed is a compilation asked of a closed host.
var errHostClosed = errors.New("the host is closed")

// hold counts a compilation Close must outlast; false when the host is
// closed already.
func (h *Host) hold() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.pending++
	return true
}

// unhold ends what hold counted, releasing the host when it was closed
// meanwhile and this was the last.
func (h *Host) unhold() {
	h.mu.Lock()
	h.pending--
	last := h.closed && h.pending == 0
	h.mu.Unlock()
	if last {
		_ = h.release(context.Background())
	}
}

func (h *Host) release(ctx context.Context) error {
	err := h.rt.Close(ctx)
	h.mu.Lock()
	interp := h.interp
	h.mu.Unlock()
	if interp != nil {
		err = errors.Join(err, interp.Close(ctx))
	}
	if h.cache != nil {
		err = errors.Join(err, h.cache.Close(ctx))
	}
	return err
}

// CompileTimeoutError is a compilation abandoned at the host's
// CompileLimit of CPU time: the module's own cost, whatever the machine's
// load.
type CompileTimeoutError struct {
	Limit time.Duration // the CPU time it was given
}

func (e *CompileTimeoutError) Error() string {
	return "compiling the module took more than " + e.Limit.String() + " of CPU time and was abandoned"
}

// StalledError is work given up on the wall clock (at its Backstop)
// before it used its limit of CPU time or of the module's own time: this
// machine is too busy (or the host is stuck). It is the host's condition,
// never a finding against the module: every command that meets one exits 3,
// not judged, whatever else it found (docs/time-model.md).
type StalledError struct {
	What  string        // what was given up, e.g. "compiling the module"
	Limit time.Duration // its limit, of CPU time or of the module's own time
	Wall  time.Duration // the wall time it was given (Backstop.Wall)
}

func (e *StalledError) Error() string {
	return e.What + " took more than " + e.Wall.String() + " on the wall clock before using its " +
		e.Limit.String() + " of time: this machine is too busy (or the host is stuck), so it is not judged; try again when it is less loaded"
}

// Compile readies a module to run, as the host's Engine says, within the
// host's CompileLimit of CPU time: a compilation that overruns is abandoned
// with a *CompileTimeoutError (one given up on the wall clock first is a
// *StalledError; one whose context ends returns its error). The optimising
// compiler runs in a worker process (this executable again, see worker.go)
// that stops itself at the limit when the host has a compilation cache, so
// an abandoned compilation costs nothing more; otherwise it is cancelled
// in this process. Compile may read wasm until the module's
// background compilation ends: the caller must not change it. The same
// bytes compiled again on the same host give the same Module, so a
// process that runs a module many times (discovery, then calls) compiles
// it once.
func (h *Host) Compile(ctx context.Context, wasm []byte) (*Module, error) {
	// The same bytes were read and let through before: they pass again.
	sum := sha256.Sum256(wasm)
	h.mu.Lock()
	m := h.modules[sum]
	h.mu.Unlock()
	if m != nil {
		return m, nil
	}
	// A shape past an implementation limit (2^32-1 locals, 100,000 nested
	// blocks) costs the compiler memory or time without bound: refuse it
	// before wazero sees it, whoever calls.
	parsed := wasmparse.Parse(wasm)
	if p, ok := parsed.Exceeded(); ok {
		return nil, fmt.Errorf("refused before compiling: %s section at offset %#x: %s", p.Section, p.Offset, p.Message)
	}
	// wazero decodes the name section, a custom section the spec leaves
	// unchecked, allocating what its counts declare: it gets the module
	// without a name section the reader could not bound, under every engine.
	bounded, err := parsed.EngineBytes(wasm)
	if err == nil {
		bounded, err = boundTables(bounded, parsed)
	}
	if err != nil {
		return nil, fmt.Errorf("refused before compiling: %w", err)
	}
	boundedSum := sum
	if !bytes.Equal(bounded, wasm) { // a table's maximum may be rewritten in as many bytes
		boundedSum = sha256.Sum256(bounded)
	}
	m, err = h.compile(ctx, bounded, boundedSum, parsed)
	if err == nil {
		h.mu.Lock()
		h.modules[sum] = m
		h.mu.Unlock()
	}
	return m, err
}

func (h *Host) compile(ctx context.Context, wasm []byte, sum [sha256.Size]byte, parsed *wasmparse.Module) (*Module, error) {
	limit := h.compileLimit
	cached := h.cacheDir != "" && inCache(h.cacheDir, sum)
	switch {
	case h.engine == EngineInterpreter, h.engine == EngineAuto && !cached && interpretable(wasm, parsed):
		rt, err := h.interpreter(ctx)
		if err != nil {
			return nil, err
		}
		c, err := h.compileOn(ctx, rt, wasm, limit)
		if err != nil {
			return nil, err
		}
		m := &Module{now: code{rt: rt, compiled: c, interpreted: true}}
		if h.engine == EngineAuto {
			ready := make(chan struct{})
			m.ready = ready
			go func() {
				m.better = h.compileForCache(wasm)
				close(ready)
			}()
		}
		return m, nil
	case h.cacheDir != "" && !cached:
		// Compile where an overrun can be killed, then load from the cache.
		if err := h.compileInWorker(ctx, wasm, limit); err != nil {
			return nil, err
		}
	}
	c, err := h.compileOn(ctx, h.rt, wasm, limit)
	if err != nil {
		return nil, err
	}
	return &Module{now: code{rt: h.rt, compiled: c}}, nil
}

// interpretable says whether EngineAuto may interpret a module: whether
// preparing it for the interpreter, which happens in this process and
// cannot be stopped, is cheap in time and in memory. wazero's interpreter
// prepares most shapes in linear time (9,999 nested blocks: 8 ms; a
// br_table of 65,520 targets: 8 ms) but not many locals: 2,000 functions
// of 49,999 locals each, a 26 KB module, take it 52 s (the optimising
// compiler, 1.8 s). Go modules declare a few locals per function (8,820 in
// all in a 2.6 MB one, 65,416 in a 23 MB one). Its memory is bounded by
// InterpretMaxHeap through interpretCost. A module past any bound is
// compiled, in a worker when there is one, where its time and memory are
// bounded.
func interpretable(wasm []byte, m *wasmparse.Module) bool {
	return len(wasm) <= InterpretMaxBytes && m.Locals <= InterpretMaxLocals &&
		interpretCost(len(wasm), m) <= InterpretMaxHeap
}

// interpretCost bounds the bytes wazero's interpreter allocates on the Go
// heap to prepare a module of size bytes, from its shape. Fitted on the
// allocations measured around CompileModule (TestInterpretCostModel;
// TotalAlloc's growth, so garbage included, an upper bound on the peak):
// up to 111 bytes per byte of function bodies (a run of empty ifs, the
// costliest shape found; one-byte i32.eqz, 60), 270 per function however
// small, and scratch that grows with the largest body in doubling steps
// (534 to 624 per byte for a body of empty ifs alone, by where its size
// falls between two steps); the rest of a module (data segments, names)
// about once its size. Each term is rounded up.
func interpretCost(size int, m *wasmparse.Module) int64 {
	code := 0
	for _, s := range m.Sections {
		if s.ID == byte(wasmparse.SectionCode) {
			code += s.PayloadSize
		}
	}
	return 128*int64(code) + 2*int64(size-code) + 320*int64(m.NumCodes) + 768*int64(m.MaxBodySize)
}

// backgroundSlot lets one compilation for the cache run at a time in a
// process, so that a command judging many new modules keeps its cores for
// the runs it answers with; the others wait their turn.
var backgroundSlot = make(chan struct{}, 1)

// compileForCache builds wasm with the optimising compiler in the
// background, within CompileLimit, writing the cache on the way, and
// answers the code (none when it failed or the host closed meanwhile).
func (h *Host) compileForCache(wasm []byte) code {
	backgroundSlot <- struct{}{}
	defer func() { <-backgroundSlot }()
	h.mu.Lock()
	closed := h.closed
	h.mu.Unlock()
	if closed {
		return code{} // its turn came too late
	}
	ctx := context.Background()
	worker := h.cacheDir != "" // the worker hands its result over through the cache
	if worker && h.compileInWorker(ctx, wasm, h.compileLimit) != nil {
		return code{}
	}
	if !h.hold() {
		return code{}
	}
	defer h.unhold()
	var c wazero.CompiledModule
	var err error
	if worker {
		c, err = h.rt.CompileModule(ctx, wasm) // from the cache, where the worker wrote it
	} else {
		c, err = h.compileOn(ctx, h.rt, wasm, h.compileLimit)
	}
	if err != nil {
		return code{}
	}
	return code{rt: h.rt, compiled: c}
}

// compileOn compiles wasm on rt within limit of the compilation's own CPU
// time, whatever else the process does meanwhile (serve's other calls, the
// runs of other modules): wazero compiles on the calling goroutine (with
// one compilation worker, which is set here), and that goroutine is locked
// to its OS thread, whose CPU clock is read (internal/cputime). The Go
// runtime's background collection of what the compiler allocates is not
// counted, which only errs towards finishing. An overrunning compilation
// is cancelled (wazero checks between functions) and the caller gets a
// *CompileTimeoutError; past its Backstop on the wall clock, a
// *StalledError.
//
// The compilation is held (hold) until wazero returns, even when abandoned:
// closing the runtime under a running CompileModule panics inside wazero.
func (h *Host) compileOn(ctx context.Context, rt wazero.Runtime, wasm []byte, limit time.Duration) (wazero.CompiledModule, error) {
	type result struct {
		c   wazero.CompiledModule
		err error
	}
	if !h.hold() {
		return nil, errHostClosed
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan result, 1)
	clock := make(chan *cputime.Thread, 1)
	var handOver sync.Mutex
	abandoned := false
	go func() {
		defer h.unhold()
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		clock <- cputime.CurrentThread()
		c, err := rt.CompileModule(experimental.WithCompilationWorkers(cctx, 1), wasm)
		handOver.Lock()
		defer handOver.Unlock()
		if abandoned {
			if err == nil {
				_ = c.Close(context.Background())
			}
			return
		}
		done <- result{c, err}
	}()
	thread, backstop := <-clock, h.Backstop(limit, 0)
	var fail error
	for fail == nil {
		spent := thread.Elapsed()
		t := time.NewTimer(max(min(limit-spent, time.Until(backstop.Deadline)), time.Millisecond))
		select {
		case r := <-done:
			t.Stop()
			return r.c, r.err
		case <-ctx.Done():
			fail = ctx.Err()
		case <-t.C:
			switch {
			case thread.Elapsed() >= limit:
				fail = &CompileTimeoutError{Limit: limit.Round(time.Millisecond)}
			case backstop.Passed():
				fail = backstop.Stalled("compiling the module")
			}
		}
		t.Stop()
	}
	cancel()
	handOver.Lock()
	abandoned = true
	select {
	case r := <-done: // it ended just as it was abandoned
		if r.err == nil {
			_ = r.c.Close(context.Background())
		}
	default:
	}
	handOver.Unlock()
	return nil, fail
}
