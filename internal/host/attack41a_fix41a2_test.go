package host

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestAttack41a_AbandonedWorkerLeavesDir (attack pass 41a, row 4): a
// compile worker stopped at its CPU limit (or its memory cap) exits with
// os.Exit, which skipped compileInto's deferred removal of its own
// directory, and pruneCache removed only regular files: every abandoned
// compilation left a worker-*.tmp directory in the cache for good. Now the
// worker removes it before it exits, the host removes it once its worker
// has ended, and pruning removes one that no live worker holds locked.
func TestAttack41a_AbandonedWorkerLeavesDir(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	h, err := New(ctx, Options{CacheDir: dir, Engine: EngineCompiler, CompileLimit: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	_, err = h.Compile(ctx, hostileShape("brtable", 8))
	var cte *CompileTimeoutError
	if !errors.As(err, &cte) {
		t.Fatalf("a slow compile in the worker: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "worker-*.tmp")); len(left) > 0 {
		t.Errorf("an abandoned compilation left %v in the cache", left)
	}

	// One left by a worker that died with its host gone (SIGKILL, the
	// address-space cap): no lock holds it, so pruning removes it; one a
	// live worker holds stays, whatever its age.
	stale := filepath.Join(dir, "worker-1.tmp")
	live := filepath.Join(dir, "worker-2.tmp")
	for _, d := range []string{stale, live} {
		if err := os.MkdirAll(filepath.Join(d, "wazero-x"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "wazero-x", "entry"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-48 * time.Hour)
		_ = os.Chtimes(d, old, old)
	}
	lock, err := holdWorkerDir(live)
	if err != nil {
		t.Fatal(err)
	}
	pruneCache(dir, 512<<20) // what the next host's start does
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pruning kept %s, which no worker holds: %v", stale, err)
	}
	if _, err := os.Stat(filepath.Join(live, "wazero-x", "entry")); err != nil {
		t.Errorf("pruning took a live worker's directory: %v", err)
	}
	lock.Close()
	pruneCache(dir, 512<<20)
	if _, err := os.Stat(live); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pruning kept %s once its worker let it go: %v", live, err)
	}
}

// TestHoldWorkerDirAfterPrune: a worker whose directory a pruneCache
// removed before the worker locked it makes it again, and holds that.
func TestHoldWorkerDirAfterPrune(t *testing.T) {
	dir := t.TempDir()
	own, err := os.MkdirTemp(dir, workerDirPattern)
	if err != nil {
		t.Fatal(err)
	}
	pruneCache(dir, 512<<20) // not held yet: taken
	lock, err := holdWorkerDir(own)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	pruneCache(dir, 512<<20)
	if _, err := os.Stat(own); err != nil {
		t.Errorf("the worker's directory, held: %v", err)
	}
}

// recursionRow5Attack41a is a command whose _start calls a function that
// recurses depth times and returns, then exits 0 (the attacker's module).
func recursionRow5Attack41a(depth int32) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	m.TypeSection = append(m.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{wasm.ValueTypeI32}})
	m.FunctionSection = []wasm.Index{1, 2}
	start := append([]byte{wasm.OpcodeI32Const}, leb128.EncodeInt32(depth)...)
	start = append(start, wasm.OpcodeCall, 2, wasm.OpcodeEnd)
	rec := []byte{wasm.OpcodeLocalGet, 0, wasm.OpcodeIf, 0x40,
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Sub, wasm.OpcodeCall, 2,
		wasm.OpcodeEnd, wasm.OpcodeEnd}
	m.CodeSection = []*wasm.Code{{Body: start}, {Body: rec}}
	return wasmbuild.Encode(m)
}

// TestAttack41a_RecursionDepthByEngine (attack pass 41a, row 5): wazero's
// interpreter traps past 2,000 call frames while compiled code allows some
// 400 MB of stack, so a module recursing 5,000 deep ran clean compiled and
// crashed interpreted: a good module failed under --engine interpreter or
// an interpreted fallback. Now no verdict rests on the interpreter's
// depth: compiled, it exits 0; under auto, a call interpreted meanwhile is
// made again on the compiled code (exit 0); under the interpreter, with no
// compiled code to run, the run is not judged (Stalled, Depth: exit 3 in
// every command) and says to use --engine compiler.
func TestAttack41a_RecursionDepthByEngine(t *testing.T) {
	ctx := context.Background()
	w := recursionRow5Attack41a(5000)
	for _, e := range []Engine{EngineCompiler, EngineAuto, EngineInterpreter} {
		cache := "-"
		if e == EngineAuto {
			cache = t.TempDir() // auto compiles in a worker, through a cache
		}
		h, err := New(ctx, Options{CacheDir: cache, Engine: e})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(ctx)
		m, err := h.Compile(ctx, w)
		if err != nil {
			t.Fatal(err)
		}
		c := h.Call(ctx, m, "x", nil, CallConfig{Timeout: 5 * time.Second})
		r := c.Record
		t.Logf("%v: exited %v code %d, trap %.40q, stalled %v, depth %v", e, r.Exited, r.ExitCode, r.Trap, r.Stalled, r.Depth)
		if e != EngineInterpreter {
			if !r.Exited || r.ExitCode != 0 || r.Stalled {
				t.Errorf("%v: a recursion 5,000 deep: exited %v code %d, trap %q, want a clean exit", e, r.Exited, r.ExitCode, r.Trap)
			}
			continue
		}
		if !r.Stalled || !r.Depth || !r.Unjudged() {
			t.Errorf("%v: a recursion 5,000 deep trapped on the interpreter's depth (%q) and is judged (stalled %v, depth %v)", e, r.Trap, r.Stalled, r.Depth)
			continue
		}
		if msg := r.StalledError("the call").Error(); !strings.Contains(msg, "not judged") || !strings.Contains(msg, "--engine compiler") || !strings.Contains(msg, "2000") {
			t.Errorf("%v: %s", e, msg)
		}
	}
	// A stack overflow of compiled code is the module's: a trap, judged.
	h, err := New(ctx, Options{CacheDir: "-", Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	m, err := h.Compile(ctx, recursionRow5Attack41a(1<<30))
	if err != nil {
		t.Fatal(err)
	}
	if r := h.Call(ctx, m, "x", nil, CallConfig{Timeout: 10 * time.Second}).Record; r.Stalled || r.Depth || !strings.Contains(r.Trap, "stack overflow") {
		t.Errorf("endless recursion compiled: trap %.40q, stalled %v, depth %v; want a judged stack overflow", r.Trap, r.Stalled, r.Depth)
	}
}

// recursionFrameRow6Attack41a is a command whose _start calls a function
// that recurses without end, keeping live across each call live values of
// its own (live i64 values, spilled to its frame: a frame of about 8*live
// bytes; 0 makes the smallest frame).
func recursionFrameRow6Attack41a(live int) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	m.TypeSection = append(m.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{wasm.ValueTypeI32}, Results: []wasm.ValueType{wasm.ValueTypeI64}})
	m.FunctionSection = []wasm.Index{1, 2}
	start := []byte{wasm.OpcodeI32Const, 1, wasm.OpcodeCall, 2, wasm.OpcodeDrop, wasm.OpcodeEnd}
	var rec []byte
	for i := 1; i <= live; i++ {
		rec = append(rec, wasm.OpcodeLocalGet, 0, wasm.OpcodeI64ExtendI32U, wasm.OpcodeI64Const)
		rec = append(rec, leb128.EncodeInt64(int64(i))...)
		rec = append(rec, wasm.OpcodeI64Add, wasm.OpcodeLocalSet)
		rec = append(rec, leb128.EncodeUint32(uint32(i))...)
	}
	rec = append(rec, wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Add, wasm.OpcodeCall, 2)
	for i := 1; i <= live; i++ {
		rec = append(rec, wasm.OpcodeLocalGet)
		rec = append(rec, leb128.EncodeUint32(uint32(i))...)
		rec = append(rec, wasm.OpcodeI64Add)
	}
	rec = append(rec, wasm.OpcodeEnd)
	var locals []wasm.ValueType
	for range live {
		locals = append(locals, wasm.ValueTypeI64)
	}
	m.CodeSection = []*wasm.Code{{Body: start}, {Body: rec, LocalTypes: locals}}
	return wasmbuild.Encode(m)
}

// TestAttack41a_CompiledStackOnHeap (attack pass 41a, row 6): compiled
// code runs on a stack wazero allocates on the Go heap and grows by
// doubling until it passes 50,000,000 bytes (wazevo's callStackCeiling),
// then traps. No budget counts it and wazero's ceiling cannot be set, so
// docs/serve-limits.md states serve's bound as 256 MiB beside its calls'
// guest memory plus, per running call, its stack: at most
// CompiledStackMax. This measures what one run recursing without end
// allocates in all (above the peak of what it holds), for the smallest
// frames and for frames of 1,000 and 40,000 live values.
func TestAttack41a_CompiledStackOnHeap(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates some 200 MB a run, measuring")
	}
	ctx := context.Background()
	h, err := New(ctx, Options{CacheDir: "-", Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	for _, live := range []int{0, 1000, 40_000} {
		runtime.GC()
		r, _, alloc := runBounded(t, h, recursionFrameRow6Attack41a(live), 30*time.Second, 0)
		t.Logf("%6d live values a frame: trap %.50q; the run allocated %d MiB", live, r.Trap, alloc>>20)
		if !strings.Contains(r.Trap, "stack overflow") {
			t.Errorf("%d live values a frame: trap %q, want a stack overflow", live, r.Trap)
		}
		if alloc > CompiledStackMax {
			t.Errorf("%d live values a frame: one run recursing without end allocated %d MiB, past the %d MiB documented per running call", live, alloc>>20, CompiledStackMax>>20)
		}
	}
}
