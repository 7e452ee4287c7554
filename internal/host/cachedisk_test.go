package host

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestFullCacheDiskNotJudged (attack pass 44e, row 3): the compilation
// cache's disk is the machine's ($XDG_CACHE_HOME, $HOME), but a
// compilation that failed because that disk was full answered a plain
// error, which pkgcheck (lint, check, pack) reported as the module's P011
// "the host could not compile the module: write ...: no space left on
// device", exit 1, for a good module that is clean with room on the disk.
// It is now a *StalledError naming the cache (not judged, exit 3). Root: a
// 40 KiB tmpfs as the cache.
func TestFullCacheDiskNotJudged(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=40k"); err != nil {
		t.Skipf("mounting a small tmpfs (root only): %v", err)
	}
	defer func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) }()
	wasm, err := os.ReadFile(subjects.CHooked(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, engine := range []Engine{EngineCompiler, EngineAuto} {
		for _, cache := range []string{t.TempDir(), dir} {
			h, err := New(ctx, Options{CacheDir: cache, Engine: engine})
			if err != nil {
				t.Fatal(err)
			}
			m, cerr := h.Compile(ctx, wasm)
			if cerr == nil {
				cerr = m.Compiled(ctx)
			}
			_ = h.Close(ctx)
			t.Logf("engine %v, cache %s: %v", engine, cache, cerr)
			var stalled *StalledError
			switch {
			case cache != dir && cerr != nil:
				t.Errorf("engine %v, cache with room: %v", engine, cerr)
			case cache == dir && !errors.As(cerr, &stalled):
				t.Errorf("engine %v, cache %s on a full disk: compiling the plain C subject answered %v (%T): not the host's condition, so lint reports it as the module's P011 error (exit 1); with room on the cache's disk the module compiles and is clean",
					engine, cache, cerr, cerr)
			case cache == dir && (stalled.Cache != dir || !strings.Contains(cerr.Error(), dir) || !strings.Contains(cerr.Error(), "no space left on device")):
				t.Errorf("engine %v: the error does not name the cache %s and the cause: %v", engine, dir, cerr)
			}
		}
	}
}
