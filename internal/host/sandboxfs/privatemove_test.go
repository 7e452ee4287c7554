package sandboxfs

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

func names(t *testing.T, f experimentalsys.File, n int) []string {
	t.Helper()
	d, e := f.Readdir(n)
	if e != 0 {
		t.Fatal(e)
	}
	var out []string
	for _, x := range d {
		out = append(out, x.Name)
	}
	return out
}

// TestPrivateOpenDescriptorsMoveToCopy: what the module opened on a
// Private's mounts before the first change follows them to the copy, as on
// Subako, where the mount is one directory (attack pass 45g, row 7): a
// file reads the copy from the offset it had, on either member; a
// directory not listed yet lists the copy; one listed part way finishes
// its listing (each entry once) and lists the copy from its rewind. The
// person's directory is untouched, and nothing is left once closed.
func TestPrivateOpenDescriptorsMoveToCopy(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{
		"a": "0123456789", "s/b": "bbbb",
		"d/x1": "", "d/x2": "", "d/x3": "", "d/x4": "", "d/x5": "",
	})
	p := NewPrivate(dir, nil, nil)
	all, err := p.Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := p.Open("s", "/package/s")
	if err != nil {
		t.Fatal(err)
	}
	fs := all.FS()
	a, e := fs.OpenFile("a", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	buf := make([]byte, 3)
	if n, _ := a.Read(buf); string(buf[:n]) != "012" {
		t.Fatalf("a reads %q", buf[:n])
	}
	b, e := sub.FS().OpenFile("b", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	fresh, e := fs.OpenFile("d", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	part, e := fs.OpenFile("d", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	first := names(t, part, 2)
	closed, e := fs.OpenFile("a", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	_ = closed.Close()

	// The first change: the copy.
	w, e := fs.OpenFile("a", experimentalsys.O_WRONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	if _, e := w.Write([]byte("ABCDEFGHIJ")); e != 0 {
		t.Fatal(e)
	}
	_ = w.Close()
	nf, e := fs.OpenFile("d/new", experimentalsys.O_WRONLY|experimentalsys.O_CREAT, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	_ = nf.Close()
	if err := os.WriteFile(filepath.Join(dir, "s", "b"), []byte("BBBB"), 0o644); err != nil {
		t.Fatal(err) // the person's, after the copy: not what the run reads
	}
	wb, e := fs.OpenFile("s/b", experimentalsys.O_WRONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	if _, e := wb.Pwrite([]byte("c"), 1); e != 0 {
		t.Fatal(e)
	}
	_ = wb.Close()

	if n, _ := a.Read(buf); string(buf[:n]) != "DEF" {
		t.Errorf("a, opened before the copy, reads %q at offset 3; want DEF", buf[:n])
	}
	if n, _ := b.Pread(buf, 0); string(buf[:n]) != "bcb" {
		t.Errorf("s/b, opened on the other member, reads %q; want bcb", buf[:n])
	}
	got := names(t, fresh, -1)
	sort.Strings(got)
	if strings.Join(got, ",") != "new,x1,x2,x3,x4,x5" {
		t.Errorf("d, opened before the copy, lists %v", got)
	}
	rest := names(t, part, -1)
	seen := append(append([]string{}, first...), rest...)
	sort.Strings(seen)
	if s := strings.Join(seen, ","); s != "x1,x2,x3,x4,x5" && s != "new,x1,x2,x3,x4,x5" {
		t.Errorf("d, listed part way before the copy, lists %v then %v", first, rest)
	}
	if _, e := part.Seek(0, io.SeekStart); e != 0 {
		t.Fatal(e)
	}
	got = names(t, part, -1)
	sort.Strings(got)
	if strings.Join(got, ",") != "new,x1,x2,x3,x4,x5" {
		t.Errorf("d, rewound after the copy, lists %v", got)
	}

	if data, _ := os.ReadFile(filepath.Join(dir, "a")); string(data) != "0123456789" {
		t.Errorf("the person's a holds %q", data)
	}
	if _, err := os.Lstat(filepath.Join(dir, "d", "new")); err == nil {
		t.Error("d/new was made in the person's directory")
	}
	for _, f := range []experimentalsys.File{a, b, fresh, part} {
		if e := f.Close(); e != 0 {
			t.Error(e)
		}
	}
	_ = sub.Close()
	_ = all.Close()
	emptyTmp(t, tmp, "the mounts closed")
}
