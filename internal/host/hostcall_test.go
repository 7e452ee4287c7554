package host

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// wasiCallModule is a command whose _start calls the WASI function fn
// (fd_write or poll_oneoff, both (i32, i32, i32, i32) -> i32) with args,
// in a memory of pages, after making the first iovecs 8-byte entries
// iovecs of length at address 0. With forever it calls fn again and
// again; else it exits with the errno.
func wasiCallModule(fn string, args [4]int32, pages int32, iovecs, length int32, forever bool) []byte {
	i32 := wasm.ValueTypeI32
	w := wasmbuild.Command()
	w.TypeSection = append(w.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{i32}})
	w.ImportSection = []*wasm.Import{
		{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: fn, DescFunc: 0},
		{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "proc_exit", DescFunc: 2},
	}
	w.FunctionSection = []wasm.Index{1}
	w.ExportSection[0].Index = 2
	w.NameSection = nil
	w.MemorySection = &wasm.Memory{Min: uint32(pages), Max: uint32(pages), IsMaxEncoded: true}
	var body []byte
	if iovecs > 0 {
		body = iovecSetup(iovecs, length)
	}
	body = append(body, wasm.OpcodeLoop, 0x40)
	for _, a := range args {
		body = append(append(body, wasm.OpcodeI32Const), sleb(a)...)
	}
	body = append(body, wasm.OpcodeCall, 0)
	if forever {
		body = append(body, wasm.OpcodeDrop, wasm.OpcodeBr, 0)
	} else {
		body = append(body, wasm.OpcodeCall, 1)
	}
	body = append(body, wasm.OpcodeEnd, wasm.OpcodeEnd)
	w.CodeSection = []*wasm.Code{{LocalTypes: []wasm.ValueType{i32}, Body: body}}
	return wasmbuild.Encode(w)
}

// iovecSetup is the code that writes iovecs iovecs of length at address
// 0: one written, then memory.copy doubles them, 8 MiB's worth in about 25
// steps, so the setup takes the same handful of instructions on any
// machine, interpreted or compiled, well inside the run's exit grace (a
// loop of a store for each took over a second on a slow runner).
func iovecSetup(iovecs, length int32) []byte {
	total := iovecs * 8
	body := append([]byte{wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const}, sleb(length)...)
	body = append(body, wasm.OpcodeI32Store, 2, 4, // the first iovec: address 0, length
		wasm.OpcodeI32Const, 8, wasm.OpcodeLocalSet, 0, // local 0: the bytes written
		wasm.OpcodeBlock, 0x40, wasm.OpcodeLoop, 0x40,
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const)
	body = append(body, sleb(total)...)
	body = append(body, wasm.OpcodeI32GeU, wasm.OpcodeBrIf, 1,
		// memory.copy(written, 0, min(written, total-written))
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const, 0,
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const)
	body = append(body, sleb(total)...)
	body = append(body, wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Sub,
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const)
	body = append(body, sleb(total)...)
	body = append(body, wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Sub, wasm.OpcodeI32LtU,
		wasm.OpcodeSelect,
		wasm.OpcodeMiscPrefix, wasm.OpcodeMiscMemoryCopy, 0, 0,
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Shl, wasm.OpcodeLocalSet, 0,
		wasm.OpcodeBr, 0, wasm.OpcodeEnd, wasm.OpcodeEnd)
	return body
}

// pagesFor is the pages that hold n bytes and a word after them.
func pagesFor(n int64) int32 { return int32((n + 4 + wasmPage - 1) / wasmPage) }

// runBounded runs wasm with timeout and answers its record, the CPU time
// the whole process spent on it and what it allocated on the Go heap.
func runBounded(t *testing.T, h *Host, wasm []byte, timeout, grace time.Duration) (*Record, time.Duration, uint64) {
	t.Helper()
	m := compile(t, h, wasm)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := cputime.Process()
	s, err := h.start(context.Background(), m, RunConfig{Timeout: timeout, ExitGrace: grace})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	cpu = cputime.Process() - cpu
	runtime.ReadMemStats(&after)
	return r, cpu, after.TotalAlloc - before.TotalAlloc
}

// TestHostCallsBounded: issue 30's host calls that nothing could stop (one
// fd_write of 8,000,000 one-byte iovecs, or of 134 million empty ones, ran
// for a minute inside one host call; one poll_oneoff of 22 million
// subscriptions copied 1 GB onto the host's heap, and 2^28 of them
// overflowed its size computation and panicked) answer at once, and a loop
// of the largest calls ends on its timeout, the process's CPU time bounded
// by it plus a constant. The polls are refused EINVAL. The writes were
// refused EINVAL past 1,024 iovecs (IOVMax) or lengths adding up past
// 2^31-1 until attack pass 44d, row 6: they write their first non-empty
// iovec alone now, as Subako's runtime does, and exit 0, and the walk to it
// (all 134 million iovecs of 1 GiB when every one is empty) checks the
// run's stop (a loop of it ends on its timeout).
func TestHostCallsBounded(t *testing.T) { // not parallel: measures the process's CPU time
	h := newHost(t)
	const empty = 1<<27 - 1 // empty iovecs in 1 GiB, the last word left for the result
	const many = 1024       // iovecs of the loops
	// The loops have a short limit. A call's walk is the module's time,
	// all of it after stdin closes, so a call's grace is its whole limit:
	// the walk of 134 million iovecs reads 1 GiB of the module's memory
	// for the first time, which took 2 s of page faults on a loaded VM
	// (0.2 s quiet), and the machine's speed is not what this judges.
	const timeout, loopTimeout = 10 * time.Second, 200 * time.Millisecond
	for _, c := range []struct {
		name  string
		wasm  []byte
		errno uint32        // the exit code, for a run refused
		loop  time.Duration // the timeout of a run that ends on it
	}{
		{"8M one-byte iovecs to stdout", wasiCallModule("fd_write", [4]int32{1, 0, 8_000_000, 64_000_000}, pagesFor(64_000_000), 8_000_000, 1, false), 0, 0},
		{"134M empty iovecs to stdout", wasiCallModule("fd_write", [4]int32{1, 0, empty, empty * 8}, pagesFor(empty*8), 0, 0, false), 0, 0},
		{"iovecs adding up past 2^31-1", wasiCallModule("fd_write", [4]int32{2, 0, many, 2 << 20}, pagesFor(2<<20), many, 2<<20, false), 0, 0},
		{"2^28 poll subscriptions", wasiCallModule("poll_oneoff", [4]int32{0, 0, 1 << 28, 0}, 1, 0, 0, false), errnoInval, 0},
		{"22M poll subscriptions", wasiCallModule("poll_oneoff", [4]int32{0, 0, 22_000_000, 0}, pagesFor(22_000_000*48), 0, 0, false), errnoInval, 0},
		{"a loop of 1,024 one-byte iovecs to stderr", wasiCallModule("fd_write", [4]int32{2, 0, many, many * 8}, 1, many, 1, true), 0, loopTimeout},
		{"a loop of 1,024 empty iovecs to stdout", wasiCallModule("fd_write", [4]int32{1, 0, many, many * 8}, 1, 0, 0, true), 0, loopTimeout},
		{"a loop of 134M empty iovecs to stdout", wasiCallModule("fd_write", [4]int32{1, 0, empty, empty * 8}, pagesFor(empty*8), 0, 0, true), 0, loopTimeout},
	} {
		t.Run(c.name, func(t *testing.T) {
			limit, grace := timeout, timeout
			if c.loop > 0 {
				limit, grace = c.loop, ExitGrace
			}
			r, cpu, alloc := runBounded(t, h, c.wasm, limit, grace)
			t.Logf("exit %d, timed out %v, %v of its own time, %v of the process's CPU, %d KiB allocated",
				r.ExitCode, r.TimedOut, r.Elapsed.Round(time.Millisecond), cpu.Round(time.Millisecond), alloc>>10)
			// What one call copies onto the host's heap. A loop's total is
			// wazero's garbage of each host call (the interpreter's
			// callGoFunc) times the calls its limit holds, which grows as
			// a call gets cheaper (the loop of one-byte writes to stderr
			// made some 5 times the calls, 21 MiB against 4 MiB, once the
			// host no longer summed 1,024 lengths each call): its bound is
			// the CPU time, below.
			if c.loop == 0 && alloc > 16<<20 {
				t.Errorf("the host allocated %d MiB", alloc>>20)
			}
			switch {
			case c.loop == 0 && (!r.Exited || r.ExitCode != c.errno):
				t.Errorf("want exit %d (the errno): %+v", c.errno, r)
			case c.loop > 0 && (!r.TimedOut || r.NoExit || r.Trap != ""):
				t.Errorf("want a run out of time: %+v", r)
			}
			// The process's CPU: the run's limit, its exit grace, and a
			// constant for compiling and the host's own work.
			if most := limit + grace + 2*time.Second; cpu > most {
				t.Errorf("%v of CPU, over %v", cpu, most)
			}
		})
	}
}

// TestStopMidHostCall: runs stopped on their timeout while inside host
// calls (writes of 1,024 iovecs to stderr, to stdout, and memory.fill over
// 64 MiB, the one step a stop cannot cut), four at once, each hand back a
// complete record (its times written, out of time, not "did not exit")
// only once their guest has left the instance. Run it under the race
// detector: go test -race -run TestStopMidHostCall ./internal/host/
func TestStopMidHostCall(t *testing.T) {
	h := newHost(t)
	const timeout = 100 * time.Millisecond
	modules := []*Module{
		compile(t, h, wasiCallModule("fd_write", [4]int32{2, 0, 1024, 1024 * 8}, 1, 1024, 1, true)),
		compile(t, h, wasiCallModule("fd_write", [4]int32{1, 0, 1024, 1024 * 8}, 1, 0, 0, true)),
		compile(t, h, fillModule(MemoryLimit/wasmPage/16, 0, true)), // 64 MiB a fill
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := modules[i%len(modules)]
			s, err := h.start(context.Background(), m, RunConfig{Timeout: timeout})
			if err != nil {
				t.Error(err)
				return
			}
			r := s.wait()
			if !r.TimedOut || r.NoExit || r.Exited || r.Trap != "" || r.Elapsed < timeout || r.Wall <= 0 {
				t.Errorf("run %d: not a complete record of a run out of time: %+v", i, r)
			}
		}()
	}
	wg.Wait()
	if n := h.Running(); n != 0 {
		t.Errorf("%d guests still in their instance after every record was handed back", n)
	}
}

// wasiPathModule is a command whose _start exits with the errno of
// fn(args), a WASI function whose parameters sig spells (i: i32, I: i64),
// in a memory of pages.
func wasiPathModule(fn, sig string, pages int32, args ...int64) []byte {
	i32 := wasm.ValueTypeI32
	w := wasmbuild.Command()
	var params []wasm.ValueType
	var body []byte
	for i, a := range args {
		if sig[i] == 'I' {
			params = append(params, wasm.ValueTypeI64)
			body = append(append(body, wasm.OpcodeI64Const), leb128.EncodeInt64(a)...)
		} else {
			params = append(params, i32)
			body = append(append(body, wasm.OpcodeI32Const), sleb(int32(a))...)
		}
	}
	body = append(body, wasm.OpcodeCall, 0, wasm.OpcodeCall, 1, wasm.OpcodeEnd)
	w.TypeSection = []*wasm.FunctionType{{Params: params, Results: []wasm.ValueType{i32}}, {}, {Params: []wasm.ValueType{i32}}}
	w.ImportSection = []*wasm.Import{
		{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: fn, DescFunc: 0},
		{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "proc_exit", DescFunc: 2},
	}
	w.FunctionSection = []wasm.Index{1}
	w.ExportSection[0].Index = 2
	w.NameSection = nil
	w.MemorySection = &wasm.Memory{Min: uint32(pages), Max: uint32(pages), IsMaxEncoded: true}
	w.CodeSection = []*wasm.Code{{Body: body}}
	return wasmbuild.Encode(w)
}

// TestPathsBounded: a path longer than PathMax is refused with
// ENAMETOOLONG before wazero copies it (one path_create_directory of a
// 1 GiB path once copied it onto the host's heap, outside the memory
// budget, inside a host call of seconds no timeout could cut), in every
// WASI function that takes one; a path of PathMax is let through.
func TestPathsBounded(t *testing.T) { // not parallel: measures the process's allocations
	h := newHost(t)
	const huge = 64 << 20
	pages := pagesFor(huge)
	const dir = 3 // the first preopen, were there one
	for _, c := range []struct {
		fn, sig string
		args    []int64
		errno   uint32
	}{
		{"path_create_directory", "iii", []int64{dir, 0, huge}, errnoNametoolong},
		{"path_create_directory", "iii", []int64{dir, 0, PathMax}, errnoBadf}, // let through: the run has no preopens
		{"path_open", "iiiiiIIii", []int64{dir, 0, 0, huge, 0, 0, 0, 0, 0}, errnoNametoolong},
		{"path_filestat_get", "iiiii", []int64{dir, 0, 0, huge, 0}, errnoNametoolong},
		{"path_filestat_set_times", "iiiiIIi", []int64{dir, 0, 0, huge, 0, 0, 0}, errnoNametoolong},
		{"path_remove_directory", "iii", []int64{dir, 0, huge}, errnoNametoolong},
		{"path_unlink_file", "iii", []int64{dir, 0, huge}, errnoNametoolong},
		{"path_readlink", "iiiiii", []int64{dir, 0, huge, 0, 16, 0}, errnoNametoolong},
		{"path_symlink", "iiiii", []int64{0, huge, dir, 0, 1}, errnoNametoolong},
		{"path_rename", "iiiiii", []int64{dir, 0, 1, dir, 0, huge}, errnoNametoolong},
		{"path_link", "iiiiiii", []int64{dir, 0, 0, huge, dir, 0, 1}, errnoNametoolong},
	} {
		t.Run(c.fn, func(t *testing.T) {
			r, _, alloc := runBounded(t, h, wasiPathModule(c.fn, c.sig, pages, c.args...), 10*time.Second, 0)
			if alloc > 16<<20 {
				t.Errorf("the host allocated %d MiB", alloc>>20)
			}
			if !r.Exited || r.ExitCode != c.errno {
				t.Errorf("want exit %d (the errno): %+v", c.errno, r)
			}
		})
	}
}
