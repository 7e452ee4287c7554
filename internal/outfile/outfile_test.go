package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrite: a new file and a regular one are written (the old contents
// replaced whole), with no temporary file left behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	for _, data := range []string{"first\n", "second, longer\n"} {
		if err := Write(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != data {
			t.Errorf("the file holds %q (%v), want %q", b, err, data)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %v, want out.json alone", entries)
	}
}

// TestWriteRefusesLink: Write refuses a symbolic link, dangling or not,
// and a directory, writing nothing anywhere; Check says the same first.
func TestWriteRefusesLink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	target := filepath.Join(outside, "target")
	if err := os.WriteFile(target, []byte("the user's"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, plant := range map[string]func(string) error{
		"a symbolic link": func(p string) error { return os.Symlink(target, p) },
		"a dangling link": func(p string) error { return os.Symlink(filepath.Join(outside, "nowhere"), p) },
		"a directory":     func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		if err := plant(path); err != nil {
			t.Fatal(err)
		}
		var nr *NotRegularError
		if err := Check(path); !errors.As(err, &nr) || nr.Path != path {
			t.Errorf("Check(%s): %v, want a NotRegularError", name, err)
		}
		err := Write(path, []byte("new"), 0o644)
		if !errors.As(err, &nr) || !strings.Contains(err.Error(), "not a regular file: subakogo writes only to a regular file or a new one") {
			t.Errorf("Write(%s): %v, want refused", name, err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "the user's" {
		t.Errorf("the link's target now holds %q", b)
	}
	if _, err := os.Lstat(filepath.Join(outside, "nowhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dangling link's target was created: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("the directory holds %v, want the three planted names alone", entries)
	}
	if err := Check(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("Check of a missing path: %v", err)
	}
}

// TestReplaceLink: Replace puts a regular file where a symbolic link was,
// leaving what it led to as it was.
func TestReplaceLink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	target := filepath.Join(outside, "target")
	if err := os.WriteFile(target, []byte("the user's"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "subako_gen.go")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if err := Replace(path, []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the path is %v (%v), want a regular file", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "the user's" {
		t.Errorf("the link's target now holds %q", b)
	}
}

// TestTempName: hidden (the go command and serve's watch skip it) and new
// each time (so a name planted in advance is never the one opened).
func TestTempName(t *testing.T) {
	a, b := TempName("subako_gen.go"), TempName("subako_gen.go")
	if !strings.HasPrefix(a, ".subako_gen.go.") || !strings.HasSuffix(a, ".tmp") || a == b {
		t.Errorf("TempName gave %q then %q", a, b)
	}
}

// TestCheckRefusesDirectoryNames (attack pass 41i row 6; 41n, row 3): a
// path whose last element is "." or "..", or that ends in a separator,
// names a directory, missing or not: Check refuses it before a command
// spends its time, and Write refuses it without making anything.
func TestCheckRefusesDirectoryNames(t *testing.T) {
	dir := t.TempDir()
	sep := string(os.PathSeparator)
	for _, p := range []string{".", "..", "new" + sep, "new" + sep + ".", "new" + sep + "..", dir + sep + "new" + sep + ".."} {
		if err := Check(p); err == nil {
			t.Errorf("Check(%q) took it", p)
		}
		if err := Write(dir+sep+p, []byte("x"), 0o644); err == nil {
			t.Errorf("Write(%q) took it", p)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "new")); err == nil {
		t.Error("new/ was made")
	}
	for _, p := range []string{"a.json", "x" + sep + "..a", "..." + sep + "b"} {
		if err := Check(filepath.Join(dir, p)); err != nil {
			t.Errorf("Check(%q): %v", p, err)
		}
	}
}
