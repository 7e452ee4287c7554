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
