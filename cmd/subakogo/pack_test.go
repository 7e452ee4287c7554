package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snapshot lists every file under dir with its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		out[p] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func writeFiles(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("keep "+f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPackNeverDeletes: issue 8's pack -o ./examples/hello and -o ./ each
// removed what the directory held. pack refuses, before building
// anything, a target that is the package, holds it or is in its assets/,
// or a non-empty directory pack did not write; every file stays.
func TestPackNeverDeletes(t *testing.T) {
	root := t.TempDir()
	pkg := filepath.Join(root, "hello")
	writeFiles(t, pkg, "main.go", "go.mod", "assets/logo.txt")
	writeFiles(t, root, "notes.txt")
	before := snapshot(t, root)
	t.Chdir(root)
	for _, out := range []string{pkg, "./hello", "hello/", "hello/assets", "hello/assets/dist", ".", root, filepath.Join(root, "..")} {
		code, stdout, stderr := runCLI("pack", "./hello", "-o", out)
		if code != exitUsage || !strings.Contains(stderr, "nothing was written") {
			t.Errorf("pack -o %s: exit %d\n%s%s", out, code, stdout, stderr)
		}
	}
	// A directory of other files, and one that looks like a package but
	// holds more.
	other := filepath.Join(t.TempDir(), "other")
	writeFiles(t, other, "important.txt")
	pkgLike := filepath.Join(t.TempDir(), "dist")
	writeFiles(t, pkgLike, "module.wasm", "subako-package.json", "README.md")
	for _, out := range []string{other, pkgLike} {
		keep := snapshot(t, out)
		if code, _, stderr := runCLI("pack", "./hello", "-o", out); code != exitUsage || !strings.Contains(stderr, "is not part of a package directory") {
			t.Errorf("pack -o %s: exit %d: %s", out, code, stderr)
		}
		if got := snapshot(t, out); len(got) != len(keep) {
			t.Errorf("pack -o %s changed it: %v", out, got)
		}
	}
	if after := snapshot(t, root); len(after) != len(before) {
		t.Errorf("files before %v, after %v", before, after)
	}
}

// TestPackRefusesAssetLinks: pack does not copy a package whose assets/
// holds a symbolic link; it reports it and writes nothing.
func TestPackRefusesAssetLinks(t *testing.T) {
	pkg := t.TempDir()
	writeFiles(t, pkg, "main.go", "assets/logo.txt")
	if err := os.Symlink("/etc", filepath.Join(pkg, "assets", "etc")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "dist")
	code, stdout, stderr := runCLI("pack", pkg, "-o", out)
	if code != exitFindings || !strings.Contains(stdout, "M010") || !strings.Contains(stdout, "assets/etc is a symbolic link to /etc") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("pack wrote %s", out)
	}
}
