package host

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestAttack41a_AbandonedWorkerLeavesDir (attack pass 41a, row 4): a
// compile worker stopped at its CPU limit (or its memory cap) exits with
// os.Exit, which skipped compileInto's deferred removal of its own
// directory, and pruneCache removed only regular files: every abandoned
// compilation left a worker-*.tmp directory in the cache for good. Now the
// worker removes it before it exits, the host removes it once its worker
// has ended, and pruning removes one that no live worker holds locked.
func TestAttack41a_AbandonedWorkerLeavesDir(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	h, err := New(ctx, Options{CacheDir: dir, Engine: EngineCompiler, CompileLimit: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	_, err = h.Compile(ctx, hostileShape("brtable", 8))
	var cte *CompileTimeoutError
	if !errors.As(err, &cte) {
		t.Fatalf("a slow compile in the worker: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "worker-*.tmp")); len(left) > 0 {
		t.Errorf("an abandoned compilation left %v in the cache", left)
	}

	// One left by a worker that died with its host gone (SIGKILL, the
	// address-space cap): no lock holds it, so pruning removes it; one a
	// live worker holds stays, whatever its age.
	stale := filepath.Join(dir, "worker-1.tmp")
	live := filepath.Join(dir, "worker-2.tmp")
	for _, d := range []string{stale, live} {
		if err := os.MkdirAll(filepath.Join(d, "wazero-x"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "wazero-x", "entry"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-48 * time.Hour)
		_ = os.Chtimes(d, old, old)
	}
	lock, err := holdWorkerDir(live)
	if err != nil {
		t.Fatal(err)
	}
	pruneCache(dir, 512<<20) // what the next host's start does
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pruning kept %s, which no worker holds: %v", stale, err)
	}
	if _, err := os.Stat(filepath.Join(live, "wazero-x", "entry")); err != nil {
		t.Errorf("pruning took a live worker's directory: %v", err)
	}
	lock.Close()
	pruneCache(dir, 512<<20)
	if _, err := os.Stat(live); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pruning kept %s once its worker let it go: %v", live, err)
	}
}

// TestHoldWorkerDirAfterPrune: a worker whose directory a pruneCache
// removed before the worker locked it makes it again, and holds that.
func TestHoldWorkerDirAfterPrune(t *testing.T) {
	dir := t.TempDir()
	own, err := os.MkdirTemp(dir, workerDirPattern)
	if err != nil {
		t.Fatal(err)
	}
	pruneCache(dir, 512<<20) // not held yet: taken
	lock, err := holdWorkerDir(own)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	pruneCache(dir, 512<<20)
	if _, err := os.Stat(own); err != nil {
		t.Errorf("the worker's directory, held: %v", err)
	}
}
