// Package host runs function packages the way Subako does, on wazero: the
// same argv, environment, preopens, stdin and stdout discipline, limits and
// timeouts, so that what passes here passes there. Each run is recorded in
// full (stdout lines, stderr, exit, timings) for the checks that judge it.
package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/subako-ai/subako-go/wasmparse"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// Limits of the host beyond the ABI's, which Subako does not publish.
const (
	// MemoryLimit is how far a module's linear memory may grow: 1 GiB
	// (16,384 pages of 64 KiB), far more than a function needs, and few
	// enough that a module growing page by page cannot take the machine's
	// memory. A memory.grow past it fails as the wasm spec says (-1), which
	// a Go module reports as running out of memory.
	MemoryLimit = 1 << 30
	// CompileLimit bounds compiling one module. A compilation that overruns
	// it is abandoned and reported as a CompileTimeoutError. It is generous
	// (a cold compile of a 2.5 MB Go module takes about a second, and ten on
	// a machine loaded five times over) because the reader's shape limits
	// already refuse the modules wazero's compiler is slow on; this is the
	// backstop for the rest.
	CompileLimit = time.Minute
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
	// CacheMaxBytes overrides CacheMaxBytes (tests).
	CacheMaxBytes int64
	// CompileLimit overrides CompileLimit (tests).
	CompileLimit time.Duration
	// MemoryLimit overrides MemoryLimit, in bytes (tests).
	MemoryLimit int64
	// DiscoverLimit bounds a whole upload discovery (and a run with no
	// timeout of its own); 0 means Subako's, DiscoverLimit. Tests shorten it.
	DiscoverLimit time.Duration
	// ExitGrace is how long a module has to exit once stdin closes; 0 means
	// Subako's, ExitGrace. Tests shorten it.
	ExitGrace time.Duration
}

// Host owns a wazero runtime with WASI preview 1 as Subako provides it.
type Host struct {
	rt            wazero.Runtime
	cache         wazero.CompilationCache
	compileLimit  time.Duration
	discoverLimit time.Duration
	exitGrace     time.Duration

	mu        sync.Mutex
	abandoned int  // compilations given up on and still running
	closed    bool // Close was called
}

// errnoNotsup is WASI's ENOTSUP: Subako answers fd_allocate with it.
const errnoNotsup = 58

// New starts a host.
func New(ctx context.Context, opt Options) (*Host, error) {
	memory := opt.MemoryLimit
	if memory <= 0 {
		memory = MemoryLimit
	}
	cfg := wazero.NewRuntimeConfig().
		WithCoreFeatures(api.CoreFeaturesV2).
		WithCloseOnContextDone(true).
		WithMemoryLimitPages(uint32(min(memory/wasmPage, 1<<16)))
	h := &Host{compileLimit: opt.CompileLimit, discoverLimit: DiscoverLimit, exitGrace: ExitGrace}
	if opt.DiscoverLimit > 0 {
		h.discoverLimit = opt.DiscoverLimit
	}
	if opt.ExitGrace > 0 {
		h.exitGrace = opt.ExitGrace
	}
	if h.compileLimit <= 0 {
		h.compileLimit = CompileLimit
	}
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
		h.cache = cache
		cfg = cfg.WithCompilationCache(cache)
	}
	h.rt = wazero.NewRuntimeWithConfig(ctx, cfg)
	b := h.rt.NewHostModuleBuilder(wasi_snapshot_preview1.ModuleName)
	wasi_snapshot_preview1.NewFunctionExporter().ExportFunctions(b)
	b.NewFunctionBuilder().
		WithGoFunction(api.GoFunc(func(_ context.Context, stack []uint64) { stack[0] = errnoNotsup }),
			[]api.ValueType{api.ValueTypeI32, api.ValueTypeI64, api.ValueTypeI64}, []api.ValueType{api.ValueTypeI32}).
		Export("fd_allocate")
	// Only fd_write and fd_pwrite get a listener; see budgetListeners.
	if _, err := b.Instantiate(experimental.WithFunctionListenerFactory(ctx, budgetListeners{})); err != nil {
		h.Close(ctx)
		return nil, err
	}
	return h, nil
}

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

// Close releases the runtime and the cache.
// An abandoned compilation still running keeps them until it ends, since
// wazero's compiler cannot be stopped and fails when its runtime goes.
func (h *Host) Close(ctx context.Context) error {
	h.mu.Lock()
	h.closed = true
	pending := h.abandoned > 0
	h.mu.Unlock()
	if pending {
		return nil // the last abandoned compilation closes
	}
	return h.release(ctx)
}

func (h *Host) release(ctx context.Context) error {
	err := h.rt.Close(ctx)
	if h.cache != nil {
		err = errors.Join(err, h.cache.Close(ctx))
	}
	return err
}

// Module is a compiled module, ready to run many times.
type Module struct {
	compiled wazero.CompiledModule
}

// CompileTimeoutError is a compilation abandoned at its deadline: the
// host's CompileLimit, or the context's deadline when that comes first.
type CompileTimeoutError struct {
	Limit time.Duration // the time it was given
}

func (e *CompileTimeoutError) Error() string {
	return "compiling the module took longer than " + e.Limit.String() + " and was abandoned"
}

// Compile compiles a module (or takes it from the cache), within the
// host's CompileLimit and the context's deadline. wazero's compiler does not
// stop when its context ends, so an overrunning compilation is left to
// finish in the background and its result thrown away; the caller gets a
// *CompileTimeoutError at the deadline.
func (h *Host) Compile(ctx context.Context, wasm []byte) (*Module, error) {
	// A shape past an implementation limit (2^32-1 locals, 100,000 nested
	// blocks) costs the compiler memory or time without bound: refuse it
	// before wazero sees it, whoever calls.
	if p, ok := wasmparse.Parse(wasm).Exceeded(); ok {
		return nil, fmt.Errorf("refused before compiling: %s section at offset %#x: %s", p.Section, p.Offset, p.Message)
	}
	limit := h.compileLimit
	if d, ok := ctx.Deadline(); ok && time.Until(d) < limit {
		limit = time.Until(d)
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	type result struct {
		c   wazero.CompiledModule
		err error
	}
	done := make(chan result, 1)
	go func() {
		c, err := h.rt.CompileModule(ctx, wasm)
		done <- result{c, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, r.err
		}
		return &Module{compiled: r.c}, nil
	case <-ctx.Done():
		h.mu.Lock()
		h.abandoned++
		h.mu.Unlock()
		go func() {
			if r := <-done; r.err == nil {
				_ = r.c.Close(context.Background())
			}
			h.mu.Lock()
			h.abandoned--
			last := h.closed && h.abandoned == 0
			h.mu.Unlock()
			if last {
				_ = h.release(context.Background())
			}
		}()
		return nil, &CompileTimeoutError{Limit: limit.Round(time.Millisecond)}
	}
}
