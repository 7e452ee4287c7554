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
	if _, err := c.Add([]Call{{Tool: "add", Arguments: json.RawMessage(`{"a":3}`)}}); err == nil || !strings.Contains(err.Error(), "a symbolic link") {
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

// TestCasesKeepsTheFile (attack pass 41i, rows 6 and 7): a file nothing
// is added to is left as it is, byte for byte; one that is added to keeps
// the members of its entries Call does not know (a note beside a case);
// a path ending in a separator is refused when it is opened, before the
// lint, and nothing is made.
func TestCasesKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "calls.json")
	const mine = "[ {\"tool\":\"add\", \"arguments\":{\"a\":1}, \"note\":\"issue 12\"} ]\n"
	if err := os.WriteFile(path, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := OpenCases(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := c.Add([]Call{{Tool: "add", Arguments: json.RawMessage(`{ "a": 1 }`)}}); n != 0 || err != nil {
		t.Errorf("a call the file holds: %d added, %v", n, err)
	}
	if got, _ := os.ReadFile(path); string(got) != mine {
		t.Errorf("nothing added, the file rewritten:\n%s", got)
	}
	if n, err := c.Add([]Call{{Tool: "add", Arguments: json.RawMessage(`{"a":2}`)}}); n != 1 || err != nil {
		t.Fatalf("a new call: %d added, %v", n, err)
	}
	got, _ := os.ReadFile(path)
	if want := "[\n  {\"tool\":\"add\",\"arguments\":{\"a\":1},\"note\":\"issue 12\"},\n  {\"tool\":\"add\",\"arguments\":{\"a\":2}}\n]\n"; string(got) != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode: %v, %v", fi.Mode(), err)
	}
	for _, p := range []string{filepath.Join(dir, "new") + "/", dir + "/"} {
		if _, err := OpenCases(p); err == nil || !strings.Contains(err.Error(), "separator") {
			t.Errorf("OpenCases(%q): %v, want refused naming the separator", p, err)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "new")); err == nil {
		t.Errorf("new/ was made")
	}
}
