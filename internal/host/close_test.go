package host

import (
	"context"
	"runtime"
	"testing"
)

// TestCloseDuringCompile: a host closed while it compiles, whose
// compilation is then cancelled, waits for wazero to return before it
// closes the runtime (closing it under a running CompileModule panicked
// inside wazero, "assignment to entry in nil map"), and a compilation
// asked of a closed host is refused.
func TestCloseDuringCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a large module")
	}
	h, err := New(context.Background(), Options{Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errc := make(chan error, 1)
	go func() {
		_, err := h.Compile(ctx, hostileShape("nest", 3))
		errc <- err
	}()
	for !h.compiling() {
		runtime.Gosched()
	}
	if err := h.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-errc; err == nil {
		t.Error("the cancelled compilation succeeded")
	}
	if _, err := h.Compile(context.Background(), hostileShape("nest", 1)); err == nil {
		t.Error("a closed host compiled a module")
	}
}

// compiling says whether a compilation is running.
func (h *Host) compiling() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.pending > 0
}
