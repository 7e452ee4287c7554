package host

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
	"github.com/tetratelabs/wabin/wasm"
)

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestMemoryLimit: a module growing its memory page by page stops at the
// host's limit, where memory.grow answers -1 (the module checks it got
// exactly the limit, and traps otherwise); a module whose minimum is past
// the default limit does not compile.
func TestMemoryLimit(t *testing.T) {
	h, err := New(context.Background(), Options{CacheDir: "-", MemoryLimit: 64 * wasmPage, Engine: testEngine})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	w := wasmbuild.Command()
	w.CodeSection[0].Body = []byte{
		wasm.OpcodeLoop, 0x40,
		wasm.OpcodeI32Const, 1, wasm.OpcodeMemoryGrow, 0,
		wasm.OpcodeI32Const, 0x7f, wasm.OpcodeI32Ne, wasm.OpcodeBrIf, 0,
		wasm.OpcodeEnd,
		wasm.OpcodeMemorySize, 0, wasm.OpcodeI32Const, 0xc0, 0x00, wasm.OpcodeI32Ne,
		wasm.OpcodeIf, 0x40, wasm.OpcodeUnreachable, wasm.OpcodeEnd,
		wasm.OpcodeEnd,
	}
	m := compile(t, h, wasmbuild.Encode(w))
	s, err := h.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.wait(); !r.Exited || r.ExitCode != 0 {
		t.Errorf("grew past the limit or was stopped: %+v", r)
	}

	d := newHost(t)
	w = wasmbuild.Command()
	w.MemorySection = &wasm.Memory{Min: MemoryLimit/wasmPage + 1}
	if _, err := d.Compile(context.Background(), wasmbuild.Encode(w)); err == nil {
		t.Error("a minimum past MemoryLimit compiled")
	}
}

// TestCompileDeadline: a compilation that overruns its limit of CPU time
// (3,000 nested blocks, which wazero's compiler takes over 100 ms of CPU
// for) is abandoned at the limit with a CompileTimeoutError; one whose
// context ends first returns the context's error, which is no verdict.
func TestCompileDeadline(t *testing.T) {
	n := 3000
	w := wasmbuild.Command()
	w.CodeSection[0].Body = append(append(bytes.Repeat([]byte{wasm.OpcodeBlock, 0x40}, n), bytes.Repeat([]byte{wasm.OpcodeEnd}, n)...), wasm.OpcodeEnd)
	bin := wasmbuild.Encode(w)
	h, err := New(context.Background(), Options{CacheDir: "-", CompileLimit: 5 * time.Millisecond, Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	_, err = h.Compile(context.Background(), bin)
	var cte *CompileTimeoutError
	if !errors.As(err, &cte) || cte.Limit != 5*time.Millisecond {
		t.Fatalf("err %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Compile(ctx, bin[:len(bin):len(bin)]); !errors.Is(err, context.Canceled) {
		t.Fatalf("context ended: %v", err)
	}
}

// TestStdioCost: stderr keeps its tail without copying a huge write, and
// stdout written byte by byte costs linear memory (the partial line is not
// copied again on every write).
func TestStdioCost(t *testing.T) {
	s := &session{rec: &Record{}, change: make(chan struct{}), halted: make(chan struct{}), clock: newGuestClock()}
	huge := bytes.Repeat([]byte("e"), 64<<20)
	huge[len(huge)-1] = '!'
	if n := allocated(func() { _, _ = stderrWriter{s}.Write(huge) }); n > 8<<20 { // a copy would be 64 MiB
		t.Errorf("a 64 MiB stderr write allocated %d bytes", n)
	}
	if len(s.rec.Stderr) != StderrShown || s.rec.Stderr[StderrShown-1] != '!' || s.rec.StderrBytes != int64(len(huge)) {
		t.Errorf("stderr tail %d of %d", len(s.rec.Stderr), s.rec.StderrBytes)
	}
	for range 10000 {
		_, _ = stderrWriter{s}.Write([]byte("ab"))
	}
	if got := stderrTail(s.rec.Stderr); len(got) != StderrShown || !bytes.HasSuffix(got, []byte("abab")) || len(s.rec.Stderr) > 2*StderrShown {
		t.Errorf("stderr after small writes: %d bytes kept", len(s.rec.Stderr))
	}

	const line = 200_000 // a tool list written without a buffer
	n := allocated(func() {
		for i := range line {
			b := byte('x')
			if i == line-1 {
				b = '\n'
			}
			_, _ = stdoutWriter{s}.Write([]byte{b})
		}
	})
	if n > 64*line { // linear with slack for other goroutines; quadratic would be 20 GB
		t.Errorf("%d one-byte writes allocated %d bytes", line, n)
	}
	if len(s.rec.Lines) != 1 || len(s.rec.Lines[0].Text) != line-1 || len(s.rec.Partial) != 0 {
		t.Errorf("lines %d, partial %d", len(s.rec.Lines), len(s.rec.Partial))
	}
}

// TestHugeRandomGet: random_get hands out bounded chunks and stops when the
// run does, so one call on a huge buffer cannot outlast the deadline; the
// module below asks for 512 MiB at once and is stopped soon after 50 ms of
// its own time (without the split it takes 15 s of CPU).
func TestHugeRandomGet(t *testing.T) {
	s := &session{halted: make(chan struct{}), random: rand.Reader}
	buf := make([]byte, 3*randChunk)
	if n, err := (randSource{s}).Read(buf); n != randChunk || err != nil {
		t.Errorf("read %d, %v", n, err)
	}
	close(s.halted)
	if _, err := (randSource{s}).Read(buf); !errors.Is(err, errStopped) {
		t.Errorf("after the stop: %v", err)
	}

	h := newHost(t)
	w := wasmbuild.Command()
	i32 := wasm.ValueTypeI32
	w.TypeSection = append(w.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{i32, i32}, Results: []wasm.ValueType{i32}})
	w.ImportSection = append(w.ImportSection, &wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "random_get", DescFunc: 2})
	w.FunctionSection = []wasm.Index{1}
	w.ExportSection[0].Index = 2
	w.NameSection.FunctionNames[0].Index = 2
	w.MemorySection = &wasm.Memory{Min: 8192}
	w.CodeSection[0].Body = []byte{
		wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const, 0x80, 0x80, 0x80, 0x80, 0x02, // 512 MiB
		wasm.OpcodeCall, 1, wasm.OpcodeDrop, wasm.OpcodeEnd,
	}
	m := compile(t, h, wasmbuild.Encode(w))
	c := h.Call(context.Background(), m, "x", nil, CallConfig{Timeout: 50 * time.Millisecond})
	if !c.Record.TimedOut || c.Record.Elapsed > 5*time.Second { // unsplit, it runs about 15 s
		t.Errorf("took %v of its time, record %+v", c.Record.Elapsed, c.Record)
	}
}

// TestCachePruned: a cache over its cap loses its oldest entries until a
// quarter of the cap is free; one under it is left alone.
func TestCachePruned(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for i, name := range []string{"a", "b", "c", "d"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, 1000), 0o644); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, old, old.Add(time.Duration(i)*time.Minute))
	}
	pruneCache(dir, 4000)
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Fatalf("under the cap: %d entries left", len(entries))
	}
	pruneCache(dir, 3000) // 4000 > 3000: remove down to 2250, the two oldest
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 || entries[0].Name() != "c" || entries[1].Name() != "d" {
		t.Errorf("left %v", entries)
	}
}

// TestCompileBounded: the optimising compiler runs in a worker process,
// killed at the compilation's deadline and capped in memory, so a module
// just under every shape limit that still takes it seconds (eight
// br_tables of 65,520 targets: about 8 s and 170 MB) costs no more than
// the deadline, and one that needs more memory than the worker has fails
// as a compile error naming the cap, not a crash. The cap is on the
// worker's peak resident memory, which it watches itself; its address
// space is capped only far above (workerAddrSpace), so the test does not
// depend on the headroom the Go runtime finds to start threads, which a
// busy machine makes it want more of. EngineAuto does not interpret a module
// of too many locals (wazero's interpreter takes a minute on the one
// below, in this process): it compiles it in the worker too.
func TestCompileBounded(t *testing.T) {
	ctx := context.Background()
	h, err := New(ctx, Options{CacheDir: t.TempDir(), Engine: EngineCompiler, CompileLimit: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	slow := hostileShape("brtable", 8)
	_, err = h.Compile(ctx, slow)
	var cte *CompileTimeoutError
	if !errors.As(err, &cte) {
		t.Errorf("a slow compile in the worker: %v", err)
	}

	small, err := New(ctx, Options{CacheDir: t.TempDir(), Engine: EngineCompiler, CompileMemory: 512 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close(ctx)
	locals := hostileShape("locals", 2000) // 26 KB; the compiler takes 780 MB
	if _, err := small.Compile(ctx, locals); err == nil || !strings.Contains(err.Error(), "512 MiB") {
		t.Errorf("over the worker's memory: %v", err)
	} else {
		t.Log(err)
	}

	if p := wasmparse.Parse(locals); interpretable(locals, p) {
		t.Errorf("%d locals are interpretable", p.Locals)
	}
	auto, err := New(ctx, Options{CacheDir: t.TempDir(), CompileLimit: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer auto.Close(ctx)
	if _, err := auto.Compile(ctx, locals); !errors.As(err, &cte) {
		t.Errorf("auto, too many locals: %v", err)
	}
}

// TestBackgroundCompileFailureJudged: under EngineAuto a module the
// interpreter prepares at once (5,000 nested blocks) but the optimising
// compiler takes longer than the host's CompileLimit for is interpreted
// first; its compilation in the background fails. Compiled answers that
// failure, a CompileTimeoutError, as Compile does under EngineCompiler,
// so the verdict does not depend on the cache's state (a cold cache
// interpreted the module and nothing reported its compilation).
func TestBackgroundCompileFailureJudged(t *testing.T) {
	n := 5000
	w := wasmbuild.Command()
	w.CodeSection[0].Body = append(append(bytes.Repeat([]byte{wasm.OpcodeBlock, 0x40}, n), bytes.Repeat([]byte{wasm.OpcodeEnd}, n)...), wasm.OpcodeEnd)
	bin := wasmbuild.Encode(w)
	ctx := context.Background()
	h, err := New(ctx, Options{CacheDir: "-", CompileLimit: 40 * time.Millisecond, Engine: EngineAuto})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	m, err := h.Compile(ctx, bin)
	if err != nil {
		t.Fatalf("the interpreter's preparation: %v", err)
	}
	var cte *CompileTimeoutError
	if err := m.Compiled(ctx); !errors.As(err, &cte) {
		t.Errorf("Compiled: %v, want the background compilation's CompileTimeoutError", err)
	}
	compiler, err := New(ctx, Options{CacheDir: "-", CompileLimit: 40 * time.Millisecond, Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer compiler.Close(ctx)
	if _, err := compiler.Compile(ctx, bin[:len(bin):len(bin)]); !errors.As(err, &cte) {
		t.Errorf("EngineCompiler: %v, want a CompileTimeoutError", err)
	}
	interp, err := New(ctx, Options{CacheDir: "-", CompileLimit: 40 * time.Millisecond, Engine: EngineInterpreter})
	if err != nil {
		t.Fatal(err)
	}
	defer interp.Close(ctx)
	if m, err := interp.Compile(ctx, bin[:len(bin):len(bin)]); err != nil || m.Compiled(ctx) != nil {
		t.Errorf("EngineInterpreter: %v", err)
	}
}

// TestCachePrunedAsCompiled: a host that writes compiled modules to its
// cache keeps it under CacheMaxBytes as it goes, not only when it starts
// (a serve --watch writes one per rebuild, ~11 MiB each, for hours).
func TestCachePrunedAsCompiled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	size := func(dir string) (n int64) {
		_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if fi, err := d.Info(); err == nil {
					n += fi.Size()
				}
			}
			return nil
		})
		return n
	}
	compileIn := func(dir string, limit int64, modules int) []int64 {
		h, err := New(ctx, Options{CacheDir: dir, Engine: EngineCompiler, CacheMaxBytes: limit})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(ctx)
		var sizes []int64
		for i := range modules {
			if _, err := h.Compile(ctx, tableGrow41g(int32(i+1))); err != nil {
				t.Fatal(err)
			}
			sizes = append(sizes, size(dir))
		}
		return sizes
	}
	one := compileIn(t.TempDir(), 1<<30, 1)[0]
	limit := one * 5 / 2
	for i, s := range compileIn(t.TempDir(), limit, 6) {
		if s > limit {
			t.Errorf("after module %d the cache holds %d bytes, past its cap of %d (one module: %d)", i+1, s, limit, one)
		}
	}
}
