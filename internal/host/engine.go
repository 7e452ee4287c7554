package host

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// Engine says how the host turns a module into code it runs.
type Engine int

// The engines. Modules behave the same under each (budgets, memory cap,
// subako_http, WASI, stdout and stderr); only speed differs.
const (
	// EngineAuto loads a module from the compilation cache when an earlier
	// run compiled it there, and otherwise interprets it at once while
	// wazero's optimising compiler builds it for the cache in the
	// background (in a worker process, see worker.go), so the first run of a module does not wait about
	// a second for code it runs once. Runs in the same process move to the
	// compiled code when it is ready. Without a cache, the compilation runs
	// in this process, and every host interprets a module's first runs.
	EngineAuto Engine = iota
	// EngineCompiler compiles every module with the optimising compiler
	// before its first run: the fastest code, paid for up front.
	EngineCompiler
	// EngineInterpreter interprets every module: no compilation at all,
	// slower code.
	EngineInterpreter
)

func (e Engine) String() string {
	switch e {
	case EngineCompiler:
		return "compiler"
	case EngineInterpreter:
		return "interpreter"
	}
	return "auto"
}

// ParseEngine reads an engine's name, as String writes it.
func ParseEngine(s string) (Engine, bool) {
	for _, e := range []Engine{EngineAuto, EngineCompiler, EngineInterpreter} {
		if e.String() == s {
			return e, true
		}
	}
	return EngineAuto, false
}

// runtimeConfig is the one configuration of both runtimes (and of the
// compile worker's, whose cache entries must be the ones the host looks up:
// wazero's cache key covers the features and the termination checks).
// wazero would parse a module's DWARF sections (.debug_*) with Go's
// debug/dwarf when it compiles, in time and memory quadratic in their size
// (wasmbuild.QuadraticDWARF), only to name source lines in a trap's stack
// trace: it is told not to, so the host never reads them.
func runtimeConfig(interpreter bool, memory int64) wazero.RuntimeConfig {
	cfg := wazero.NewRuntimeConfig()
	if interpreter {
		cfg = wazero.NewRuntimeConfigInterpreter()
	}
	return cfg.WithCoreFeatures(api.CoreFeaturesV2).
		WithCloseOnContextDone(true).
		WithDebugInfoEnabled(false).
		WithMemoryLimitPages(uint32(min(memory/wasmPage, 1<<16)))
}

// errnoNotsup is WASI's ENOTSUP: Subako answers fd_allocate with it.
const errnoNotsup = 58

// newRuntime starts a runtime with WASI preview 1 as Subako provides it.
func newRuntime(ctx context.Context, cfg wazero.RuntimeConfig) (wazero.Runtime, error) {
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	b := rt.NewHostModuleBuilder(wasi_snapshot_preview1.ModuleName)
	wasi_snapshot_preview1.NewFunctionExporter().ExportFunctions(b)
	b.NewFunctionBuilder().
		WithGoFunction(api.GoFunc(func(_ context.Context, stack []uint64) { stack[0] = errnoNotsup }),
			[]api.ValueType{api.ValueTypeI32, api.ValueTypeI64, api.ValueTypeI64}, []api.ValueType{api.ValueTypeI32}).
		Export("fd_allocate")
	// The module's waits are in its own time (see poll.go).
	i32 := api.ValueTypeI32
	b.NewFunctionBuilder().
		WithGoModuleFunction(api.GoModuleFunc(pollOneoff), []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}).
		WithParameterNames("in", "out", "nsubscriptions", "result.nevents").
		Export("poll_oneoff")
	// Only the quota functions, the descriptor functions and fd_read get a
	// listener; see budgetListeners.
	if _, err := b.Instantiate(experimental.WithFunctionListenerFactory(ctx, budgetListeners{})); err != nil {
		_ = rt.Close(ctx)
		return nil, err
	}
	return rt, nil
}

// code is a module compiled for one runtime.
type code struct {
	rt          wazero.Runtime
	compiled    wazero.CompiledModule
	interpreted bool
}

// Module is a compiled module, ready to run many times. A module the host
// interprets while the compiler builds it moves to the compiled code for
// the runs that start once that is ready.
type Module struct {
	mu    sync.Mutex
	now   code
	ready chan struct{} // closed when better is set; nil when nothing better is coming
	// better is the optimising compiler's code, zero when it failed;
	// betterErr says why it failed.
	better    code
	betterErr error
	// http says the module imports subako_http: its runs may have side
	// effects on the network, which no run may repeat (see Host.Call).
	http bool
	// noMemory says the module has no memory of its own: it runs with an
	// empty one (withEmptyMemory).
	noMemory bool
	// runs counts the runs using the module's code; forgotten says the
	// host let it go (Host.Forget), freed that its code is closed: at
	// the last run's end once forgotten (attack pass 42n, row 7).
	runs             int
	forgotten, freed bool
	// closed is the code closed so far (closeCode): each once.
	closed []wazero.CompiledModule
}

// closeCode closes c once: freeLocked, betterReady and current may each
// come to the optimising compiler's code, and a second Close took away
// the reference of the same bytes compiled again (wazero counts them by
// module ID), so every run of those failed to instantiate (attack pass
// 42q, row 2). m.mu is held.
func (m *Module) closeCode(c wazero.CompiledModule) {
	if c == nil || slices.Contains(m.closed, c) {
		return
	}
	m.closed = append(m.closed, c)
	_ = c.Close(context.Background())
}

// enter is the code a run starting now uses, held until leave; false
// once the module's code is closed.
func (m *Module) enter() (code, bool) {
	c := m.current()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.freed {
		return code{}, false
	}
	m.runs++
	return c, true
}

// leave ends what enter held, closing the code of a forgotten module
// after its last run.
func (m *Module) leave() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs--
	if m.forgotten && m.runs == 0 {
		m.freeLocked()
	}
}

// forget marks the module let go, closing its code at once when no run
// uses it.
func (m *Module) forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.forgotten = true
	if m.runs == 0 {
		m.freeLocked()
	}
}

// freeLocked closes the module's code: what runs use now, and the
// optimising compiler's once ready (betterReady closes it if it comes
// later).
func (m *Module) freeLocked() {
	if m.freed {
		return
	}
	m.freed = true
	m.closeCode(m.now.compiled)
	if m.ready == nil {
		return // better is now, or never came
	}
	select {
	case <-m.ready:
		m.closeCode(m.better.compiled)
	default: // betterReady closes it
	}
}

// betterReady closes the optimising compiler's code when it came after
// the module was freed.
func (m *Module) betterReady() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.freed {
		m.closeCode(m.better.compiled)
	}
}

// current is the code a run starting now uses.
func (m *Module) current() code {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ready != nil {
		select {
		case <-m.ready:
			m.ready = nil
			if m.better.compiled != nil {
				// Runs still using the interpreted code keep it: wazero
				// lets a compiled module close under its instances.
				m.closeCode(m.now.compiled)
				m.now = m.better
			}
		default:
		}
	}
	return m.now
}

// Interpreted says whether a run starting now is interpreted.
func (m *Module) Interpreted() bool { return m.current().interpreted }

// WaitCompiled waits until the module's compilation in the background (if
// any) ends or ctx does, and says whether runs starting now use the
// optimising compiler's code. A caller about to run a module many times
// may wait for it rather than interpret every run.
func (m *Module) WaitCompiled(ctx context.Context) bool {
	m.mu.Lock()
	ready := m.ready
	m.mu.Unlock()
	if ready != nil {
		select {
		case <-ready:
		case <-ctx.Done():
		}
	}
	return !m.Interpreted()
}

// Compiled waits until the module's compilation in the background (if
// any) ends or ctx does, and answers why runs starting now would not use
// the optimising compiler's code: its compilation's error (a
// *CompileTimeoutError is the module's cost, a *StalledError the
// machine's), or ctx's. A module interpreted under EngineAuto is judged
// on the code Subako runs, so a compilation that fails in the background
// is the same finding as one that fails in the foreground under
// EngineCompiler. nil for a module compiled, or interpreted by choice
// (EngineInterpreter).
func (m *Module) Compiled(ctx context.Context) error {
	if m.WaitCompiled(ctx) {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.betterErr
}

// markerDir holds one file per module a compile worker has put in the
// cache, named by the module's SHA-256 and holding the path of wazero's
// entry for it, so EngineAuto can tell a module it may load from one it
// would have to compile without asking wazero (whose cache keys are
// internal): a marker counts only while its entry is there, whoever pruned
// the cache. The wazero version is in the name because a new version does
// not read the old entries.
func markerDir(cacheDir string) string {
	return filepath.Join(cacheDir, "compiled-"+wazeroVersion())
}

// marker is the marker's path for the module whose SHA-256 is sum.
func marker(cacheDir string, sum [sha256.Size]byte) string {
	return filepath.Join(markerDir(cacheDir), hex.EncodeToString(sum[:]))
}

// inCache says whether a compile worker has put the module whose SHA-256
// is sum in the cache and its entry is still there.
func inCache(cacheDir string, sum [sha256.Size]byte) bool {
	entry, err := os.ReadFile(marker(cacheDir, sum))
	if err != nil || len(entry) == 0 || !filepath.IsLocal(string(entry)) {
		return false
	}
	_, err = os.Stat(filepath.Join(cacheDir, string(entry)))
	return err == nil
}

// markCached records that the compiled code of the module whose SHA-256
// is sum is entry, a path inside cacheDir (best effort).
func markCached(cacheDir string, sum [sha256.Size]byte, entry string) {
	if os.MkdirAll(markerDir(cacheDir), 0o755) == nil {
		_ = os.WriteFile(marker(cacheDir, sum), []byte(entry), 0o644)
	}
}

var wazeroVersion = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/tetratelabs/wazero" {
				return d.Version
			}
		}
	}
	return "dev"
})
