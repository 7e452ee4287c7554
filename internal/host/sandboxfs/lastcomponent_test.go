//go:build unix

package sandboxfs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// lastCompFixture is a mount over a directory holding the file "f"
// ("data"), the directory "d" and links to each ("l", "ld"), a dangling
// link "dl", and links out of the mount to a directory ("out") and to a
// file ("outf", whose target holds "secret"), made by the person (a
// module's own link targets are refused such forms).
type lastCompFixture struct {
	dir, outside, secret string
	m                    *Mount
	f                    experimentalsys.FS
}

func newLastCompFixture(t *testing.T, b *Budget) *lastCompFixture {
	t.Helper()
	x := &lastCompFixture{dir: t.TempDir(), outside: t.TempDir()}
	x.secret = filepath.Join(x.outside, "secret")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(x.secret, "secret")
	write(filepath.Join(x.dir, "f"), "data")
	if err := os.Mkdir(filepath.Join(x.dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"l": "f", "ld": "d", "dl": "nothing", "out": x.outside, "outf": x.secret} {
		if err := os.Symlink(target, filepath.Join(x.dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	m, err := Open(x.dir, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close() })
	x.m, x.f = m, m.FS()
	return x
}

// holds wants the file at p to hold want.
func holds(t *testing.T, p, want string) {
	t.Helper()
	if b, err := os.ReadFile(p); err != nil || string(b) != want {
		t.Errorf("%s holds %q (%v), want %q", p, b, err, want)
	}
}

// TestRenameOntoDirectoryAsRename: a rename onto an existing directory
// answers as rename(2) and Subako's runtime do: a directory replaces an
// empty one (its entries then there), a directory onto one that is not
// empty is ENOTEMPTY, a file onto a directory EISDIR, a directory onto a
// file ENOTDIR; names reached through a link to a directory move beneath
// its target, and a name beneath a link out of the mount is refused
// (EPERM), nothing moved. Attack pass 46a, row 1: the os.Root's Rename
// answered EEXIST for any existing directory as the target.
func TestRenameOntoDirectoryAsRename(t *testing.T) {
	x := newLastCompFixture(t, NewBudget(CallLimits))
	for _, d := range []string{"a", "b", "c", "e", "g"} {
		if e := x.f.Mkdir(d, 0o755); e != 0 {
			t.Fatal(e)
		}
	}
	for _, p := range []string{"a/k", "e/y", "h"} {
		if err := os.WriteFile(filepath.Join(x.dir, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		from, to string
		want     experimentalsys.Errno
	}{
		{"a", "b", 0},
		{"c", "e", experimentalsys.ENOTEMPTY},
		{"f", "g", experimentalsys.EISDIR},
		{"c", "h", experimentalsys.ENOTDIR},
		{"b/k", "ld/k2", 0},
		{"h", "out/h", experimentalsys.EPERM},
		{"out/secret", "stolen", experimentalsys.EPERM},
	} {
		if e := x.f.Rename(c.from, c.to); e != c.want {
			t.Errorf("rename %q onto %q: %v, want %v", c.from, c.to, e, c.want)
		}
	}
	for p, want := range map[string]bool{"a": false, "b": true, "c": true, "e/y": true, "g": true, "f": true, "h": true, "d/k2": true, "stolen": false} {
		_, err := os.Lstat(filepath.Join(x.dir, p))
		if (err == nil) != want {
			t.Errorf("%s: there %v (%v), want %v", p, err == nil, err, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(x.outside, "h")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was moved out of the mount: %v", err)
	}
	holds(t, x.secret, "secret")
}
