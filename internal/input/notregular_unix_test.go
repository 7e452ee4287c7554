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

// TestGoSources (attack pass 40m, row 1): a FIFO named zz.go or
// subako_gen.go in a package directory hung every command that loads or
// builds the package, the go command blocked opening it. GoSources, which
// those commands call before any go command, refuses a package whose
// Go-relevant files (Go, cgo and assembler sources; go.mod, go.sum and
// go.work from the package and the working directory up) are FIFOs,
// devices or links to one, naming the file, and passes what the go
// command skips (_x.go, directories, other extensions) and an import path.
func TestGoSources(t *testing.T) {
	pkg := func(t *testing.T) string {
		dir := t.TempDir()
		for name, text := range map[string]string{"go.mod": "module example.com/p\n", "main.go": "package main\n"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	fifo := func(t *testing.T, path string) {
		os.Remove(path)
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}
	if err := GoSources(pkg(t), "."); err != nil {
		t.Errorf("a package of regular files: %v", err)
	}
	for _, c := range []struct{ name, want string }{
		{"zz.go", "zz.go: a FIFO"},
		{"subako_gen.go", "subako_gen.go: a FIFO"},
		{"go.mod", "go.mod: a FIFO"},
		{"go.sum", "go.sum: a FIFO"},
		{"asm_wasm.s", "asm_wasm.s: a FIFO"},
		{"link.go", "link.go: a symbolic link to a FIFO"},
		{"zero.go", "zero.go: a symbolic link to a device"},
	} {
		dir := pkg(t)
		switch c.name {
		case "link.go":
			fifo(t, filepath.Join(dir, "target"))
			if err := os.Symlink("target", filepath.Join(dir, c.name)); err != nil {
				t.Fatal(err)
			}
		case "zero.go":
			if err := os.Symlink("/dev/zero", filepath.Join(dir, c.name)); err != nil {
				t.Fatal(err)
			}
		default:
			fifo(t, filepath.Join(dir, c.name))
		}
		for _, run := range []struct{ dir, pattern, shown string }{
			{dir, ".", c.name}, // go run in the package
			{filepath.Dir(dir), "./" + filepath.Base(dir), filepath.Join(dir, c.name)},
			{"", dir, filepath.Join(dir, c.name)}, // absolute
		} {
			err := GoSources(run.dir, run.pattern)
			var special *SpecialSourceError
			if !errors.As(err, &special) || !strings.Contains(err.Error(), strings.Replace(c.want, c.name, run.shown, 1)) {
				t.Errorf("%s in %s (go in %q): %v, want %q", c.name, run.pattern, run.dir, err, c.want)
			}
		}
	}
	// What the go command skips, and another module's import path, whose
	// directory is the go command's to find (its load then ends with the
	// command's context or its backstop).
	dir := pkg(t)
	fifo(t, filepath.Join(dir, "_skip.go"))
	fifo(t, filepath.Join(dir, "notes.txt"))
	if err := os.Mkdir(filepath.Join(dir, "dir.go"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := GoSources(dir, "."); err != nil {
		t.Errorf("files the go command skips: %v", err)
	}
	if err := GoSources(dir, "example.com/other"); err != nil {
		t.Errorf("an import path: %v", err)
	}
}

// modulePackage is a main module example.com/p (root package main, and a
// package sub) with a FIFO at name, a path in it.
func modulePackage(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	for file, text := range map[string]string{
		"go.mod":     "// the module\nmodule \"example.com/p\" // quoted\n\ngo 1.22\n",
		"main.go":    "package main\n\nfunc main() {}\n",
		"sub/sub.go": "package sub\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, file)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	return dir
}

// TestGoSourcesSyso (attack pass 40q, row 1): a FIFO named zz.syso (with or
// without a GOOS_GOARCH suffix) passed GoSources, whose comment said a
// .syso is listed without being read; go build, and go list -export as
// go/packages runs it, open every .syso to pack it into the archive and
// waited on the FIFO for ever (check, pack, schema, size, serve --watch's
// rebuild). It is refused as zz.go is, and so is every other kind of
// source the go command opens.
func TestGoSourcesSyso(t *testing.T) {
	for _, name := range []string{"zz.syso", "zz_linux_amd64.syso", "zz_wasip1_wasm.syso", "x.cpp", "x.sx", "x.f90", "x.swigcxx", "x.hxx"} {
		dir := modulePackage(t, name)
		err := GoSources(dir, ".")
		var special *SpecialSourceError
		if !errors.As(err, &special) || !strings.Contains(err.Error(), name+": a FIFO") {
			t.Errorf("a FIFO named %s: %v, want it refused", name, err)
		}
	}
}

// TestGoSourcesImportPath (attack pass 40q, row 2): the package given by its
// import path (subakogo check example.com/p/sub, in the module) was not
// looked at, and a FIFO zz.go in it hung the go command. An import path
// within the main module (go.mod's module line, found from the directory
// the go command runs in and up) is resolved to its directory and checked
// as its path is; another module's, a pattern with ..., and a path
// leaving the module are the go command's.
func TestGoSourcesImportPath(t *testing.T) {
	var special *SpecialSourceError
	dir := modulePackage(t, "zz.go")
	if err := GoSources(dir, "example.com/p"); !errors.As(err, &special) || !strings.Contains(err.Error(), "zz.go: a FIFO") {
		t.Errorf("the main module's root package by import path, a FIFO zz.go in it: %v, want it refused", err)
	}
	dir = modulePackage(t, "sub/zz.go")
	for _, run := range []struct{ dir, shown string }{
		{dir, filepath.Join("sub", "zz.go")},
		{filepath.Join(dir, "sub"), filepath.Join("sub", "zz.go")}, // go run in a subdirectory
	} {
		err := GoSources(run.dir, "example.com/p/sub")
		if !errors.As(err, &special) || !strings.Contains(err.Error(), run.shown+": a FIFO") {
			t.Errorf("example.com/p/sub (go in %s), a FIFO sub/zz.go: %v, want it refused naming %s", run.dir, err, run.shown)
		}
	}
	if err := GoSources(dir, "example.com/p"); err != nil {
		t.Errorf("the root package, the FIFO in another: %v", err)
	}
	for _, pattern := range []string{"example.com/pp/sub", "example.com/p/sub/...", "example.com/p/../p/sub", "fmt"} {
		if err := GoSources(dir, pattern); err != nil {
			t.Errorf("%s, not this module's package by its path: %v", pattern, err)
		}
	}
}
