package subakohttp

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tetratelabs/wabin/binary"
	"github.com/tetratelabs/wabin/wasm"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/subako-ai/subako-go/abi"
)

// guestPages is the test guest's memory: room for a request over the 8 MiB
// limit.
const guestPages = 129

// guestModule encodes a module that imports subako_http's two functions and
// exports a wrapper of each, "request" and "read_response", that calls the
// import with its own two arguments; so a test can make any call a module
// could. With memory it exports guestPages of it as "memory".
func guestModule(withMemory bool) []byte {
	i32 := wasm.ValueTypeI32
	call := func(fn byte) []byte {
		return []byte{wasm.OpcodeLocalGet, 0, wasm.OpcodeLocalGet, 1, wasm.OpcodeCall, fn, wasm.OpcodeEnd}
	}
	m := &wasm.Module{
		TypeSection: []*wasm.FunctionType{{Params: []wasm.ValueType{i32, i32}, Results: []wasm.ValueType{i32}}},
		ImportSection: []*wasm.Import{
			{Type: wasm.ExternTypeFunc, Module: abi.HTTPModule, Name: "request", DescFunc: 0},
			{Type: wasm.ExternTypeFunc, Module: abi.HTTPModule, Name: "read_response", DescFunc: 0},
		},
		FunctionSection: []wasm.Index{0, 0},
		CodeSection:     []*wasm.Code{{Body: call(0)}, {Body: call(1)}},
		ExportSection: []*wasm.Export{
			{Type: wasm.ExternTypeFunc, Name: "request", Index: 2},
			{Type: wasm.ExternTypeFunc, Name: "read_response", Index: 3},
		},
	}
	if withMemory {
		m.MemorySection = &wasm.Memory{Min: guestPages, Max: guestPages, IsMaxEncoded: true}
		m.ExportSection = append(m.ExportSection, &wasm.Export{Type: wasm.ExternTypeMemory, Name: "memory", Index: 0})
	}
	return binary.EncodeModule(m)
}

// guest is an instance of guestModule linked to its own subako_http.
type guest struct {
	t    *testing.T
	ctx  context.Context
	mod  api.Module
	host api.Module
}

func newGuest(t *testing.T, r wazero.Runtime, cfg *Config, withMemory bool) *guest {
	t.Helper()
	ctx := context.Background()
	h, err := Instantiate(ctx, r, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := r.InstantiateWithConfig(WithImport(ctx, h), guestModule(withMemory), wazero.NewModuleConfig().WithName(""))
	if err != nil {
		t.Fatal(err)
	}
	g := &guest{t: t, ctx: ctx, mod: mod, host: h}
	t.Cleanup(func() {
		_ = mod.Close(ctx)
		_ = h.Close(ctx)
	})
	return g
}

// call calls an import through the guest with ptr and len as the module
// would pass them, as i32.
func (g *guest) call(fn string, ptr, n uint32) int32 {
	g.t.Helper()
	res, err := g.mod.ExportedFunction(fn).Call(g.ctx, api.EncodeU32(ptr), api.EncodeU32(n))
	if err != nil {
		g.t.Fatalf("%s: %v", fn, err)
	}
	return api.DecodeI32(res[0])
}

func (g *guest) write(ptr uint32, data string) {
	g.t.Helper()
	if !g.mod.Memory().Write(ptr, []byte(data)) {
		g.t.Fatal("write out of range")
	}
}

func (g *guest) read(ptr, n uint32) string {
	g.t.Helper()
	b, ok := g.mod.Memory().Read(ptr, n)
	if !ok {
		g.t.Fatal("read out of range")
	}
	return string(b)
}

const memSize = guestPages * 65536

func TestABI(t *testing.T) {
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	cfg := &Config{} // nothing allowed: every answer is made without a network
	g := newGuest(t, r, cfg, true)

	const reqA = `{"url":"https://a.example/"}`
	const reqB = `{"method":"POST","url":"https://bb.example/"}`
	wantA := string(cfg.Handle(ctx, []byte(reqA)))
	wantB := string(cfg.Handle(ctx, []byte(reqB)))
	if len(wantA) == len(wantB) {
		t.Fatal("the two answers must differ in length")
	}
	g.write(0, reqA)
	g.write(1000, reqB)
	const out = 4096

	// read_response with nothing held.
	if n := g.call("read_response", out, 10); n != abiNoAnswer {
		t.Errorf("read before any request: %d, want -2", n)
	}
	// request ranges outside memory.
	for _, rg := range [][2]uint32{{memSize - 2, 10}, {memSize, 1}, {0xffffffff, 1}, {0, memSize + 1}, {1, 0xffffffff}} {
		if n := g.call("request", rg[0], rg[1]); n != abiOutOfRange {
			t.Errorf("request(%#x, %#x): %d, want -1", rg[0], rg[1], n)
		}
	}
	if n := g.call("read_response", out, 10); n != abiNoAnswer {
		t.Errorf("after failed requests: %d, want -2: nothing is held", n)
	}

	n := g.call("request", 0, uint32(len(reqA)))
	if int(n) != len(wantA) {
		t.Fatalf("request returned %d, want %d", n, len(wantA))
	}
	// Wrong lengths, then ranges outside memory: each keeps the answer.
	for _, bad := range []uint32{uint32(n) - 1, uint32(n) + 1, 0, 0xffffffff} {
		if got := g.call("read_response", out, bad); got != abiWrongLength {
			t.Errorf("read_response(len %d): %d, want -3", bad, got)
		}
	}
	for _, ptr := range []uint32{memSize - uint32(n) + 1, memSize, 0xffffffff} {
		if got := g.call("read_response", ptr, uint32(n)); got != abiOutOfRange {
			t.Errorf("read_response(ptr %#x): %d, want -1", ptr, got)
		}
	}
	// A request out of range changes nothing either.
	if got := g.call("request", memSize, 1); got != abiOutOfRange {
		t.Errorf("request out of range: %d", got)
	}
	if got := g.call("read_response", out, uint32(n)); got != 0 || g.read(out, uint32(n)) != wantA {
		t.Fatalf("read_response: %d, %q", got, g.read(out, uint32(n)))
	}
	// The answer is forgotten once read.
	if got := g.call("read_response", out, uint32(n)); got != abiNoAnswer {
		t.Errorf("second read: %d, want -2", got)
	}

	// A new request replaces a held answer.
	g.call("request", 0, uint32(len(reqA)))
	nb := g.call("request", 1000, uint32(len(reqB)))
	if got := g.call("read_response", out, uint32(len(wantA))); got != abiWrongLength {
		t.Errorf("read with the replaced answer's length: %d, want -3", got)
	}
	if got := g.call("read_response", out, uint32(nb)); got != 0 || g.read(out, uint32(nb)) != wantB {
		t.Errorf("replaced: %d, %q", got, g.read(out, uint32(nb)))
	}

	// What is not a valid request is an answer, not a misuse.
	for _, tc := range []struct {
		ptr, n uint32
		want   string
	}{
		{0, 0, "unexpected end of input"},
		{memSize, 0, "unexpected end of input"}, // an empty range at the very end is in memory
		{0, abi.HTTPRequestMaxBytes + 1, "over the limit of 8388608"},
	} {
		n := g.call("request", tc.ptr, tc.n)
		if n <= 0 {
			t.Fatalf("request(%d, %d): %d", tc.ptr, tc.n, n)
		}
		if got := g.call("read_response", out, uint32(n)); got != 0 || !strings.Contains(g.read(out, uint32(n)), tc.want) ||
			!strings.Contains(g.read(out, uint32(n)), `"kind":"invalid_request"`) {
			t.Errorf("request(%d, %d): %s", tc.ptr, tc.n, g.read(out, uint32(n)))
		}
	}
}

// A module without memory can only misuse the ABI.
func TestABIWithoutMemory(t *testing.T) {
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	g := newGuest(t, r, &Config{}, false)
	if n := g.call("request", 0, 0); n != abiOutOfRange {
		t.Errorf("request: %d, want -1", n)
	}
	if n := g.call("read_response", 0, 0); n != abiNoAnswer {
		t.Errorf("read_response: %d, want -2", n)
	}
}

// Guests sharing a runtime each have their own subako_http, with its own
// Config and its own held answer.
func TestInstancesAreSeparate(t *testing.T) {
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	e := newEnv(t)
	open := newGuest(t, r, e.cfg, true)
	closed := newGuest(t, r, &Config{}, true)
	request := get(e.url("api.test", "/text"))
	for _, g := range []*guest{open, closed} {
		g.write(0, request)
	}
	n := open.call("request", 0, uint32(len(request)))
	if got := closed.call("read_response", 4096, uint32(n)); got != abiNoAnswer {
		t.Errorf("another instance's answer: %d, want -2", got)
	}
	m := closed.call("request", 0, uint32(len(request)))
	if open.call("read_response", 4096, uint32(n)) != 0 || closed.call("read_response", 4096, uint32(m)) != 0 {
		t.Fatal("read_response failed")
	}
	if a := open.read(4096, uint32(n)); !strings.Contains(a, `"text":"hello, wörld"`) {
		t.Errorf("allowed instance: %s", a)
	}
	if a := closed.read(4096, uint32(m)); !strings.Contains(a, "host_not_allowed") {
		t.Errorf("closed instance: %s", a)
	}

	// Many short-lived instances come and go.
	for range 50 {
		h, err := Instantiate(ctx, r, &Config{})
		if err != nil {
			t.Fatal(err)
		}
		mod, err := r.InstantiateWithConfig(WithImport(ctx, h), guestModule(false), wazero.NewModuleConfig().WithName(""))
		if err != nil {
			t.Fatal(err)
		}
		_ = mod.Close(ctx)
		_ = h.Close(ctx)
	}
}

// Export builds the module under its real name, for a runtime per call,
// where the guest links by name.
func TestExportByName(t *testing.T) {
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	if _, err := Export(r.NewHostModuleBuilder(abi.HTTPModule), &Config{}).Instantiate(ctx); err != nil {
		t.Fatal(err)
	}
	mod, err := r.InstantiateWithConfig(ctx, guestModule(true), wazero.NewModuleConfig().WithName("guest"))
	if err != nil {
		t.Fatal(err)
	}
	request := `{"url":"https://x.example/"}`
	mod.Memory().Write(0, []byte(request))
	res, err := mod.ExportedFunction("request").Call(ctx, 0, uint64(len(request)))
	if err != nil {
		t.Fatal(err)
	}
	n := uint32(res[0])
	res, err = mod.ExportedFunction("read_response").Call(ctx, 100, uint64(n))
	answer, _ := mod.Memory().Read(100, n)
	if err != nil || res[0] != 0 || !bytes.Contains(answer, []byte("x.example is not in this function's network allowlist")) {
		t.Errorf("%v %d %s", err, res[0], answer)
	}
	// Resolver leaves other names to the runtime.
	if Resolver(mod)("wasi_snapshot_preview1") != nil || Resolver(mod)(abi.HTTPModule) != mod {
		t.Error("Resolver")
	}
	// Without WithImport, a guest needs the named module: an anonymous
	// one is not found by name.
	r2 := wazero.NewRuntime(ctx)
	defer r2.Close(ctx)
	if _, err := Instantiate(ctx, r2, &Config{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r2.InstantiateWithConfig(ctx, guestModule(true), wazero.NewModuleConfig()); err == nil {
		t.Error("a guest linked to an anonymous subako_http without WithImport")
	}
}
