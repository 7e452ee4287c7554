//go:build linux || darwin || freebsd || netbsd || openbsd

package pack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveDotDotThroughLink (attack pass 41n, row 5): -o is resolved
// as the kernel resolves it, links before "..": with a a link to src/sub,
// "a/../dist" is src/dist, inside the package, and Target refuses it (it
// judged ./dist); the last name is kept as written; "." and ".." as the
// last name name no directory pack can replace.
func TestResolveDotDotThroughLink(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "src")
	writeFiles(t, src, "main.go", "sub/x.go")
	if err := os.Symlink(filepath.Join(src, "sub"), filepath.Join(root, "a")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "a") + "/../dist" // as typed; filepath.Join would clean it
	got, err := Resolve(out)
	if err != nil || got != filepath.Join(src, "dist") {
		t.Errorf("Resolve(%s) = %q, %v; want %s", out, got, err, filepath.Join(src, "dist"))
	}
	if err := Target(out, src, filepath.Clean); err == nil || !strings.Contains(err.Error(), "inside the package") {
		t.Errorf("Target(%s): %v", out, err)
	}
	if again, err := Resolve(got); err != nil || again != got {
		t.Errorf("Resolve of its own result: %q, %v", again, err)
	}
	if got, err := Resolve(filepath.Join(root, "a")); err != nil || got != filepath.Join(root, "a") {
		t.Errorf("the last name (a link) is followed: %q, %v", got, err)
	}
	for _, p := range []string{root + "/new/.", root + "/new/..", "."} {
		if _, err := Resolve(p); err == nil {
			t.Errorf("Resolve(%s) took it", p)
		}
	}
}
