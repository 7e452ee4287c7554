package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// privateTree makes files beneath a new directory.
func privateTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func emptyTmp(t *testing.T, tmp, when string) {
	t.Helper()
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s: %s is left in $TMPDIR", when, e.Name())
	}
}

// TestPrivateCopyCharged: the first change in a Private's mount copies the
// directory, charged to the call's budget as writes (bytes and entries);
// past the budget the change answers EIO with the budget refused (EDQUOT
// to the module), nothing is left of the copy, the directory is unchanged
// and the mount still reads it. Reads alone copy nothing.
func TestPrivateCopyCharged(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{"a": "12345", "d/b": "678"})
	for _, c := range []struct {
		lim  Limits
		want experimentalsys.Errno
	}{
		{Limits{Bytes: 7}, experimentalsys.EIO},   // 8 bytes to copy
		{Limits{Entries: 2}, experimentalsys.EIO}, // 3 entries to copy
		{Limits{Depth: 1}, experimentalsys.EIO},   // d/b is 2 levels deep
		{Limits{Bytes: 8 + 2, Entries: 3 + 1}, 0},
	} {
		b := NewBudget(c.lim)
		m, err := NewPrivate(dir, b, nil).Open(".", "/package")
		if err != nil {
			t.Fatal(err)
		}
		f, e := m.FS().OpenFile("a", experimentalsys.O_RDONLY, 0)
		if e != 0 {
			t.Fatal(e)
		}
		_ = f.Close()
		emptyTmp(t, tmp, "a read")
		if b.Used() != 0 || b.Entries() != 0 {
			t.Errorf("%+v: a read charged %d bytes, %d entries", c.lim, b.Used(), b.Entries())
		}
		f, e = m.FS().OpenFile("new", experimentalsys.O_WRONLY|experimentalsys.O_CREAT, 0o644)
		if e != c.want || b.Refused() != (c.want != 0) {
			t.Errorf("%+v: a create answered %v, want %v (budget used %d bytes, %d entries)", c.lim, e, c.want, b.Used(), b.Entries())
		}
		if e == 0 {
			if n, e := f.Write([]byte("xy")); n != 2 || e != 0 {
				t.Errorf("%+v: wrote %d, %v", c.lim, n, e)
			}
			_ = f.Close()
			if b.Used() != 10 || b.Entries() != 4 {
				t.Errorf("%+v: charged %d bytes, %d entries; want the copy's 8 and 3, and the file's", c.lim, b.Used(), b.Entries())
			}
		} else {
			emptyTmp(t, tmp, "a refused copy")
			if _, e := m.FS().Stat("d/b"); e != 0 {
				t.Errorf("%+v: after a refused copy the mount reads %v", c.lim, e)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
			t.Errorf("%+v: the source directory was written", c.lim)
		}
		if err := m.Close(); err != nil {
			t.Error(err)
		}
		emptyTmp(t, tmp, "the mount closed")
	}
}

// TestPrivateSharedBySkills: /skills and each /skills/<name> are mounts of
// one Private: a change made in one, once copied, is what the others read,
// as for one directory preopened twice.
func TestPrivateSharedBySkills(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{"s1/SKILL.md": "one"})
	p := NewPrivate(dir, nil, nil)
	all, err := p.Open(".", "/skills")
	if err != nil {
		t.Fatal(err)
	}
	one, err := p.Open("s1", "/skills/s1")
	if err != nil {
		t.Fatal(err)
	}
	f, e := one.FS().OpenFile("SKILL.md", experimentalsys.O_WRONLY|experimentalsys.O_TRUNC, 0)
	if e != 0 {
		t.Fatal(e)
	}
	if _, e := f.Write([]byte("two")); e != 0 {
		t.Fatal(e)
	}
	_ = f.Close()
	g, e := all.FS().OpenFile("s1/SKILL.md", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	buf := make([]byte, 16)
	n, _ := g.Read(buf)
	_ = g.Close()
	if string(buf[:n]) != "two" {
		t.Errorf("/skills reads %q of what /skills/s1 wrote", buf[:n])
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "s1", "SKILL.md")); string(b) != "one" {
		t.Errorf("the source holds %q", b)
	}
	_ = all.Close()
	if left, _ := os.ReadDir(tmp); len(left) != 1 {
		t.Errorf("the copy is gone before its last mount closed: %v", left)
	}
	_ = one.Close()
	emptyTmp(t, tmp, "both mounts closed")
}

// TestPrivateCopyStopped: a run stopped during the copy ends it (EINTR),
// leaving nothing.
func TestPrivateCopyStopped(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{"a": "1"})
	stop := make(chan struct{})
	close(stop)
	m, err := NewPrivate(dir, nil, stop).Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if e := m.FS().Mkdir("d", 0o755); e != experimentalsys.EINTR {
		t.Errorf("mkdir in a stopped run answered %v", e)
	}
	emptyTmp(t, tmp, "a stopped copy")
}

// TestPrivateCopyKeepsVirtualInodes: in a seeded run the copy's files keep
// the inode numbers and times the module saw of the originals.
func TestPrivateCopyKeepsVirtualInodes(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := privateTree(t, map[string]string{"a": "1"})
	m, err := NewPrivate(dir, nil, nil).Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	m.Virtualize(NewVirtual(0), 1)
	before, e := m.FS().Stat("a")
	if e != 0 {
		t.Fatal(e)
	}
	if e := m.FS().Utimens("a", 5, 7); e != 0 { // the first change: the copy
		t.Fatal(e)
	}
	after, e := m.FS().Stat("a")
	if e != 0 {
		t.Fatal(e)
	}
	if after.Ino != before.Ino || after.Atim != 5 || after.Mtim != 7 {
		t.Errorf("the copy of a shows inode %d, times %d %d; the original %d, and 5 7 were set", after.Ino, after.Atim, after.Mtim, before.Ino)
	}
	if info, _ := os.Stat(filepath.Join(dir, "a")); info.ModTime().UnixNano() == 7 {
		t.Error("the source's times were set")
	}
}
