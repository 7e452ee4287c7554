package host

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"testing"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestNoUserCacheStillCapped (attack pass 41m, row 2): with no user cache
// directory (HOME and XDG_CACHE_HOME unset, as in some CI containers)
// os.UserCacheDir failed and the host ran with no cache, every command's
// default; the cache is how the compile worker hands its code over, so the
// optimising compiler ran in the linter's own process under no memory cap:
// 4,000 blocks of a 1,000-value block type, a 17 KB module, allocated
// ~500 MiB there (ten times the blocks: an OOM kill, not exit 0, 1 or 3).
// The host now makes a temporary cache of its own, removed at Close, so
// the worker compiles it and this process only loads the code.
func TestNoUserCacheStillCapped(t *testing.T) { // not parallel: sets the environment; measures the process's allocations
	t.Setenv("HOME", "")
	t.Setenv("XDG_CACHE_HOME", "")
	ctx := context.Background()
	// The optimising compiler, so no compilation goes on in the background
	// past Close (one would keep the cache until it ends, as Close says).
	h, err := New(ctx, Options{Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	dir := h.cacheDir
	if dir == "" {
		t.Fatal("no user cache directory: the host runs with no cache, so compilations run in this process, uncapped")
	}
	if !testing.Short() {
		w := blockParamsModule(4000, 1000)
		var cerr error
		got := alloc41g(func() {
			var m *Module
			if m, cerr = h.Compile(ctx, w); cerr == nil {
				cerr = m.Compiled(ctx)
			}
		})
		t.Logf("%d-byte module, no user cache: compiling it allocated %d MiB in this process (err %v)", len(w), got>>20, cerr)
		if got > InterpretMaxHeap {
			t.Errorf("compiling a %d-byte module allocated %d MiB in the host's own process: more than the %d MiB the host allows what it prepares in its process", len(w), got>>20, InterpretMaxHeap>>20)
		}
	}
	if err := h.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the host's temporary cache %s is still there after Close (stat: %v)", dir, err)
	}
}

// blockParamsModule is a command whose function passes p values through n
// blocks of a p-value block type in a row: cheap in bytes (3 a block),
// costly to wazero's optimising compiler (~16 KB of heap a byte).
func blockParamsModule(n, p int) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	ps := make([]wasm.ValueType, p)
	for i := range ps {
		ps[i] = wasm.ValueTypeI32
	}
	m.TypeSection = append(m.TypeSection, &wasm.FunctionType{Params: ps, Results: ps})
	var body []byte
	for range p {
		body = append(body, wasm.OpcodeI32Const, 0)
	}
	for range n {
		body = append(body, wasm.OpcodeBlock, 2, wasm.OpcodeEnd)
	}
	for range p {
		body = append(body, wasm.OpcodeDrop)
	}
	m.CodeSection = []*wasm.Code{{Body: append(body, wasm.OpcodeEnd)}}
	return wasmbuild.Encode(m)
}
