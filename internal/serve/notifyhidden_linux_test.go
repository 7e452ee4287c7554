package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestNewHiddenDirNotWatched (attack pass 43g, row 5): serve.md
// says hidden files are not changes, and the first walk leaves hidden
// directories out; but a hidden directory made (or moved in) after the
// watch starts is watched whole by read's addTree (its own name is the
// walk's root, which the dot test skips), and watched() looks only at a
// file's own name. So `git init` in the package, or an editor opened
// after serve started (.idea/, .vscode/), makes every `git status` (it
// rewrites .git/index) or every workspace save a change: a rebuild, a
// lint and its probes, and a list_changed to every client, each time.
func TestNewHiddenDirNotWatched(t *testing.T) {
	root := t.TempDir()
	n, ok := newNotifier([]string{root}).(*inotifyWatcher)
	if !ok || n == nil {
		t.Skip("no inotify here")
	}
	defer n.Close()
	seen := func(paths ...string) string {
		t.Helper()
		guard := time.After(time.Minute) // only ends a test that would hang
		for {
			select {
			case p := <-n.Events():
				for _, want := range paths {
					if p == want {
						return p
					}
				}
			case <-guard:
				t.Fatalf("no event for %v", paths)
			}
		}
	}
	git := filepath.Join(root, ".git")
	if err := os.Mkdir(git, 0o755); err != nil {
		t.Fatal(err)
	}
	// A visible file after it: its event comes after .git's creation,
	// which read handled (watching .git) before.
	sync := filepath.Join(root, "sync.go")
	if err := os.WriteFile(sync, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	seen(sync)
	index, tick := filepath.Join(git, "index"), filepath.Join(root, "tick.go")
	for _, p := range []string{index, tick} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := seen(index, tick); got == index {
		t.Errorf("a write of %s, in a hidden directory made after the watch began, is a change (serve.md: hidden files are not changes)", index)
	}
}
