package host

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// TestPackageWritable: /package is writable, as the ABI page's checklist
// (item 8: "Read and write files under /volume/tmp, /volume/data,
// /package, and /skills") has it (attack pass 45a, row 10): a create, an
// open for writing and a write there succeed (testdata/pkgwrite/
// pkgwrite.c, /package alone mounted, as at discovery). The host answered
// EROFS (69) for the first two.
func TestPackageWritable(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "asset"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _, ok := pingModule(t, "testdata/pkgwrite/pkgwrite.wasm", RunConfig{Mounts: Mounts{Package: dir}})
	const abi = `{"e":"0,0,0"}`
	if !ok || got != abi {
		t.Errorf("a create, an open for writing and a write in /package answered %v %s; the ABI page has the module write there: %s", ok, got, abi)
	}
}

// treeOf is every entry beneath dir with its mode, modification time and
// content (a link's target).
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		s := info.Mode().String() + " " + info.ModTime().String()
		switch {
		case info.Mode().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s += " " + string(b)
		case info.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			s += " -> " + l
		}
		tree[strings.TrimPrefix(p, dir)] = s
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestPackageSourceUntouched: whatever a module changes in /package (and
// /skills) is made in a private copy of the run, never in the person's
// directory: after a run that truncates and writes a file, unlinks one,
// sets times and renames one, makes a directory, creates and grows a file,
// makes a link and removes a directory (testdata/pkgwrite/pkgchange.c),
// the directory is as it was, the run saw its own changes, a second run
// sees the original again, and the copy is gone from $TMPDIR.
func TestPackageSourceUntouched(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	for name, text := range map[string]string{"asset": "original", "gone": "g", "keep": "k", "sub/f": "f"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := treeOf(t, dir)
	for run, want := range []string{
		`{"e":"0,0,0,0,0,0,0,0,0,0,0,0:changed"}`,
		`{"e":"0,0,0,0,0,0,0,0,0,0,0,0:changed"}`, // as fresh as the first: "gone" and "sub" are back
	} {
		got, _, ok := pingModule(t, "testdata/pkgwrite/pkgchange.wasm", RunConfig{Mounts: Mounts{Package: dir}})
		if !ok || got != want {
			t.Errorf("run %d answered %v %s, want %s", run+1, ok, got, want)
		}
		after := treeOf(t, dir)
		if len(after) != len(before) {
			t.Errorf("run %d: the package directory holds %v, was %v", run+1, after, before)
		}
		for name, s := range before {
			if after[name] != s {
				t.Errorf("run %d: %q is %q, was %q", run+1, name, after[name], s)
			}
		}
		left, err := os.ReadDir(tmp)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range left {
			t.Errorf("run %d left %s in $TMPDIR", run+1, e.Name())
		}
	}
}

// TestPackageCopyPastHostLimitsIsTheHosts: a package directory past the
// host's limits on a run's private copy (sandboxfs.PrivateLimits, lowered
// here to 2 bytes) is not copied: the module's first change there answers
// EIO (29), never the write budget's EDQUOT (19), and the run's record
// names the refusal as the host's (Record.HostRefused, which a probe does
// not judge), since the module wrote nothing; the directory is as it was.
// Attack pass 45e, row 3: the copy was charged to the module's budget.
func TestPackageCopyPastHostLimitsIsTheHosts(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	old := sandboxfs.PrivateLimits
	t.Cleanup(func() { sandboxfs.PrivateLimits = old })
	sandboxfs.PrivateLimits = sandboxfs.Limits{Bytes: 2, Entries: old.Entries, Depth: old.Depth}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "asset"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, rec, ok := pingModule(t, "testdata/pkgwrite/pkgwrite.wasm", RunConfig{Mounts: Mounts{Package: dir}})
	const want = `{"e":"29,29,8"}` // EIO, EIO, and EBADF for the fd never opened
	if !ok || got != want {
		t.Errorf("changes in a package past the host's copy limits answered %v %s, want %s", ok, got, want)
	}
	if rec == nil || !strings.Contains(rec.HostRefused, "private copy") {
		t.Errorf("the record's host refusal: %+v", rec)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the package directory holds %d entries, want its 1", len(entries))
	}
}
