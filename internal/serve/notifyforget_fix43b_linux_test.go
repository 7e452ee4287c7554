package serve

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestNotifierForgetsRemovedDirs (attack pass 43b, README's second low):
// the inotify watcher kept every directory it ever watched, so once
// maxWatchedDirs had been made (and removed) over a session, a new one was
// silently not watched: an edit there was not seen. Here maxWatchedDirs+8
// directories are made, each seen watched (its creation reported, which
// read does after watching it), and removed; then a file written in a new
// directory must be reported. Every step waits on the watcher's own
// events, in the kernel's order: a tick file written in the root after
// the file comes after it.
func TestNotifierForgetsRemovedDirs(t *testing.T) {
	root := t.TempDir()
	n, ok := newNotifier([]string{root}).(*inotifyWatcher)
	if !ok || n == nil {
		t.Skip("no inotify here")
	}
	defer n.Close()
	// seen waits for an event of one of paths, and says which.
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
	for i := range maxWatchedDirs + 8 {
		d := filepath.Join(root, "d"+strconv.Itoa(i))
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		seen(d)
		if err := os.Remove(d); err != nil {
			t.Fatal(err)
		}
	}
	last := filepath.Join(root, "last")
	if err := os.Mkdir(last, 0o755); err != nil {
		t.Fatal(err)
	}
	seen(last) // watched now, if it can be
	file, tick := filepath.Join(last, "main.go"), filepath.Join(root, "tick")
	for _, p := range []string{file, tick} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := seen(file, tick); got != file {
		t.Errorf("after %d directories made and removed, an edit in a new one was not seen: its directory is not watched", maxWatchedDirs+8)
	}
}

// TestNotifierForgetsMovedDirs: a directory moved out of the watched tree
// kept its watch, under the path it had had: an edit in it, outside the
// package now, was reported as a change inside it (and counted against
// maxWatchedDirs for the session). A directory moved within the tree is
// watched where it lands.
func TestNotifierForgetsMovedDirs(t *testing.T) {
	root, away := t.TempDir(), t.TempDir()
	n, ok := newNotifier([]string{root}).(*inotifyWatcher)
	if !ok || n == nil {
		t.Skip("no inotify here")
	}
	defer n.Close()
	// first waits for an event of one of paths, and says which.
	first := func(paths ...string) string {
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
	write := func(p string) {
		t.Helper()
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b, gone := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(away, "a")
	if err := os.Mkdir(a, 0o755); err != nil {
		t.Fatal(err)
	}
	first(a)
	if err := os.Rename(a, b); err != nil { // within the tree
		t.Fatal(err)
	}
	first(b)
	write(filepath.Join(b, "x.go"))
	write(filepath.Join(root, "tick1"))
	if got := first(filepath.Join(b, "x.go"), filepath.Join(a, "x.go"), filepath.Join(root, "tick1")); got != filepath.Join(b, "x.go") {
		t.Errorf("an edit in a directory moved within the tree: first %s, want %s", got, filepath.Join(b, "x.go"))
	}
	if err := os.Rename(b, gone); err != nil { // out of it
		t.Fatal(err)
	}
	first(b)
	write(filepath.Join(gone, "y.go"))
	write(filepath.Join(root, "tick2"))
	if got := first(filepath.Join(b, "y.go"), filepath.Join(root, "tick2")); got != filepath.Join(root, "tick2") {
		t.Errorf("an edit in a directory moved out of the tree was reported as %s", got)
	}
}
