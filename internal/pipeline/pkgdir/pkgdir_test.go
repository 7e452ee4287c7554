package pkgdir

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBuild writes examples/hello's package directory: the module, the
// manifest its native build prints, and nothing else (no assets, the
// native build removed).
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go packages")
	}
	dir := t.TempDir()
	if err := Build("../../../examples/hello", "", dir, io.Discard); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"module.wasm", "subako-package.json"}) {
		t.Errorf("wrote %v", names)
	}
	manifest, _ := os.ReadFile(filepath.Join(dir, "subako-package.json"))
	if !strings.Contains(string(manifest), `"name": "hello"`) {
		t.Errorf("manifest %s", manifest)
	}
}
