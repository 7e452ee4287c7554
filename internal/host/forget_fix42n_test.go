package host

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"testing"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// readOnceModuleFix42n is a command that reads stdin once (fd_read blocks
// until a line comes or stdin closes) and ends.
func readOnceModuleFix42n() []byte {
	w := wasmbuild.Command()
	w.ImportSection = append(w.ImportSection,
		&wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "fd_read", DescFunc: 0})
	w.ExportSection[0].Index = 2
	w.NameSection.FunctionNames = wasm.NameMap{{Index: 2, Name: "start"}}
	i32 := func(v int32) []byte { return append([]byte{wasm.OpcodeI32Const}, sleb(v)...) }
	var body []byte
	for _, b := range [][]byte{
		i32(512), i32(1024), {wasm.OpcodeI32Store, 2, 0}, i32(516), i32(4096), {wasm.OpcodeI32Store, 2, 0},
		i32(0), i32(512), i32(1), i32(520), {wasm.OpcodeCall, 1, wasm.OpcodeDrop}, // fd_read(0, iovec, 1, 520)
		{wasm.OpcodeEnd},
	} {
		body = append(body, b...)
	}
	w.CodeSection[0].Body = body
	return wasmbuild.Encode(w)
}

// TestForgetClosesModuleAfterLastRun (attack pass 42n, row 7): Forget
// takes a module out of the host's table (the host kept every module it
// compiled until Close: serve --watch held 13 MiB a save) and closes its
// compiled code once its last run ends, never under a run: a run going
// when Forget comes ends as it would have; a run asked after is refused
// with ErrForgotten; the same bytes compiled again are compiled anew.
func TestForgetClosesModuleAfterLastRun(t *testing.T) {
	for _, engine := range []Engine{testEngine, EngineInterpreter} {
		t.Run(fmt.Sprint(engine), func(t *testing.T) {
			ctx := context.Background()
			h, err := New(ctx, Options{Engine: engine, CacheDir: "-"})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close(ctx)
			b := readOnceModuleFix42n()
			m, err := h.Compile(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			m.WaitCompiled(ctx)
			s, err := h.Start(ctx, m, RunConfig{})
			if err != nil {
				t.Fatal(err)
			}
			h.Forget(sha256.Sum256(b))
			h.mu.Lock()
			held := len(h.modules)
			h.mu.Unlock()
			if held != 0 {
				t.Errorf("after Forget the host still holds %d module(s)", held)
			}
			m.mu.Lock()
			freed := m.freed
			m.mu.Unlock()
			if freed {
				t.Fatal("Forget closed the code of a module a run still uses")
			}
			s.Send([]byte(`{}`))
			rec := s.Wait()
			if !rec.Exited || rec.ExitCode != 0 {
				t.Errorf("the run going when Forget came: exited %v (%d), trap %q", rec.Exited, rec.ExitCode, rec.Trap)
			}
			m.mu.Lock()
			freed = m.freed
			m.mu.Unlock()
			if !freed {
				t.Error("the forgotten module's code is still open after its last run")
			}
			if _, err := h.Start(ctx, m, RunConfig{}); !errors.Is(err, ErrForgotten) {
				t.Errorf("a run of a forgotten module: %v, want ErrForgotten", err)
			}
			again, err := h.Compile(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			if again == m {
				t.Error("the same bytes compiled after Forget gave the forgotten module")
			}
			again.WaitCompiled(ctx)
			s, err = h.Start(ctx, again, RunConfig{})
			if err != nil {
				t.Fatal(err)
			}
			s.Wait()
		})
	}
}
