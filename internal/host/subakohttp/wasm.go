package subakohttp

import (
	"bytes"
	"context"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/subako-ai/subako-go/abi"
)

// The negative returns of the imports, each a misuse of the ABI.
const (
	abiOutOfRange  = abi.HTTPOutOfRange
	abiNoAnswer    = abi.HTTPNoAnswer
	abiWrongLength = abi.HTTPWrongLength
)

// host is one instance's subako_http: the Config its requests obey and the
// answer it holds between request and read_response. The held answer is why
// every guest instance needs its own host instance.
type host struct {
	cfg *Config

	mu      sync.Mutex
	held    []byte
	holding bool
}

// request(ptr, len) -> len reads the request at ptr, handles it, holds the
// answer, and returns its length. A range outside memory is -1 and changes
// nothing: no request was made, so a held answer stays held. Otherwise the
// new answer replaces any held one, which the module has given up on.
func (h *host) request(ctx context.Context, mod api.Module, stack []uint64) {
	ptr, n := api.DecodeU32(stack[0]), api.DecodeU32(stack[1])
	mem := memory(mod)
	if mem == nil {
		stack[0] = api.EncodeI32(abiOutOfRange)
		return
	}
	view, ok := mem.Read(ptr, n)
	if !ok {
		stack[0] = api.EncodeI32(abiOutOfRange)
		return
	}
	req := view // Handle refuses an oversized request without reading it.
	if n <= abi.HTTPRequestMaxBytes {
		req = bytes.Clone(view) // so that nothing Handle keeps aliases the module's memory
	}
	answer := h.cfg.Handle(ctx, req)
	h.mu.Lock()
	h.held, h.holding = answer, true
	h.mu.Unlock()
	stack[0] = api.EncodeI32(int32(len(answer))) // at most a few MiB
}

// read_response(ptr, len) -> 0 copies the held answer to ptr and forgets it.
// The checks come in the order that says the most: no answer (-2), then a
// length that is not the answer's (-3), then a range outside memory (-1). A
// failed read keeps the answer, so the module may read it again correctly.
func (h *host) readResponse(_ context.Context, mod api.Module, stack []uint64) {
	ptr, n := api.DecodeU32(stack[0]), api.DecodeU32(stack[1])
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case !h.holding:
		stack[0] = api.EncodeI32(abiNoAnswer)
	case uint64(n) != uint64(len(h.held)):
		stack[0] = api.EncodeI32(abiWrongLength)
	case memory(mod) == nil || !memory(mod).Write(ptr, h.held):
		stack[0] = api.EncodeI32(abiOutOfRange)
	default:
		h.held, h.holding = nil, false
		stack[0] = 0
	}
}

// memory is the calling module's memory, which ABI 1 has it export as
// "memory"; nil when it has none. (api.Module.Memory would answer a nil
// pointer in a non-nil interface for a module without memory.)
func memory(mod api.Module) api.Memory {
	return mod.ExportedMemory("memory")
}

// Export defines request and read_response on b, with their own held-answer
// state, bound to cfg. Building with it directly suits a runner that makes a
// wazero.Runtime per call:
//
//	_, err := subakohttp.Export(r.NewHostModuleBuilder(abi.HTTPModule), cfg).Instantiate(ctx)
//
// A runtime shared by calls uses Instantiate and WithImport instead, since a
// name can be instantiated only once per runtime.
func Export(b wazero.HostModuleBuilder, cfg *Config) wazero.HostModuleBuilder {
	h := &host{cfg: cfg}
	i32 := []api.ValueType{api.ValueTypeI32}
	params := []api.ValueType{api.ValueTypeI32, api.ValueTypeI32}
	b.NewFunctionBuilder().
		WithGoModuleFunction(api.GoModuleFunc(h.request), params, i32).
		WithParameterNames("ptr", "len").WithResultNames("len").
		Export(abi.HTTPRequestFunc)
	b.NewFunctionBuilder().
		WithGoModuleFunction(api.GoModuleFunc(h.readResponse), params, i32).
		WithParameterNames("ptr", "len").WithResultNames("errno").
		Export(abi.HTTPReadResponseFunc)
	return b
}

// Instantiate makes a fresh, anonymous subako_http instance for one guest
// instance, bound to cfg, in a runtime that may be shared by many calls. Link
// the guest to it by instantiating the guest with WithImport's context:
//
//	h, err := subakohttp.Instantiate(ctx, r, cfg)
//	...
//	guest, err := r.InstantiateModule(subakohttp.WithImport(ctx, h), compiled, modConfig)
//	...
//	guest.Close(ctx)
//	h.Close(ctx)
//
// Why this design: the host holds an answer between the module's two calls,
// and each call has its own Config (allowlist, volume, budget, timeout), so
// state belongs to one guest instance. A named module can exist once per
// runtime, and wazero's host functions receive the caller but no per-caller
// state; an anonymous module per guest, found through wazero's
// experimental.WithImportResolver, gives each guest its own with no
// bookkeeping. Compiling the two host functions anew each time is cheap
// (wazero compiles host modules to small trampolines), and the compiled code
// is released when the returned module is closed. Close it after the guest.
func Instantiate(ctx context.Context, r wazero.Runtime, cfg *Config) (api.Module, error) {
	compiled, err := Export(r.NewHostModuleBuilder(abi.HTTPModule), cfg).Compile(ctx)
	if err != nil {
		return nil, err
	}
	release := experimental.CloseNotifyFunc(func(ctx context.Context, _ uint32) { _ = compiled.Close(ctx) })
	mod, err := r.InstantiateModule(experimental.WithCloseNotifier(ctx, release), compiled,
		wazero.NewModuleConfig().WithName("")) // anonymous: any number may coexist
	if err != nil {
		_ = compiled.Close(ctx)
		return nil, err
	}
	return mod, nil
}

// WithImport returns a context in which instantiating a module resolves its
// subako_http imports to h, an instance from Instantiate. It replaces any
// import resolver ctx had; a runner that has its own uses Resolver.
func WithImport(ctx context.Context, h api.Module) context.Context {
	return experimental.WithImportResolver(ctx, Resolver(h))
}

// Resolver resolves abi.HTTPModule to h, an instance from Instantiate, and
// every other name to nil (left to the runtime), for a runner that puts an
// import resolver of its own in the guest's context:
//
//	func(ctx context.Context) (experimental.ImportResolver, func(), error) {
//		h, err := subakohttp.Instantiate(ctx, rt, cfg)
//		if err != nil {
//			return nil, nil, err
//		}
//		return subakohttp.Resolver(h), func() { _ = h.Close(context.Background()) }, nil
//	}
func Resolver(h api.Module) experimental.ImportResolver {
	return func(name string) api.Module {
		if name == abi.HTTPModule {
			return h
		}
		return nil
	}
}
