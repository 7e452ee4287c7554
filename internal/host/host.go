// Package host runs function packages the way Subako does, on wazero: the
// same argv, environment, preopens, stdin and stdout discipline, limits and
// timeouts, so that what passes here passes there. Each run is recorded in
// full (stdout lines, stderr, exit, timings) for the checks that judge it.
package host

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
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
	// InterpretMaxStack bounds the Go heap one interpreted run's value
	// stack may take under EngineAuto, as interpretStack reckons it:
	// serve's four concurrent calls (its default) hold at most half the
	// 256 MiB it keeps beside them (docs/serve-limits.md).
	InterpretMaxStack = 32 << 20
	// CacheMaxBytes caps the compilation cache: when a host starts, or
	// has written a compiled module to it, with more than this on disk,
	// the oldest entries (by when they were written) are removed until a
	// quarter of it is free.
	CacheMaxBytes = 512 << 20

	wasmPage = 64 << 10
)

// Options configure a Host.
type Options struct {
	// CacheDir holds wazero's compilation cache, so a second run of the same
	// module starts fast. "" uses the user cache directory, or a temporary
	// directory removed at Close when there is none (HOME unset, as in
	// some CI containers): the cache is how the compile worker, whose
	// memory is capped, hands its code over, so without one the optimising
	// compiler would run in this process, uncapped (attack pass 41m, row
	// 2). "-" disables it: compilations run in this process (tests).
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
	tempCache     bool   // cacheDir is this host's own, removed at release
	cacheLimit    int64  // pruneCache's limit for cacheDir
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
	pending int                           // compilations in this process and runs that Close must outlast
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
	dir, temp, err := cacheDir(opt.CacheDir)
	if err != nil {
		return nil, err
	}
	if dir != "" {
		limit := opt.CacheMaxBytes
		if limit <= 0 {
			limit = CacheMaxBytes
		}
		pruneCache(dir, limit)
		h.cacheLimit = limit
		cache, err := wazero.NewCompilationCacheWithDir(dir)
		if err != nil {
			// The machine's cache directory, not the module (attack pass
			// 44e, row 4: lint said the module "cannot be read").
			return nil, fmt.Errorf("the host could not use its compilation cache %s (free space there, or set XDG_CACHE_HOME to a writable directory): %w", dir, err)
		}
		h.cache, h.cacheDir, h.tempCache = cache, dir, temp
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
	if h.closed {
		return nil, ErrClosed // a runtime started now would never be closed
	}
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

// cacheDir is where the compilation cache goes for the option opt: ""
// for none, and temp when it is a temporary directory of the host's own.
func cacheDir(opt string) (dir string, temp bool, err error) {
	switch opt {
	case "-":
		return "", false, nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			dir, err := os.MkdirTemp("", "subako-go-wazero-")
			return dir, err == nil, err
		}
		return filepath.Join(base, "subako-go", "wazero"), false, nil
	}
	return opt, false, nil
}

// ExitGrace is how long a module has to exit once stdin closes.
func (h *Host) ExitGrace() time.Duration { return h.exitGrace }

// Close releases the runtimes and the cache. A compilation still running
// in this process keeps them until it ends, since wazero's compilers
// cannot be stopped and fail when their runtime goes, and so does a run
// still going (it ends within its limits, or with its context); a compile
// worker still writing the cache goes on alone, within CompileLimit.
// Every entry of a closed host (Compile, CompileCovered, Start, Call,
// Discover) answers ErrClosed: a run started on a closed runtime panicked
// inside wazero (attack pass 42k, row 1).
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

// ErrClosed is a compilation or a run asked of a closed host.
var ErrClosed = errors.New("the host is closed")

// ErrForgotten is a run asked of a Module whose code Forget closed.
var ErrForgotten = errors.New("the module was let go (Host.Forget) and its code closed")

// Forget lets go of the modules compiled from the bytes whose SHA-256 is
// sum, the plain and the covered one: the host's table no longer holds
// them (the same bytes compiled again are compiled anew), and each one's
// compiled code is closed once no run uses it; a run asked of it after
// that is refused with ErrForgotten. A process that loads one module
// after another for as long as it runs (serve --watch) forgets each one
// it replaced, so it holds the compiled code of those it may still run,
// not of every one it ever loaded (attack pass 42n, row 7: 13 MiB a load
// kept until exit). The caller must know no one will run them again.
func (h *Host) Forget(sum [sha256.Size]byte) {
	h.mu.Lock()
	var gone []*Module
	for _, key := range [][sha256.Size]byte{sum, coveredSum(sum)} {
		if m := h.modules[key]; m != nil {
			gone = append(gone, m)
			delete(h.modules, key)
		}
	}
	h.mu.Unlock()
	for _, m := range gone {
		m.forget()
	}
}

// hold counts a compilation or a run Close must outlast; false when the
// host is closed already.
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
	if h.tempCache {
		err = errors.Join(err, os.RemoveAll(h.cacheDir))
	}
	return err
}

// StalledError is work given up on the wall clock (at its Backstop)
// before it used its limit of CPU time or of the module's own time: this
// machine is too busy (or the host is stuck). It is the host's condition,
// never a finding against the module: every command that meets one exits 3,
// not judged, whatever else it found (docs/time-model.md).
//
// A run that trapped on the interpreter's call depth is not judged either
// (Depth): wazero's interpreter allows 2,000 call frames, its compiled code
// some 400 MB of stack, so the trap says nothing of the module as Subako
// runs it (attack pass 41a, row 5).
//
// Nor is a compilation whose cache the host could not write (Cache, Err):
// a full, read-only or refused disk under the cache directory is the
// machine's (attack pass 44e, row 3: ENOSPC there was the module's P011).
type StalledError struct {
	What  string        // what was given up, e.g. "compiling the module"
	Limit time.Duration // its limit, of CPU time or of the module's own time
	Wall  time.Duration // the wall time it was given (Backstop.Wall)
	Depth bool          // not the wall clock: the interpreter's call depth
	Cache string        // not the wall clock: the compilation cache directory that could not be written
	Err   error         // with Cache, why
}

// Unwrap is the cause of a compilation cache's failure.
func (e *StalledError) Unwrap() error { return e.Err }

// InterpreterDepth is how many nested calls wazero's interpreter allows
// (its callStackCeiling); compiled code allows what fits in some 400 MB of
// stack.
const InterpreterDepth = 2000

func (e *StalledError) Error() string {
	if e.Cache != "" {
		return fmt.Sprintf("%s failed for want of the compilation cache at %s (%v): the machine's condition, not the module's, so it is not judged; free space there, or set XDG_CACHE_HOME to a writable directory", e.What, e.Cache, e.Err)
	}
	if e.Depth {
		return fmt.Sprintf("%s overflowed the stack of wazero's interpreter, whose %d nested calls are far fewer than compiled code allows (Subako runs compiled code), so it is not judged; run it with --engine compiler", e.What, InterpreterDepth)
	}
	return e.What + " took more than " + e.Wall.String() + " on the wall clock before using its " +
		e.Limit.String() + " of time: this machine is too busy (or the host is stuck), so it is not judged; try again when it is less loaded"
}
