package host

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// fatTypes41a3 is a WASI command whose type section holds, after its own
// two types (signature weight 25), n distinct types of 1,000 parameters
// and 1,000 results, then one of lastParams parameters and 1,000 results:
// externref each but the first parameter, which tells the types apart
// (wazero's keys are longest for externref, 9 bytes a value).
func fatTypes41a3(n, lastParams int) []byte {
	fat := func(params, i int) []byte {
		t := append([]byte{0x60}, uleb(params)...)
		t = append(t, []byte{0x7f, 0x7e, 0x7d, 0x7c}[i%4])
		t = append(t, bytes.Repeat([]byte{0x6f}, params-1)...)
		t = append(t, uleb(1000)...)
		return append(t, bytes.Repeat([]byte{0x6f}, 1000)...)
	}
	sec := append(uleb(n+3), 0x60, 4, 0x7f, 0x7f, 0x7f, 0x7f, 1, 0x7f, 0x60, 0, 0)
	for i := range n {
		sec = append(sec, fat(1000, i)...)
	}
	sec = append(sec, fat(lastParams, n)...)
	return wasmbuild.ReplaceSection(wasmbuild.Encode(wasmbuild.Command()), 1, sec)
}

// TestFatTypesRefused (attack pass 41a, follow-up: fat types): wazero keys
// each function type by a string it concatenates one value type's name at
// a time, in this process on every CompileModule (interpreted, compiled,
// loaded from the cache): a 1 MB module of 500 types of 1,000 parameters
// and 1,000 results cost 1 to 2.5 s of CPU and 3 to 9.5 GB of garbage, a
// 10 MB one ten times that. A module past the types' signature weight is
// refused before wazero sees it, with the offending type's position.
func TestFatTypesRefused(t *testing.T) {
	t.Parallel()
	w := fatTypes41a3(3, 1000) // 25 + 4 × 2,000²
	p := wasmparse.Parse(w)
	if e, ok := p.Exceeded(); !ok || e.Limit != wasmparse.LimitSignatureWeight {
		t.Fatalf("the reader let the module through: %v", p.Problems)
	}
	h, err := New(context.Background(), Options{CacheDir: "-", Engine: EngineInterpreter})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	_, err = h.Compile(context.Background(), w)
	if err == nil || !strings.Contains(err.Error(), "refused before compiling: type section at offset 0x") ||
		!strings.Contains(err.Error(), "more than the limit of 16000000") {
		t.Errorf("Compile: %v, want it refused before compiling for the signature weight", err)
	}
}

// TestFatTypesWorstAccepted (attack pass 41a, follow-up: fat types): the
// heaviest types the limit lets through (weight 15,996,026, all externref)
// cost wazero's CompileModule, interpreted or loaded from the cache, less
// than interpretCost reckons and than 128 MiB of allocation, and leave less
// than 64 MiB live.
func TestFatTypesWorstAccepted(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates about 300 MB in all, measuring")
	}
	w := fatTypes41a3(3, 999) // 25 + 3 × 2,000² + 1,999²
	p := wasmparse.Parse(w)
	if _, exceeded := p.Exceeded(); exceeded || len(p.Problems) != 0 {
		t.Fatalf("not a module Compile hands an engine: %v", p.Problems)
	}
	ctx := context.Background()
	cache := wazero.NewCompilationCache()
	defer cache.Close(ctx)
	cold, err := newRuntime(ctx, runtimeConfig(false, MemoryLimit).WithCompilationCache(cache))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cold.CompileModule(ctx, w); err != nil {
		t.Fatal(err)
	}
	_ = cold.Close(ctx)
	for _, c := range []struct {
		name string
		cfg  wazero.RuntimeConfig
	}{
		{"interpreted", runtimeConfig(true, MemoryLimit)},
		{"from the cache", runtimeConfig(false, MemoryLimit).WithCompilationCache(cache)},
	} {
		rt, err := newRuntime(ctx, c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		var before, after, live runtime.MemStats
		runtime.ReadMemStats(&before)
		compiled, err := rt.CompileModule(ctx, w)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&live)
		alloc, kept := after.TotalAlloc-before.TotalAlloc, int64(live.HeapAlloc)-int64(before.HeapAlloc)
		runtime.KeepAlive(compiled)
		_ = rt.Close(ctx)
		t.Logf("%s: %d bytes: allocated %d, %d live, reckoned %d", c.name, len(w), alloc, kept, interpretCost(len(w), p))
		if int64(alloc) > interpretCost(len(w), p) || alloc > 128<<20 || kept > 64<<20 {
			t.Errorf("%s: allocated %d (reckoned %d), %d live", c.name, alloc, interpretCost(len(w), p), kept)
		}
	}
}
