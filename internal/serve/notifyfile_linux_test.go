package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestNotifierWatchesModuleFile (attack pass 43i, row 6): docs/serve.md
// says of --watch "For a package directory or module file, a change
// reloads it", and cmd/subakogo hands serve the module file itself. The
// inotify watcher walked the path and watched directories only, so for a
// module file it watched nothing, and `serve --watch m.wasm` never saw a
// change (copied over, renamed over or touched: nothing logged in three
// tries). Now the file's directory is watched for the file's name alone:
// each way of changing it is reported, and another file of the directory
// written just before is not (the kernel reports in order, so its event
// would come before the file's; a change's later events are the file's
// too).
func TestNotifierWatchesModuleFile(t *testing.T) {
	steps := []struct {
		what   string
		change func(file string) error
	}{
		{"written in place", func(file string) error {
			return os.WriteFile(file, []byte("\x00asm\x01\x00\x00\x00\x00"), 0o644)
		}},
		{"renamed over", func(file string) error {
			tmp := file + ".new"
			if err := os.WriteFile(tmp, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
				return err
			}
			return os.Rename(tmp, file)
		}},
		{"touched", func(file string) error {
			now := time.Unix(1_800_000_000, 0)
			return os.Chtimes(file, now, now)
		}},
	}
	for _, s := range steps {
		dir := t.TempDir()
		file := filepath.Join(dir, "m.wasm")
		if err := os.WriteFile(file, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
			t.Fatal(err)
		}
		n, ok := newNotifier([]string{file}).(*inotifyWatcher)
		if !ok || n == nil {
			t.Skip("no inotify here")
		}
		if len(n.dirs) == 0 {
			t.Fatalf("a watch of the module file %s watches nothing: its changes are never seen", file)
		}
		if err := os.WriteFile(filepath.Join(dir, "other.txt"), []byte(s.what), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := s.change(file); err != nil {
			t.Fatal(err)
		}
		select {
		case p := <-n.Events():
			if p != file {
				t.Errorf("%s: the first event is %s; want %s (another file of its directory is not watched)", s.what, p, file)
			}
		case <-time.After(time.Minute): // only ends a test that would hang
			t.Errorf("%s: no event for %s", s.what, file)
		}
		_ = n.Close()
	}
}
