// Package host runs function packages the way Subako does, on wazero: the
// same argv, environment, preopens, stdin and stdout discipline, limits and
// timeouts, so that what passes here passes there. Each run is recorded in
// full (stdout lines, stderr, exit, timings) for the checks that judge it.
package host

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// Options configure a Host.
type Options struct {
	// CacheDir holds wazero's compilation cache, so a second run of the same
	// module starts fast. "" uses the user cache directory; "-" disables it.
	CacheDir string
}

// Host owns a wazero runtime with WASI preview 1 as Subako provides it.
type Host struct {
	rt    wazero.Runtime
	cache wazero.CompilationCache
}

// errnoNotsup is WASI's ENOTSUP: Subako answers fd_allocate with it.
const errnoNotsup = 58

// New starts a host.
func New(ctx context.Context, opt Options) (*Host, error) {
	cfg := wazero.NewRuntimeConfig().
		WithCoreFeatures(api.CoreFeaturesV2).
		WithCloseOnContextDone(true)
	h := &Host{}
	if dir := cacheDir(opt.CacheDir); dir != "" {
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

// Close releases the runtime and the cache.
func (h *Host) Close(ctx context.Context) error {
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

// Compile compiles a module (or takes it from the cache).
func (h *Host) Compile(ctx context.Context, wasm []byte) (*Module, error) {
	c, err := h.rt.CompileModule(ctx, wasm)
	if err != nil {
		return nil, err
	}
	return &Module{compiled: c}, nil
}
