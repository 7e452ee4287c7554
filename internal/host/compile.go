package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/wasmparse"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
)

// CompileTimeoutError is a compilation abandoned at the host's
// CompileLimit of CPU time: the module's own cost, whatever the machine's
// load.
type CompileTimeoutError struct {
	Limit time.Duration // the CPU time it was given
}

func (e *CompileTimeoutError) Error() string {
	return "compiling the module took more than " + e.Limit.String() + " of CPU time and was abandoned"
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
	return h.ready(ctx, wasm, false)
}

// ready is Compile, and CompileCovered when covered: one path for both,
// so that every bound on what wazero is handed and on what compiling it
// costs applies to each.
func (h *Host) ready(ctx context.Context, wasm []byte, covered bool) (*Module, error) {
	// The same bytes were read and let through before: they pass again.
	sum := sha256.Sum256(wasm)
	key := sum
	if covered {
		key = coveredSum(sum)
	}
	h.mu.Lock()
	m, closed := h.modules[key], h.closed
	h.mu.Unlock()
	if closed {
		return nil, ErrClosed // its code is on a closed runtime
	}
	if m != nil {
		return m, nil
	}
	parsed := wasmparse.Parse(wasm)
	if p, ok := unboundedShape(parsed); ok {
		return nil, fmt.Errorf("refused before compiling: %s section at offset %#x: %s", p.Section, p.Offset, p.Message)
	}
	// wazero decodes the name section, a custom section the spec leaves
	// unchecked, allocating what its counts declare: it gets the module
	// without a name section the reader could not bound, under every engine.
	bounded, err := parsed.EngineBytes(wasm)
	if err == nil {
		bounded, err = boundTables(bounded, parsed)
	}
	if err == nil {
		err = boundInstance(parsed)
	}
	if err == nil && len(parsed.Problems) == 0 {
		bounded = withEmptyMemory(bounded, parsed)
	}
	if err != nil {
		return nil, fmt.Errorf("refused before compiling: %w", err)
	}
	boundedSum := sum
	if !bytes.Equal(bounded, wasm) { // a table's maximum may be rewritten in as many bytes
		boundedSum = sha256.Sum256(bounded)
	}
	m, err = h.compile(ctx, bounded, boundedSum, parsed, covered)
	if err == nil {
		m.noMemory = parsed.NumImportedMemories+len(parsed.Memories) == 0
		h.mu.Lock()
		h.modules[key] = m
		h.mu.Unlock()
	}
	return m, err
}

// coveredSum names the covered compilation of the module whose SHA-256 is
// sum, in the host's modules and the cache's markers: wazero keys it apart
// from the plain one (it has listeners), and so does the host.
func coveredSum(sum [sha256.Size]byte) [sha256.Size]byte {
	return sha256.Sum256(append(sum[:], "covered"...))
}

// compile readies wasm, prepared by ready (sum is its SHA-256). A covered
// compilation is always the optimising compiler's, in the worker when the
// host has a cache, with the listener that counts coverage.
func (h *Host) compile(ctx context.Context, wasm []byte, sum [sha256.Size]byte, parsed *wasmparse.Module, covered bool) (*Module, error) {
	limit := h.compileLimit
	if covered {
		sum = coveredSum(sum)
	}
	cached := h.cacheDir != "" && inCache(h.cacheDir, sum)
	switch {
	case covered:
		ctx = experimental.WithFunctionListenerFactory(ctx, entries{})
		if h.cacheDir != "" && !cached {
			if err := h.compileInWorker(ctx, wasm, limit, true); err != nil {
				return nil, err
			}
			defer h.pruneCache()
		}
	case h.engine == EngineInterpreter, h.engine == EngineAuto && !cached && interpretable(wasm, parsed):
		rt, err := h.interpreter(ctx)
		if err != nil {
			return nil, err
		}
		c, err := h.compileOn(ctx, rt, wasm, limit)
		if err != nil {
			return nil, err
		}
		m := &Module{now: code{rt: rt, compiled: c, interpreted: true}, http: importsHTTP(c)}
		if h.engine == EngineAuto {
			ready := make(chan struct{})
			m.ready = ready
			go func() {
				m.better, m.betterErr = h.compileForCache(wasm)
				close(ready)
				m.betterReady()
			}()
		}
		return m, nil
	case h.cacheDir != "" && !cached:
		// Compile where an overrun can be killed, then load from the cache.
		if err := h.compileInWorker(ctx, wasm, limit, false); err != nil {
			return nil, err
		}
		defer h.pruneCache()
	}
	c, err := h.compileOn(ctx, h.rt, wasm, limit)
	if err != nil {
		return nil, err
	}
	return &Module{now: code{rt: h.rt, compiled: c}}, nil
}

// importsHTTP says whether a module imports a function of subako_http.
func importsHTTP(c wazero.CompiledModule) bool {
	for _, f := range c.ImportedFunctions() {
		if mod, _, _ := f.Import(); mod == abi.HTTPModule {
			return true
		}
	}
	return false
}

// interpretable says whether EngineAuto may interpret a module: whether
// preparing it for the interpreter, which happens in this process and
// cannot be stopped, is cheap in time and in memory, and whether its runs'
// stack is. wazero's interpreter prepares most shapes in linear time
// (9,999 nested blocks: 8 ms; a br_table of 65,520 targets: 8 ms) but not
// many locals: 2,000 functions of 49,999 locals each, a 26 KB module, take
// it 52 s (the optimising compiler, 1.8 s). Go modules declare a few
// locals per function (8,820 in all in a 2.6 MB one, 65,416 in a 23 MB
// one). Its memory is bounded by InterpretMaxHeap through interpretCost,
// and a run's value stack by InterpretMaxStack through interpretStack. A
// module past any bound is compiled, in a worker when there is one, where
// its time and memory are bounded.
func interpretable(wasm []byte, m *wasmparse.Module) bool {
	return len(wasm) <= InterpretMaxBytes && m.Locals <= InterpretMaxLocals &&
		interpretCost(len(wasm), m) <= InterpretMaxHeap && interpretStack(m) <= InterpretMaxStack
}

// interpreterFrames is wazero's interpreter's ceiling of call frames
// (callStackCeiling in its interpreter.go): a run deeper traps.
const interpreterFrames = 2000

// interpretStack bounds the Go heap one interpreted run's value stack
// takes, from the module's shape: wazero's interpreter keeps every frame's
// parameters, locals and operands as 8-byte slots of one Go slice, grown by
// append, for at most interpreterFrames frames. A frame holds at most
// MaxLocals plus MaxOperands values, each one slot, or two for a v128
// (counted two for every value, as the reader does not say which are);
// append's copies add up to about 5 times the final slice (each step
// grows it by 1.25 once it is large), garbage included as in
// interpretCost. A module
// whose bodies the reader could not type has no bound (-1 operands): it
// is reckoned past any.
func interpretStack(m *wasmparse.Module) int64 {
	if m.MaxOperands < 0 {
		return math.MaxInt64
	}
	slots := 2 * (int64(m.MaxLocals) + int64(m.MaxOperands))
	return interpreterFrames * slots * 8 * 5
}

// The interpreter's preparation costs, per byte of a section's payload
// (or per entry), each rounded up from the most measured for any shape of
// it (TestInterpretCostModel; TotalAlloc's growth around CompileModule).
// The name section's subsections are decoded into wazero's name maps (32
// bytes an entry of local names, 24 of function names, from two bytes of
// payload); other custom sections are skipped (wazero neither keeps nor
// reads them: DWARF is off).
var interpretPerByte = [...]int64{
	wasmparse.SectionImport:   64, // 59 for global imports of one-byte names
	wasmparse.SectionFunction: 8,  // a 4-byte index a byte, the functions' own cost counted per body
	wasmparse.SectionTable:    48, // 35 (100 tables)
	wasmparse.SectionMemory:   48,
	wasmparse.SectionGlobal:   64, // 54 for globals initialised by global.get (5 bytes each)
	wasmparse.SectionExport:   24, // 18 for one-byte names, 15 for two
	wasmparse.SectionElement:  80, // 72 for one-byte function indices, active or passive
}

// interpretCost bounds the bytes wazero's interpreter allocates on the Go
// heap to prepare a module of size bytes, from its shape. Fitted on the
// allocations measured around CompileModule (TestInterpretCostModel;
// TotalAlloc's growth, so garbage included, an upper bound on the peak):
// up to 111 bytes per byte of function bodies (a run of empty ifs, the
// costliest shape found; one-byte i32.eqz, 60), 270 per function however
// small, and scratch that grows with the largest body in doubling steps
// (534 to 624 per byte for a body of empty ifs alone, by where its size
// falls between two steps); 560 per function type, plus its key, a string
// wazero builds by concatenating each parameter's and result's name (up to
// 9 bytes, externref) onto the ones before: quadratic in its length
// (1000 f64 parameters: 1.6 MB); 67 per data segment; 16 per byte of the
// name section; the sections of interpretPerByte; the rest (data bytes,
// other custom sections) about once its size. Each term is rounded up.
func interpretCost(size int, m *wasmparse.Module) int64 {
	cost := 2 * int64(size)
	listed := 0
	for _, s := range m.Sections {
		n := int64(s.PayloadSize)
		listed += s.PayloadSize
		switch {
		case s.ID == byte(wasmparse.SectionCode):
			cost += 128 * n
		case s.ID == byte(wasmparse.SectionCustom) && s.Name == "name":
			cost += 20 * n
		case int(s.ID) < len(interpretPerByte):
			cost += interpretPerByte[s.ID] * n
		}
	}
	if m.MoreSections > 0 { // the reader listed not every section: the rest may hold the name section
		cost += 20 * int64(max(size-listed, 0))
	}
	for i := range m.Types {
		k := int64(2) // "v_", "_", "v"
		if ft, ok := m.Signature(uint32(i)); ok {
			k += int64(len(ft.Params) + len(ft.Results))
		} else {
			k += int64(wasmparse.LimitParams.Max() + wasmparse.LimitResults.Max()) // not a function type: as the largest
		}
		cost += 640 + 6*k*k
	}
	cost += 80 * int64(m.NumDatas)
	return cost + 320*int64(m.NumCodes) + 768*int64(m.MaxBodySize)
}

// backgroundSlot lets one compilation for the cache run at a time in a
// process, so that a command judging many new modules keeps its cores for
// the runs it answers with; the others wait their turn.
var backgroundSlot = make(chan struct{}, 1)

// compileForCache builds wasm with the optimising compiler in the
// background, within CompileLimit, writing the cache on the way, and
// answers the code, or why there is none: its compilation failed (a
// *CompileTimeoutError, a *StalledError...) or the host closed meanwhile.
func (h *Host) compileForCache(wasm []byte) (code, error) {
	backgroundSlot <- struct{}{}
	defer func() { <-backgroundSlot }()
	h.mu.Lock()
	closed := h.closed
	h.mu.Unlock()
	if closed {
		return code{}, ErrClosed // its turn came too late
	}
	ctx := context.Background()
	worker := h.cacheDir != "" // the worker hands its result over through the cache
	if worker {
		if err := h.compileInWorker(ctx, wasm, h.compileLimit, false); err != nil {
			return code{}, err
		}
	}
	if !h.hold() {
		return code{}, ErrClosed
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
		return code{}, err
	}
	return code{rt: h.rt, compiled: c}, nil
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
		c    wazero.CompiledModule
		err  error
		late bool // past limit as it ended: the watch below may not run in time under load
	}
	if !h.hold() {
		return nil, ErrClosed
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan result, 1)
	clock := make(chan *cputime.Thread, 1)
	var handOver sync.Mutex
	abandoned := false
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		self := cputime.CurrentThread()
		clock <- self
		c, err := rt.CompileModule(experimental.WithCompilationWorkers(cctx, 1), wasm)
		late := err == nil && self.Elapsed() >= limit
		handOver.Lock()
		defer handOver.Unlock()
		if abandoned {
			if err == nil {
				_ = c.Close(context.Background())
			}
			h.unhold()
			return
		}
		// Unheld before the hand-over: a caller that closes the host once
		// it has its module finds nothing pending, and Close releases at
		// once (its temporary cache removed), not a moment later.
		h.unhold()
		done <- result{c, err, late}
	}()
	thread, backstop := <-clock, h.Backstop(limit, 0)
	var fail error
	for fail == nil {
		spent := thread.Elapsed()
		t := time.NewTimer(max(min(limit-spent, time.Until(backstop.Deadline)), time.Millisecond))
		select {
		case r := <-done:
			t.Stop()
			if r.late {
				_ = r.c.Close(context.Background())
				return nil, &CompileTimeoutError{Limit: limit.Round(time.Millisecond)}
			}
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
