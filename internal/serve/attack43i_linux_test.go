//go:build linux

package serve

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAttack43i_WatchModuleFile (attack pass 43i, row 6): docs/serve.md
// says of --watch "For a package directory or module file, a change
// reloads it", and cmd/subakogo's watchDir hands serve the module file
// itself. The inotify watcher walks the path and watches directories
// only (addTree skips a non-directory, the root too), so for a module
// file it watches nothing, returns a notifier all the same (no polling
// fallback), and no change is ever seen: `subakogo serve --watch m.wasm`,
// then m.wasm copied over or renamed over, logged nothing in three tries
// (a package directory's module.wasm rebuilt at once).
func TestAttack43i_WatchModuleFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "m.wasm")
	if err := os.WriteFile(file, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	n := newNotifier([]string{file})
	if n == nil {
		return // polled: snapshot sees a file's change
	}
	defer n.Close()
	if w, ok := n.(*inotifyWatcher); ok && len(w.dirs) == 0 {
		t.Errorf("a watch of the module file %s watches nothing (and does not poll): its changes are never seen", file)
	}
}
