package gowasm

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestKeyFollowsSources: the same sources give the same cached module,
// and an edited source another one.
func TestKeyFollowsSources(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("main.go", "package main\n\nfunc main() { println(1) }\n")
	first := Path(t, dir)
	if again := Path(t, dir); again != first {
		t.Errorf("a second build in the process: %s, then %s", first, again)
	}
	// Another process (no memo) finds the same file on disk.
	mu.Lock()
	built = map[string]*result{}
	mu.Unlock()
	if again := Path(t, dir); again != first {
		t.Errorf("rebuilt the same sources: %s, then %s", first, again)
	}
	write("main.go", "package main\n\nfunc main() { println(2) }\n")
	mu.Lock()
	built = map[string]*result{}
	mu.Unlock()
	if edited := Path(t, dir); edited == first {
		t.Error("an edited source gave the cached module")
	}
	if flagged := Path(t, dir, "-ldflags=-s"); flagged == first {
		t.Error("other flags gave the same module")
	}
}

// Concurrent Cached calls of one key build it once: the others wait for
// the lock, then find the module.
func TestCachedBuildsOnce(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir()) // where os.UserCacheDir looks on macOS
	var builds atomic.Int32
	build := func(tmp, out string) error {
		builds.Add(1)
		time.Sleep(50 * time.Millisecond) // long enough for the others to arrive
		return os.WriteFile(out, []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	}
	var wg sync.WaitGroup
	paths := make([]string, 4)
	for i := range paths {
		wg.Go(func() {
			p, err := Cached("once-test", build)
			if err != nil {
				t.Error(err)
			}
			paths[i] = p
		})
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds of one key, want 1", n)
	}
	for _, p := range paths[1:] {
		if p != paths[0] {
			t.Errorf("paths differ: %q and %q", p, paths[0])
		}
	}
}
