package subakohttp

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"
)

// A module built with the Go runtime for wasip1 sends requests through this
// host in wazero: the guest's real imports, memory and decoding, end to end.
func TestGoModuleEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	bin := gowasm.Build(t, "./testdata/fetch")

	e := newEnv(t)
	e.cfg.WriteBudget = sandboxfs.NewBudget(sandboxfs.CallLimits)
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	wasi_snapshot_preview1.MustInstantiate(ctx, r)
	compiled, err := r.CompileModule(ctx, bin)
	if err != nil {
		t.Fatal(err)
	}
	// Two calls in one runtime, each with its own subako_http.
	run := func(cfg *Config, args ...string) string {
		t.Helper()
		h, err := Instantiate(ctx, r, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(ctx)
		var stdout, stderr bytes.Buffer
		mod, err := r.InstantiateModule(WithImport(ctx, h), compiled, wazero.NewModuleConfig().WithName("").
			WithArgs(append([]string{"module.wasm"}, args...)...).WithStdout(&stdout).WithStderr(&stderr))
		if exit := (*sys.ExitError)(nil); err != nil && (!errors.As(err, &exit) || exit.ExitCode() != 0) {
			t.Fatalf("run: %v\n%s", err, stderr.String())
		}
		if mod != nil {
			_ = mod.Close(ctx)
		}
		return stdout.String()
	}
	got := run(e.cfg,
		e.url("api.test", "/text"),
		e.url("api.test", "/bytes?b=ff&n=300000")+">/volume/tmp/out.bin",
		e.url("evil.test", "/"),
		e.url("api.test", "/bytes?n=300000"),
	)
	want := strings.Join([]string{
		"inline 200 a, b hello, wörld",
		"file 200 /volume/tmp/out.bin 300000",
		"error forbidden_destination evil.test resolves to 10.0.0.1, a private address: a function may reach only public internet addresses",
		"error too_large the body is 300000 bytes, over the inline limit of 262144 bytes: save it to a file instead, with output {\"type\":\"file\",\"path\":...}",
	}, "\n") + "\n"
	if got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	if info, err := os.Stat(filepath.Join(e.vol, "tmp", "out.bin")); err != nil || info.Size() != 300000 {
		t.Errorf("saved file: %v", err)
	}
	if used := e.cfg.WriteBudget.Used(); used != 300000 {
		t.Errorf("budget used %d", used)
	}
	if got := run(&Config{}, e.url("api.test", "/text")); got != "error host_not_allowed api.test is not in this function's network allowlist\n" {
		t.Errorf("second call: %s", got)
	}
}
