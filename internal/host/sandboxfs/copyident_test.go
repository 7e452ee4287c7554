package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPrivateCopyShowsOriginals (attack pass 50a, row 1): unseeded, a
// Private's first change leaves what the module sees of a file and a
// directory already there as it was (ino, ctim, atim, mtim), on the other
// member too; a file the module then removes is forgotten, so a file made
// after it shows its own identity (the copy's inode hashed), whatever
// inode the file system gives it.
func TestPrivateCopyShowsOriginals(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := privateTree(t, map[string]string{"a": "aa", "s/b": "bb"})
	p := NewPrivate(dir, nil, nil)
	all, err := p.Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	defer all.Close()
	sub, err := p.Open("s", "/package/s")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	fs, sfs := all.FS(), sub.FS()
	show := func(f func(string) ([4]int64, bool), name string) [4]int64 {
		t.Helper()
		s, ok := f(name)
		if !ok {
			t.Fatalf("stat %s", name)
		}
		return s
	}
	stat := func(name string) ([4]int64, bool) {
		st, e := fs.Lstat(name)
		return [4]int64{int64(st.Ino), st.Ctim, st.Atim, st.Mtim}, e == 0
	}
	substat := func(name string) ([4]int64, bool) {
		st, e := sfs.Lstat(name)
		return [4]int64{int64(st.Ino), st.Ctim, st.Atim, st.Mtim}, e == 0
	}
	a0, s0, b0, d0 := show(stat, "a"), show(stat, "s"), show(substat, "b"), show(stat, ".")
	if e := fs.Mkdir("new", 0o755); e != 0 {
		t.Fatal(e)
	}
	if p.dir == "" {
		t.Fatal("no copy made")
	}
	if a1 := show(stat, "a"); a1 != a0 {
		t.Errorf("a: %v after the copy, %v before", a1, a0)
	}
	if s1 := show(stat, "s"); s1 != s0 {
		t.Errorf("s: %v after the copy, %v before", s1, s0)
	}
	if b1 := show(substat, "b"); b1 != b0 {
		t.Errorf("s/b: %v after the copy, %v before", b1, b0)
	}
	if d1 := show(stat, "."); d1[0] != d0[0] || d1[1] != d0[1] {
		t.Errorf("/package: ino, ctim %v after the copy, %v before", d1[:2], d0[:2])
	}
	info, err := os.Lstat(filepath.Join(p.dir, "a"))
	if err != nil {
		t.Fatal(err)
	}
	key := keyOf(info)
	if e := fs.Unlink("a"); e != 0 {
		t.Fatal(e)
	}
	if _, ok := all.originOf(key.dev, key.ino); ok {
		t.Errorf("the removed a's origin is kept, for the next file of its inode")
	}
	if got, want := all.shownIno(key.dev, key.ino), wasmtimeIno(key.dev, key.ino); got != want {
		t.Errorf("a new file of a's inode shows %d, want its own %d", got, want)
	}
}

// TestPrivateCopyKeepsHardLinks (attack pass 50c, row 6): the copy holds a
// file with several names in the directory as one file with those names
// (a1, d/a2; b1, b2), as cp -a, so their link count is the original's; a
// file whose other name is outside the directory (o) is copied at its one
// name. The copier's names kept for linking (linked) are forgotten as a
// file's last name is met, and never pass maxLinkNames bytes: past it a
// file is copied at each of its names.
func TestPrivateCopyKeepsHardLinks(t *testing.T) {
	dir := privateTree(t, map[string]string{"a1": "a", "b1": "b", "o": "o"})
	for _, l := range [][2]string{{"a1", "d/a2"}, {"b1", "b2"}} {
		if err := os.MkdirAll(filepath.Join(dir, "d"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(dir, l[0]), filepath.Join(dir, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(dir, "o"), filepath.Join(t.TempDir(), "o")); err != nil {
		t.Fatal(err)
	}
	copyOf := func(t *testing.T) (*os.Root, copier) {
		p := NewPrivate(dir, nil, nil)
		src, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = src.Close() })
		dst, err := os.OpenRoot(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = dst.Close() })
		c := copier{p: p, src: src, dst: dst, lim: p.lim}
		if err := c.dir(".", 0); err != nil {
			t.Fatal(err)
		}
		return dst, c
	}
	same := func(dst *os.Root, a, b string) bool {
		t.Helper()
		x, err1 := dst.Lstat(a)
		y, err2 := dst.Lstat(b)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		return os.SameFile(x, y) && links(x) == 2
	}
	dst, c := copyOf(t)
	if !same(dst, "a1", "d/a2") || !same(dst, "b1", "b2") {
		t.Errorf("the copy split a hard-linked file's names into files of their own")
	}
	if info, err := dst.Lstat("o"); err != nil || links(info) != 1 {
		t.Errorf("o (its other name outside): %v links, err %v; want 1", links(info), err)
	}
	if len(c.linked) != 1 || c.linkNames != len("o") {
		t.Errorf("linked kept %d names (%d bytes), want o's alone", len(c.linked), c.linkNames)
	}

	defer func(n int) { maxLinkNames = n }(maxLinkNames)
	maxLinkNames = 0
	dst, c = copyOf(t)
	if same(dst, "a1", "d/a2") || same(dst, "b1", "b2") {
		t.Errorf("past maxLinkNames, a file's names were linked")
	}
	if len(c.linked) != 0 || c.linkNames != 0 {
		t.Errorf("past maxLinkNames, linked kept %d names (%d bytes)", len(c.linked), c.linkNames)
	}
}
