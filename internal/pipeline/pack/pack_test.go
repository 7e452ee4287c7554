package pack

import (
	"os"
	"path/filepath"
	"testing"
)

// writeFiles writes empty files (and their folders) under dir.
func writeFiles(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTarget: pack replaces only a new or empty directory or one it wrote,
// never the sources, a folder inside them or one holding them.
func TestTarget(t *testing.T) {
	src := t.TempDir()
	packed := t.TempDir()
	writeFiles(t, packed, "module.wasm", "subako-package.json", "assets/a.txt")
	onlyAssets := t.TempDir()
	writeFiles(t, onlyAssets, "assets/a.txt")
	for _, c := range []struct {
		dir string
		ok  bool
	}{
		{filepath.Join(t.TempDir(), "new"), true},
		{t.TempDir(), true}, // empty
		{packed, true},
		{onlyAssets, false},
		{src, false},
		{filepath.Join(src, "dist", "hello"), false}, // inside the sources
		{filepath.Join(src, "assets", "dist"), false},
		{filepath.Join(src, "..", "dist", "hello"), true}, // the usual layout
		{filepath.Join(filepath.Dir(src), "dist"), true},
	} {
		if err := Target(c.dir, src, filepath.Clean); (err == nil) != c.ok {
			t.Errorf("Target(%s): %v, want ok %v", c.dir, err, c.ok)
		}
	}
}
