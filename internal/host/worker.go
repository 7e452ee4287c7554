package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/host/workerenv"
	"github.com/subako-ai/subako-go/internal/input"
)

// CompileMemory caps the peak resident memory of a compile worker: what
// one compilation by the optimising compiler may take before the worker
// stops itself and the compilation fails (the worker watches its own peak,
// see watchWorker; its address space is capped too, at workerAddrSpace of
// this, only as a backstop against a burst between two looks). A 2.6 MB Go module needs 73 MB (peak resident),
// the worst shapes the reader lets through (see W050-W053) 780 MB for
// 2,000 functions of 49,999 locals and 170 MB for br_tables of 65,520
// targets; beyond that a module needs far more than any toolchain emits.
const CompileMemory = 3 << 30

// workerInEnv names the file a compile worker's stdin is, which it removes
// once read; workerenv.Job carries its job.
const workerInEnv = "SUBAKO_HOST_COMPILE_INPUT"

// served says that this executable serves compile workers: WorkerMain
// ran. A host starts a worker only then, so that an executable that does
// not (a test binary without the TestMain) fails to compile with a message
// that says so, instead of running its own main again as the worker.
var served atomic.Bool

// WorkerMain is the compile worker's entry point. The host compiles in a
// child process of its own executable, its compile worker, where a
// compilation over its time or memory is killed and costs nothing more,
// and where a compilation for the cache may outlive a command that has
// already answered. So every executable whose hosts compile through a
// cache serves as a worker: call WorkerMain first in the
// main of a command that links the host (after roles.Of has kept a worker
// from supervising), and in the TestMain of tests whose hosts compile
// through a cache. In a process a host started as its worker it compiles
// the module and returns the exit code with true, and the caller exits
// with it; in any other it returns false, and the hosts of this process
// may start workers from then on.
func WorkerMain() (code int, worker bool) {
	if job := os.Getenv(workerenv.Job); job != "" {
		return runWorker(job), true
	}
	served.Store(true)
	return 0, false
}

// errNotServed is compiling through the cache in an executable that does
// not serve compile workers.
var errNotServed = errors.New("this executable does not serve the host's compile worker: its main (or a test's TestMain) must call host.WorkerMain first")

// workerJob is what a worker is asked: the module is its stdin.
type workerJob struct {
	Cache     string        // the compilation cache to write
	Limit     time.Duration // the worker's CPU time, after which it exits
	Memory    int64         // the runtime's memory limit, as the host's
	RSS       int64         // the worker's cap on its peak resident memory
	AddrSpace int64         // the worker's address-space cap
	Own       string        // the directory the worker compiles in (see compileInto)
	Covered   bool          // with the listener that counts coverage (CompileCovered)
}

// workerAddrSpace is the address-space cap of a worker whose resident
// memory is capped at rss: far enough above it that the Go runtime never
// fails to reserve a thread's stack or an arena before the worker sees its
// resident memory pass the cap (a Go process at its address-space cap dies
// in any of several ways, pthread_create failing among them, which made a
// test depend on the machine's load), near enough to bound a burst.
func workerAddrSpace(rss int64) int64 { return 2*rss + 1<<30 }

// rssPoll is how often a worker looks at its CPU time and peak resident
// memory.
const rssPoll = 10 * time.Millisecond

var errBackstop = errors.New("past the wall-clock backstop")

// The worker's exit codes.
const (
	workerFailed     = 3 // the module does not compile (the error is on stderr)
	workerLate       = 5 // out of time
	workerOverMemory = 6 // past its cap on resident memory
	workerCacheIO    = 7 // the cache could not be read or written (the error is on stderr): the machine's
)

func runWorker(spec string) int {
	var job workerJob
	if err := json.Unmarshal([]byte(spec), &job); err != nil || job.Cache == "" {
		os.Stderr.WriteString("bad compile job\n")
		return workerFailed
	}
	limitWorker(job.AddrSpace)
	go watchWorker(job.Limit, job.RSS, job.Own)
	// Standard input is the file the host wrote the module to, read
	// through the one reader of standard input (never mapped: the worker
	// runs under a cap on its address space).
	f, err := input.ReadArg(context.Background(), "-", input.MaxModule)
	_ = os.Remove(os.Getenv(workerInEnv))
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return workerFailed
	}
	if err := compileInto(job, f.Data); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		if cacheIO(err) {
			return workerCacheIO
		}
		return workerFailed
	}
	return 0
}

// cacheIO says whether a worker's error is the file system's: the worker
// touches no file but the cache (its job file is the host's, in the cache
// too), and wazero answers a module it cannot compile with errors of its
// own, never an *fs.PathError, an *os.LinkError or an *os.SyscallError,
// so a full, read-only or refused disk under the cache is the machine's
// condition, never the module's (attack pass 44e, row 3).
func cacheIO(err error) bool {
	return errors.As(err, new(*fs.PathError)) || errors.As(err, new(*os.LinkError)) || errors.As(err, new(*os.SyscallError))
}

// watchWorker ends the worker as late once it has used limit of CPU
// time, and as over its memory once its peak resident memory passes rss
// (0: no cap). os.Exit skips compileInto's deferred removal of own, so
// it removes own first (the host that started the worker removes it too
// once the worker has ended, and pruneCache one whose worker died with
// its host gone).
func watchWorker(limit time.Duration, rss int64, own string) {
	for {
		left := limit - cputime.Process()
		if left <= 0 {
			_ = os.RemoveAll(own)
			os.Exit(workerLate)
		}
		if rss > 0 && peakRSS() > rss {
			_ = os.RemoveAll(own)
			os.Exit(workerOverMemory)
		}
		time.Sleep(min(max(left, time.Millisecond), rssPoll))
	}
}

// compileInto compiles wasm into a cache of its own inside job.Cache
// (job.Own, a worker-*.tmp directory the host named), so that the one entry
// there is this module's, moves the entry into job.Cache and marks the
// module with its name (see markerDir). It holds a lock on its directory
// while it lives, so that pruneCache removes the directory only once no
// worker holds it.
func compileInto(job workerJob, wasm []byte) error {
	own := job.Own
	if filepath.Dir(own) != filepath.Clean(job.Cache) || !isWorkerDir(filepath.Base(own)) {
		return fmt.Errorf("bad compile job: %q is not a worker's directory in the cache", own)
	}
	lock, err := holdWorkerDir(own)
	if err != nil {
		return err
	}
	defer lock.Close()
	defer os.RemoveAll(own)
	ctx := context.Background()
	sum := sha256.Sum256(wasm)
	if job.Covered {
		// wazero keys the compiled code by which functions have a
		// listener, not by the listener: the host's loads this entry.
		ctx, sum = experimental.WithFunctionListenerFactory(ctx, entries{}), coveredSum(sum)
	}
	cache, err := wazero.NewCompilationCacheWithDir(own)
	if err != nil {
		return err
	}
	rt := wazero.NewRuntimeWithConfig(ctx, runtimeConfig(false, job.Memory).WithCompilationCache(cache))
	if _, err := rt.CompileModule(ctx, wasm); err != nil {
		return err
	}
	// watchWorker reads the clock only now and then, and on a loaded
	// machine may not run at all before the compile ends: read it once
	// more before the entry reaches the cache, so a compile that went past
	// the limit is late whatever the load (a preflight's TestCompileDeadline
	// once saw it succeed), and is never cached to be loaded later.
	if cputime.Process() >= job.Limit {
		_ = os.RemoveAll(own)
		os.Exit(workerLate)
	}
	entries, _ := filepath.Glob(filepath.Join(own, "wazero-*", "*"))
	if len(entries) != 1 {
		return fmt.Errorf("the compiler left %d cache entries, not one", len(entries))
	}
	rel, err := filepath.Rel(own, entries[0])
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(job.Cache, filepath.Dir(rel)), 0o755); err != nil {
		return err
	}
	if err := os.Rename(entries[0], filepath.Join(job.Cache, rel)); err != nil {
		return err
	}
	markCached(job.Cache, sum, rel)
	return nil
}

// cacheFailed is a compilation that failed for want of the compilation
// cache (a full, read-only or refused disk under it): the machine's
// condition, not judged, never a finding against the module.
func (h *Host) cacheFailed(err error) error {
	return &StalledError{What: "compiling the module", Cache: h.cacheDir, Err: err}
}

// overMemory is the error of a compilation past the worker's memory cap.
func (h *Host) overMemory() error {
	return fmt.Errorf("compiling the module needs more than the compiler's %d MiB of memory and was abandoned", h.compileMemory>>20)
}

// compileInWorker has a worker process compile wasm into the cache within
// limit of its CPU time, and waits for it: a worker past the limit stops
// itself, which is a *CompileTimeoutError. The worker is killed when ctx
// ends, or past its Backstop on the wall clock (a
// *StalledError). A worker compiling for the cache runs at the same
// priority as a worker a run waits for: a run may come to wait for it
// (see Module.WaitCompiled), and its CPU time is what is judged, not its
// wall time (docs/time-model.md).
func (h *Host) compileInWorker(ctx context.Context, wasm []byte, limit time.Duration, covered bool) error {
	if !served.Load() {
		return errNotServed
	}
	backstop := h.Backstop(limit, 0)
	ctx, cancel := context.WithDeadlineCause(ctx, backstop.Deadline, errBackstop)
	defer cancel()
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	// The module goes in a file, not a pipe: a worker for the cache
	// outlives a command that answers and exits before a pipe is drained.
	// The worker removes it; pruneCache removes one left behind.
	in, err := os.CreateTemp(h.cacheDir, "job-*.tmp")
	if err != nil {
		return h.cacheFailed(err)
	}
	// The worker's own directory: named (and made) here so that it goes
	// once the worker has ended, however it ended.
	own, err := os.MkdirTemp(h.cacheDir, workerDirPattern)
	if err != nil {
		_ = in.Close()
		_ = os.Remove(in.Name())
		return h.cacheFailed(err)
	}
	defer os.RemoveAll(own)
	_, err = in.Write(wasm)
	if _, serr := in.Seek(0, io.SeekStart); err == nil {
		err = serr
	}
	if err != nil {
		_ = in.Close()
		_ = os.Remove(in.Name())
		return h.cacheFailed(err)
	}
	defer in.Close()
	job, _ := json.Marshal(workerJob{Cache: h.cacheDir, Limit: limit, Memory: h.memory, RSS: h.compileMemory, AddrSpace: workerAddrSpace(h.compileMemory), Own: own, Covered: covered})
	cmd := exec.CommandContext(ctx, exe)
	// roles.Of tells the worker by its job, before the supervisor could
	// start: the worker is killed at its deadline, so it must be the
	// process that compiles.
	cmd.Env = append(workerEnviron(os.Environ()), workerenv.Job+"="+string(job), workerInEnv+"="+in.Name())
	cmd.Stdin = in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit) && exit.ExitCode() == workerLate:
		return &CompileTimeoutError{Limit: limit.Round(time.Millisecond)}
	case errors.As(err, &exit) && exit.ExitCode() == workerOverMemory:
		return h.overMemory()
	case errors.Is(context.Cause(ctx), errBackstop):
		return backstop.Stalled("compiling the module")
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &exit) && exit.ExitCode() == workerFailed:
		return errors.New(strings.TrimSpace(stderr.String()))
	case errors.As(err, &exit) && exit.ExitCode() == workerCacheIO:
		return h.cacheFailed(errors.New(strings.TrimSpace(stderr.String())))
	}
	// The first line, not the crash's goroutine dump. Should a burst reach
	// the address-space backstop, the Go runtime says one of the first
	// three when it is refused memory or a thread, and dies of SIGSEGV when
	// the cap stops a thread's system stack from growing.
	first, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
	switch {
	case strings.Contains(first, "out of memory") || strings.Contains(first, "cannot allocate memory") || strings.Contains(first, "pthread_create failed"):
		return h.overMemory()
	case strings.HasPrefix(first, "SIGSEGV"):
		return fmt.Errorf("compiling the module was abandoned: the compile worker died of SIGSEGV, as it does when it reaches its %d MiB address-space cap", workerAddrSpace(h.compileMemory)>>20)
	}
	return fmt.Errorf("the compile worker failed (%w): %s", err, first)
}

// workerRuntime is the Go runtime's environment of every compile worker,
// whatever the command's: the worker stops itself at CompileLimit of its
// whole process's CPU time, the collector's threads included, so a
// GOMEMLIMIT or GOGC of the user's (a container's GOMEMLIMIT is common)
// would spend the module's limit on collecting (attack pass 44e, row 1:
// GOMEMLIMIT=1MiB took a Go module's compilation from 1.37 s to 5.70 s).
// Go's default collector without a memory limit (the worker's memory is
// capped by watchWorker, not by the collector), two Ps whatever the
// machine's cores (the idle Ps of a many-core machine would run the
// collector's idle workers, counted too; wazero compiles on one
// goroutine), GODEBUG's defaults (dropped) and the default traceback,
// whose first line compileInWorker reads. See docs/time-model.md.
var workerRuntime = []string{"GOGC=100", "GOMEMLIMIT=off", "GOMAXPROCS=2", "GOTRACEBACK=single"}

// workerEnviron is env (the command's) for a compile worker: without the
// Go runtime's settings, which workerRuntime fixes.
func workerEnviron(env []string) []string {
	out := make([]string, 0, len(env)+len(workerRuntime))
	for _, kv := range env {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GOGC", "GOMEMLIMIT", "GOMAXPROCS", "GODEBUG", "GOTRACEBACK":
			continue
		}
		out = append(out, kv)
	}
	return append(out, workerRuntime...)
}

// workerDirPattern names a compile worker's own directory in the cache.
const workerDirPattern = "worker-*.tmp"

// isWorkerDir says whether name is a compile worker's directory.
func isWorkerDir(name string) bool {
	ok, _ := filepath.Match(workerDirPattern, name)
	return ok
}

// holdWorkerDir makes dir (if a pruneCache took it meanwhile, or it is not
// there yet) and locks it for as long as the returned file is open or the
// process lives: pruneCache leaves a locked worker directory alone.
func holdWorkerDir(dir string) (*os.File, error) {
	for range 10 {
		if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		f, err := os.Open(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue // pruned between the two
		}
		if err != nil {
			return nil, err
		}
		if err := lockDir(f, true); err != nil {
			_ = f.Close()
			return nil, err
		}
		// A pruneCache that locked it first has removed it by now: then
		// this lock is on a directory no longer in the cache.
		held, err1 := f.Stat()
		there, err2 := os.Stat(dir)
		if err1 == nil && err2 == nil && os.SameFile(held, there) {
			return f, nil
		}
		_ = f.Close()
	}
	return nil, fmt.Errorf("could not hold the compile worker's directory %s", dir)
}
