package host

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestClosedHostRefusesEveryEntry (attack pass 42k, row 1): every entry of
// a closed host answers ErrClosed and none panics. Start did not look
// whether the host was closed: a run started after Close instantiated
// subako_http on the closed wazero runtime, which panicked ("assignment to
// entry in nil map"); serve reached it when a signal came after stdin
// ended while its probes still ran (exit 4). The module was compiled
// before Close, so Compile's answer is the one it kept.
func TestClosedHostRefusesEveryEntry(t *testing.T) {
	for _, engine := range []Engine{testEngine, EngineInterpreter} {
		t.Run(fmt.Sprint(engine), func(t *testing.T) {
			h, err := New(context.Background(), Options{Engine: engine, CacheDir: "-"})
			if err != nil {
				t.Fatal(err)
			}
			b := wasmbuild.Encode(&wasm.Module{
				TypeSection:     []*wasm.FunctionType{{}},
				FunctionSection: []wasm.Index{0},
				MemorySection:   &wasm.Memory{Min: 1},
				ExportSection: []*wasm.Export{
					{Type: wasm.ExternTypeFunc, Name: "_start", Index: 0},
					{Type: wasm.ExternTypeMemory, Name: "memory", Index: 0},
				},
				CodeSection: []*wasm.Code{{Body: []byte{wasm.OpcodeEnd}}},
			})
			ctx := context.Background()
			m, err := h.Compile(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			m.WaitCompiled(ctx)
			if err := h.Close(ctx); err != nil {
				t.Fatal(err)
			}
			entries := map[string]func() error{
				"Start": func() error {
					s, err := h.Start(ctx, m, RunConfig{})
					if err == nil {
						s.Wait()
					}
					return err
				},
				"Compile":        func() error { _, err := h.Compile(ctx, b); return err },
				"CompileCovered": func() error { _, err := h.CompileCovered(ctx, b); return err },
				"Call":           func() error { return h.Call(ctx, m, "add", []byte(`{}`), CallConfig{}).Err },
				"Discover":       func() error { return h.Discover(ctx, m, "").Err },
			}
			for name, entry := range entries {
				var err error
				panicked := func() (p any) {
					defer func() { p = recover() }()
					err = entry()
					return nil
				}()
				if panicked != nil {
					t.Errorf("%s on a closed host panicked: %v", name, panicked)
				} else if !errors.Is(err, ErrClosed) {
					t.Errorf("%s on a closed host: %v, want ErrClosed", name, err)
				}
			}
		})
	}
}

// TestWaitGivesHoldBack (attack pass 42q, row 3): a run's hold on the host
// is given back before Wait hands over its record, so a command that
// closes the host after its last Wait releases it at Close. The hold was
// given back by a goroutine after the run's end, which Wait did not wait
// for: Close could find the run still counted and leave the release to
// that goroutine, after the process exited (the host's temporary cache
// left behind when there is no user cache).
func TestWaitGivesHoldBack(t *testing.T) {
	ctx := context.Background()
	h, err := New(ctx, Options{Engine: testEngine, CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	b := wasmbuild.Encode(&wasm.Module{
		TypeSection:     []*wasm.FunctionType{{}},
		FunctionSection: []wasm.Index{0},
		MemorySection:   &wasm.Memory{Min: 1},
		ExportSection: []*wasm.Export{
			{Type: wasm.ExternTypeFunc, Name: "_start", Index: 0},
			{Type: wasm.ExternTypeMemory, Name: "memory", Index: 0},
		},
		CodeSection: []*wasm.Code{{Body: []byte{wasm.OpcodeEnd}}},
	})
	m, err := h.Compile(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	m.WaitCompiled(ctx)
	h.mu.Lock()
	before := h.pending
	h.mu.Unlock()
	for range 20 {
		s, err := h.Start(ctx, m, RunConfig{})
		if err != nil {
			t.Fatal(err)
		}
		s.Wait()
		h.mu.Lock()
		after := h.pending
		h.mu.Unlock()
		if after != before {
			t.Fatalf("after Wait the host counts %d holds, %d before the run: the run's hold is given back after its record", after, before)
		}
	}
}
