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
// native build removed). Both builds run under the progress reporter,
// which is told what each does.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go packages")
	}
	dir := t.TempDir()
	var steps []string
	seen := func(what string, step func()) { steps = append(steps, what); step() }
	if err := Build("../../../examples/hello", "", dir, io.Discard, seen); err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || !strings.Contains(steps[0], "for wasip1") || !strings.Contains(steps[1], "for this machine") {
		t.Errorf("the reporter saw %q, want the wasip1 build then the native one", steps)
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
