package gowasm

import (
	"os"
	"path/filepath"
	"testing"
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
