package sandboxfs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestEscapeError pins what errno's mapping of escapes rests on, for the Go
// version in go.mod: an os.Root refuses every path out of it (a "..", a
// symbolic link out, a link or rename to outside) with one error value,
// the one Open learns, whose text is "path escapes from parent"; errno
// answers EPERM to each. A Go release that changes this fails here.
func TestEscapeError(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	m, err := Open(dir, "/volume/data", true, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if errEscapes == nil || errEscapes.Error() != "path escapes from parent" {
		t.Fatalf("the escape error learnt from os.Root is %v", errEscapes)
	}
	other, err := os.OpenRoot(outside)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	root := m.Root()
	stat := func(r *os.Root, name string) error { _, err := r.Stat(name); return err }
	for what, err := range map[string]error{
		"stat ../x":                stat(root, "../x"),
		"stat through a link out":  stat(root, "out/x"),
		"link to outside":          root.Link("f", "../g"),
		"rename to outside":        root.Rename("f", "../g"),
		"another root's stat ../x": stat(other, "../x"),
	} {
		if !errors.Is(err, errEscapes) {
			t.Errorf("%s: %v is not the escape error", what, err)
		}
		if e := errno(err); e != experimentalsys.EPERM {
			t.Errorf("%s: errno %v, want EPERM", what, e)
		}
	}
	if _, err := os.Stat(filepath.Join(outside, "g")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was made outside the mount: %v", err)
	}
}
