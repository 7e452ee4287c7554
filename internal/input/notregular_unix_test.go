//go:build linux || darwin || freebsd || netbsd || openbsd

package input

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNotRegular: a symbolic link (even to a regular file), a directory,
// a device and a FIFO are refused without being read, and at once.
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	fifo := filepath.Join(dir, "fifo")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, kind string }{
		{link, "a symbolic link"},
		{filepath.Join(dir, "linkdir"), "a symbolic link"},
		{dir, "a directory"},
		{fifo, "a FIFO"},
		{"/dev/zero", "a device"},
	} {
		if c.path == filepath.Join(dir, "linkdir") {
			if err := os.Symlink("/etc", c.path); err != nil {
				t.Fatal(err)
			}
		}
		done := make(chan error, 1)
		go func() { _, err := Map(c.path, MaxModule); done <- err }()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), c.kind) {
				t.Errorf("%s: %v, want %s refused", c.path, err, c.kind)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5 s", c.path)
		}
	}
}
