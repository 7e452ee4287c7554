package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInitKeepsWhatWasThere (attack pass 41c, row 4): subakogo init DIR,
// where DIR is an existing regular file, a FIFO or a symbolic link (to a
// file, or to nothing), is refused before anything is written, and DIR
// is left as it was: init took os.ReadDir's error for "DIR did not exist",
// failed at mkdir and then removed DIR "to leave nothing behind".
func TestInitKeepsWhatWasThere(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "notes")
	if err := os.WriteFile(file, []byte("a week of work\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere", "x"), dangling); err != nil {
		t.Fatal(err)
	}
	toFile := filepath.Join(dir, "tofile")
	if err := os.Symlink(file, toFile); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, fifo, dangling, toFile, filepath.Join(file, "sub")} {
		before, _ := os.Lstat(p)
		var stdout, stderr bytes.Buffer
		code := run([]string{"init", "--replace", root, p}, &stdout, &stderr)
		if code != exitUsage && code != exitUnreadable {
			t.Errorf("init %s: exit %d, want %d or %d (%q)", p, code, exitUsage, exitUnreadable, stderr.String())
		}
		if !strings.Contains(stderr.String(), filepath.Base(p)) {
			t.Errorf("init %s: the message does not name it: %q", p, stderr.String())
		}
		after, err := os.Lstat(p)
		if (before == nil) != (after == nil) || before != nil && (before.Mode() != after.Mode() || !os.SameFile(before, after)) {
			t.Errorf("init %s (exit %d, %q) changed it: %v", filepath.Base(p), code, stderr.String(), err)
		}
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "a week of work\n" {
		t.Errorf("the file is now %q, %v", b, err)
	}
}
