package host

import (
	"context"
	"errors"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// childCPU is the CPU time (user and system) of the children this process
// has waited for: the compile workers.
func childCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// workerCompileCPU compiles wasm on a fresh host with a fresh cache (so
// the compile worker runs) within limit, and answers the worker's CPU time
// and the compilation's error.
func workerCompileCPU(t *testing.T, wasm []byte, limit time.Duration) (time.Duration, error) {
	ctx := context.Background()
	before := childCPU(t)
	h, err := New(ctx, Options{CacheDir: t.TempDir(), Engine: EngineCompiler, CompileLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	_, cerr := h.Compile(ctx, wasm)
	if err := h.Close(ctx); err != nil {
		t.Fatal(err)
	}
	return childCPU(t) - before, cerr
}

// TestCompileLimitIgnoresGoRuntimeEnv (attack pass 44e, row 1): the
// compile worker inherited the user's environment (cmd.Env = os.Environ()
// + its job) and stops itself at the CompileLimit of its whole process's
// CPU time, the collector's threads included. So GOMEMLIMIT (or GOGC) in
// the command's environment spent the module's compile limit: a module
// compiled within the limit under Go's default collector was abandoned
// with a CompileTimeoutError when the command ran with GOMEMLIMIT=1MiB
// (the worker's CPU time x4.2; GOGC=1 x1.35). The worker now runs with a
// fixed runtime environment (workerRuntime). The limit is scaled down
// (Options.CompileLimit) to twice a Go subject's compile time.
func TestCompileLimitIgnoresGoRuntimeEnv(t *testing.T) { // not parallel: sets the environment
	p := subjects.Module(t, subjects.Go, subjects.Good)
	wasm, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"GOGC", "GOMEMLIMIT", "GODEBUG", "GOMAXPROCS"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	base, err := workerCompileCPU(t, wasm, CompileLimit)
	if err != nil {
		t.Fatalf("compiling the Go subject with the default limit: %v", err)
	}
	limit := base * 2
	def, err := workerCompileCPU(t, wasm, limit)
	if err != nil {
		t.Fatalf("compiling the Go subject within %v (twice its %v of CPU time) under Go's default collector: %v", limit, base, err)
	}
	t.Setenv("GOMEMLIMIT", "1MiB")
	t.Setenv("GOGC", "1")
	low, lerr := workerCompileCPU(t, wasm, limit)
	var cte *CompileTimeoutError
	if errors.As(lerr, &cte) {
		t.Errorf("the same module, the same limit (%v of CPU time): compiled in %v of the worker's CPU time with GOMEMLIMIT unset, abandoned after %v with GOMEMLIMIT=1MiB GOGC=1 in the environment: %v; "+
			"a verdict that follows the user's environment, not the module", limit, def, low, lerr)
	}
}

// TestWorkerEnviron: the worker's environment keeps the command's, but
// for the Go runtime's settings, which are fixed (attack pass 44e, row 1).
func TestWorkerEnviron(t *testing.T) {
	got := workerEnviron([]string{"HOME=/h", "GOGC=1", "GOMEMLIMIT=1MiB", "GOMAXPROCS=64", "GODEBUG=gcstoptheworld=1", "GOTRACEBACK=none", "GOFLAGS=-x"})
	want := append([]string{"HOME=/h", "GOFLAGS=-x"}, workerRuntime...)
	if !slices.Equal(got, want) {
		t.Errorf("workerEnviron = %q, want %q", got, want)
	}
}
