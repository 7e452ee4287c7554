//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCallProfileRefused came from attack pass 36: call --profile opened
// its file with os.Create, which wrote through a dangling symbolic link
// (creating its target) and opened a FIFO (a profile past the pipe's
// buffer waits forever). Like lint --save-cases's file, such a path is
// refused with exit 3 and a message naming it, before the call is run.
func TestCallProfileRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "prof.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "prof.link")
	if err := os.Symlink(filepath.Join(dir, "created"), dangling); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a FIFO", dangling: "a symbolic link", "/dev/full": "a device", dir: "a directory"} {
		var out, errOut bytes.Buffer
		code := runCall([]string{"--profile", path, filepath.Join(dir, "missing.wasm"), "run"}, &out, &errOut)
		want := "subakogo call: --profile: " + path + ": " + kind + ", not a regular file"
		if code != exitUnreadable || !strings.HasPrefix(errOut.String(), want) {
			t.Errorf("--profile %s: exit %d, stderr %q; want exit %d and %q", path, code, errOut.String(), exitUnreadable, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "created")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dangling link's target was created: %v", err)
	}
}
