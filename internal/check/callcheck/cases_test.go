//go:build linux || darwin || freebsd || netbsd || openbsd

package callcheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCases: lint --save-cases's file is created with its directory, added
// to without repeating a call, and replaced, never written through: a
// symbolic link put in its place after it was opened is refused, its
// target untouched, and no temporary file is left; a link, a FIFO or a
// device at the path is refused when it is opened.
func TestCases(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "testdata", "calls.json")
	a := Call{Tool: "add", Arguments: json.RawMessage(`{"a":1}`)}
	b := Call{Tool: "add", Arguments: json.RawMessage(`{"a":2}`), IsError: true}
	add := func(calls ...Call) int {
		t.Helper()
		c, err := OpenCases(path)
		if err != nil {
			t.Fatal(err)
		}
		n, err := c.Add(calls)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := add(a); n != 1 {
		t.Errorf("first: %d added", n)
	}
	if n := add(a, b); n != 1 {
		t.Errorf("second: %d added", n)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[\n  {\"tool\":\"add\",\"arguments\":{\"a\":1}},\n  {\"tool\":\"add\",\"arguments\":{\"a\":2},\"isError\":true}\n]\n"; string(got) != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}

	// A link swapped in after the file was opened is replaced, not followed.
	c, err := OpenCases(path)
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "elsewhere")
	if err := os.WriteFile(target, []byte("untouched"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Add(nil); err == nil || !strings.Contains(err.Error(), "a symbolic link") {
		t.Errorf("added through a link swapped in: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "untouched" {
		t.Errorf("the link's target was written: %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for p, kind := range map[string]string{path: "a symbolic link", fifo: "a FIFO", "/dev/zero": "a device"} {
		if _, err := OpenCases(p); err == nil || !strings.Contains(err.Error(), kind) {
			t.Errorf("%s: %v, want %s refused", p, err, kind)
		}
	}
}
