package host

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// instanceHeapWasm is a command whose _start exits 0 at once (proc_exit),
// with a memory of one page and n of one kind of what wazero builds on
// the host's heap for every instance, nothing of it ever used: "elem",
// passive funcref entries in one segment (1 byte each: function index 1);
// "elemexpr", the same as expressions (ref.func 1, 3 bytes each);
// "active", entries of one active segment into a table of n; "declared",
// entries of a declarative segment; "segments", empty passive element
// segments; "global", mutable i32 globals (5 bytes each); "data", empty
// passive data segments; "func", functions of empty bodies;
// "activesegs", empty active element segments into a table of one;
// "globalv128", v128 globals; "globalref", funcref globals (ref.func 1); "none", nothing more.
func instanceHeapWasm(kind string, n int) []byte {
	types := wasmSection(1, []byte{2, 0x60, 1, 0x7f, 0, 0x60, 0, 0})
	imports := wasmSection(2, joinBytes([]byte{1}, wasmString("wasi_snapshot_preview1"), wasmString("proc_exit"), []byte{0, 0}))
	funcs := wasmSection(3, []byte{1, 1})
	bodies := joinBytes([]byte{1}, uleb(6), []byte{0, 0x41, 0, 0x10, 0, 0x0b})
	mem := wasmSection(5, []byte{1, 0, 1})
	exports := wasmSection(7, joinBytes([]byte{2}, wasmString("_start"), []byte{0, 1}, wasmString("memory"), []byte{2, 0}))
	var tables, globals, elems, datas []byte
	entries := func(head []byte, entry ...byte) []byte {
		p := joinBytes([]byte{1}, head, uleb(n))
		for range n {
			p = append(p, entry...)
		}
		return wasmSection(9, p)
	}
	switch kind {
	case "elem":
		elems = entries([]byte{1, 0}, 1)
	case "elemexpr":
		elems = entries([]byte{5, 0x70}, 0xd2, 1, 0x0b)
	case "active":
		tables = wasmSection(4, joinBytes([]byte{1, 0x70, 0}, uleb(n)))
		elems = entries([]byte{0, 0x41, 0, 0x0b}, 1)
	case "declared":
		elems = entries([]byte{3, 0}, 1)
	case "activesegs":
		tables = wasmSection(4, []byte{1, 0x70, 0, 1})
		p := uleb(n)
		for range n {
			p = append(p, 0, 0x41, 0, 0x0b, 0)
		}
		elems = wasmSection(9, p)
	case "segments":
		p := uleb(n)
		for range n {
			p = append(p, 1, 0, 0)
		}
		elems = wasmSection(9, p)
	case "func":
		f := append(uleb(n+1), 1)
		bodies = joinBytes(uleb(n+1), []byte{6, 0, 0x41, 0, 0x10, 0, 0x0b})
		for range n {
			f = append(f, 1)
			bodies = append(bodies, 2, 0, 0x0b)
		}
		funcs = wasmSection(3, f)
	case "global":
		p := uleb(n)
		for range n {
			p = append(p, 0x7f, 1, 0x41, 0, 0x0b)
		}
		globals = wasmSection(6, p)
	case "globalv128":
		p := uleb(n)
		for range n {
			p = append(p, 0x7b, 1, 0xfd, 0x0c)
			p = append(p, make([]byte, 16)...)
			p = append(p, 0x0b)
		}
		globals = wasmSection(6, p)
	case "globalref":
		p := uleb(n)
		for range n {
			p = append(p, 0x70, 0, 0xd2, 1, 0x0b)
		}
		globals = wasmSection(6, p)
	case "data":
		p := uleb(n)
		for range n {
			p = append(p, 1, 0)
		}
		datas = wasmSection(11, p)
	}
	code := wasmSection(10, bodies)
	return joinBytes([]byte("\x00asm\x01\x00\x00\x00"), types, imports, funcs, tables, mem, globals, exports, elems, code, datas)
}

// runAllocs is what one run of m allocates on the host's heap, garbage
// included (TotalAlloc's growth), after a run to warm the host.
func runAllocs(t *testing.T, h *Host, m *Module) (int64, *Record) {
	t.Helper()
	run := func() *Record {
		s, err := h.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return s.wait()
	}
	run()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := run()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc), r
}

// instanceShapes44a are the kinds instanceHeapWasm builds.
var instanceShapes44a = []string{"elem", "elemexpr", "active", "declared", "segments", "activesegs", "global", "globalv128", "globalref", "data", "func"}

// TestInstanceHeapModel: for each shape, what one run's instance
// allocates on the host's heap, garbage included, beyond a module of
// nothing, stays within what instanceHeap reckons for it, under both
// engines (the model is conservative).
func TestInstanceHeapModel(t *testing.T) { // not parallel: measures the process's allocations
	const n = 100_000
	for _, e := range []Engine{EngineInterpreter, EngineCompiler} {
		h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: e})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(context.Background())
		var base int64
		for _, kind := range append([]string{"none"}, instanceShapes44a...) {
			wasm := instanceHeapWasm(kind, n)
			m := compile(t, h, wasm)
			m.WaitCompiled(context.Background())
			got, r := runAllocs(t, h, m)
			if !r.Exited || r.ExitCode != 0 {
				t.Fatalf("%v %s: %+v", e, kind, r)
			}
			if kind == "none" {
				base = got
				continue
			}
			want := instanceHeap(wasmparse.Parse(wasm))
			t.Logf("%v %-10s x %d: allocated %9d beyond the empty module's, %5.1f an item; reckoned %9d", e, kind, n, got-base, float64(got-base)/n, want)
			if got-base > want+16<<10 { // what the host's other goroutines allocate meanwhile
				t.Errorf("%v %s x %d: allocated %d, reckoned %d", e, kind, n, got-base, want)
			}
		}
	}
}

// TestInstanceHeapBounded (attack pass 44a, row 5: each run's instance
// took host heap in proportion to the module's passive element entries,
// ~86 bytes an entry, and globals, ~91 bytes each, outside every budget,
// again for every run: an 8 MB module of 8,000,000 entries allocated 689
// MiB a run and a 5 MB one of 1,000,000 globals 91 MiB; lint peaked at
// 1.27 GB of RSS, serve --max-concurrent 4 ~2.7 GB): such modules are
// refused before compiling, as tables past TableLimit are, and the
// largest module of each shape the host still runs allocates less than
// InstanceHeapLimit a run.
func TestInstanceHeapBounded(t *testing.T) { // not parallel: measures the process's allocations
	const perRunMax = 64 << 20 // the attack's bound: InstanceHeapLimit
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	run := func(name string, wasm []byte) {
		m, err := h.Compile(context.Background(), wasm)
		if err != nil {
			if !strings.Contains(err.Error(), "refused before compiling") || !strings.Contains(err.Error(), "InstanceHeapLimit") {
				t.Errorf("%s: %v, want refused for InstanceHeapLimit", name, err)
			}
			return
		}
		m.WaitCompiled(context.Background())
		per, r := runAllocs(t, h, m)
		t.Logf("%s: module %d bytes; one run (exited %v, code %d) allocated %d MiB", name, len(wasm), r.Exited, r.ExitCode, per>>20)
		if !r.Exited || r.ExitCode != 0 {
			t.Errorf("%s: %+v, want exit 0", name, r)
		}
		if per > perRunMax {
			t.Errorf("%s: one run of a %d-byte module allocated %d MiB of the host's heap outside the memory budget (x every concurrent run); want it refused", name, len(wasm), per>>20)
		}
	}
	for _, c := range []struct {
		kind string
		n    int
	}{{"elem", 8_000_000}, {"global", 1_000_000}} {
		wasm := instanceHeapWasm(c.kind, c.n)
		if _, err := h.Compile(context.Background(), wasm); err == nil {
			t.Errorf("%s x %d: compiled, want refused before compiling", c.kind, c.n)
		}
		run(c.kind, wasm)
	}
	// A real module is far inside the bound.
	if !testing.Short() {
		if n := instanceHeap(wasmparse.Parse(buildWasm(t, "../../subako/testdata/hello"))); n > InstanceHeapLimit/16 {
			t.Errorf("the hello Go module is reckoned %d bytes an instance, want far inside %d", n, InstanceHeapLimit)
		}
	}
	// The largest of each costly shape the host still runs.
	for _, c := range []struct {
		kind string
		per  int64
	}{{"elem", instancePerElemEntry}, {"globalref", instancePerGlobal}} {
		n := int((InstanceHeapLimit - instanceHeap(wasmparse.Parse(instanceHeapWasm(c.kind, 0)))) / c.per)
		if instanceHeap(wasmparse.Parse(instanceHeapWasm(c.kind, n+1))) <= InstanceHeapLimit {
			t.Fatalf("%s x %d: not the largest allowed", c.kind, n)
		}
		run(c.kind+" (largest allowed)", instanceHeapWasm(c.kind, n))
	}
}
