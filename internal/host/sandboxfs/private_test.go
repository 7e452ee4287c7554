package sandboxfs

import (
	"os"
	"path/filepath"
	"strings"
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

// TestPrivateCopyRefusedForHostLimits: the first change in a Private's
// mount copies the directory within PrivateLimits, charging the call's
// budget nothing; past them (bytes, entries, depth) the change answers EIO
// with the refusal the host's (Budget.HostRefused, never the budget's
// EDQUOT), nothing is left of the copy, the directory is unchanged and the
// mount still reads it. Reads alone copy nothing.
func TestPrivateCopyRefusedForHostLimits(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{"a": "12345", "d/b": "678"})
	full := PrivateLimits
	for _, c := range []struct {
		lim  Limits
		want experimentalsys.Errno
	}{
		{Limits{Bytes: 7, Entries: full.Entries, Depth: full.Depth}, experimentalsys.EIO}, // 8 bytes to copy
		{Limits{Bytes: full.Bytes, Entries: 2, Depth: full.Depth}, experimentalsys.EIO},   // 3 entries to copy
		{Limits{Bytes: full.Bytes, Entries: full.Entries, Depth: 1}, experimentalsys.EIO}, // d/b is 2 levels deep
		{Limits{Bytes: 8, Entries: 3, Depth: 2}, 0},
	} {
		b := NewBudget(Limits{Bytes: 2, Entries: 1}) // the module's own: one file of 2 bytes
		p := NewPrivate(dir, b, nil)
		p.lim = c.lim
		m, err := p.Open(".", "/package")
		if err != nil {
			t.Fatal(err)
		}
		f, e := m.FS().OpenFile("a", experimentalsys.O_RDONLY, 0)
		if e != 0 {
			t.Fatal(e)
		}
		_ = f.Close()
		emptyTmp(t, tmp, "a read")
		f, e = m.FS().OpenFile("new", experimentalsys.O_WRONLY|experimentalsys.O_CREAT, 0o644)
		if e != c.want || b.Refused() || (b.HostRefused() != nil) != (c.want != 0) {
			t.Errorf("%+v: a create answered %v, want %v (budget refused %v, host refused %v)", c.lim, e, c.want, b.Refused(), b.HostRefused())
		}
		if e == 0 {
			if n, e := f.Write([]byte("xy")); n != 2 || e != 0 {
				t.Errorf("%+v: wrote %d, %v", c.lim, n, e)
			}
			_ = f.Close()
		} else {
			emptyTmp(t, tmp, "a refused copy")
			if _, e := m.FS().Stat("d/b"); e != 0 {
				t.Errorf("%+v: after a refused copy the mount reads %v", c.lim, e)
			}
		}
		wantUsed, wantEntries := int64(0), int64(0) // a refused copy: nothing
		if e == 0 {
			wantUsed, wantEntries = 2, 1 // the module's file alone
		}
		if b.Used() != wantUsed || b.Entries() != wantEntries {
			t.Errorf("%+v: charged %d bytes, %d entries; want %d and %d", c.lim, b.Used(), b.Entries(), wantUsed, wantEntries)
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

// TestPrivateRetryAfterRefusedCopyChargesNothing: a change retried after
// the copy was refused charges nothing either, each time, and leaves
// nothing behind; the refusal is the same every time. Attack pass 45e,
// row 3: each retry charged one more entry, though nothing was copied.
func TestPrivateRetryAfterRefusedCopyChargesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{"a": "12345", "b": "678"})
	b := NewBudget(Limits{})
	p := NewPrivate(dir, b, nil)
	p.lim = Limits{Bytes: 7, Entries: 10, Depth: 4}
	m, err := p.Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for i := range 3 {
		if e := m.FS().Mkdir("d", 0o755); e != experimentalsys.EIO {
			t.Errorf("try %d: mkdir answered %v, want EIO (the host's refusal)", i, e)
		}
		if b.Used() != 0 || b.Entries() != 0 || b.Refused() {
			t.Errorf("try %d: charged %d bytes, %d entries (budget refused %v)", i, b.Used(), b.Entries(), b.Refused())
		}
		emptyTmp(t, tmp, "a refused copy retried")
	}
	if hr := b.HostRefused(); hr == nil || !strings.Contains(hr.Cause, "more than 7 bytes") {
		t.Errorf("the host's refusal: %+v", hr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the source directory holds %d entries, want its 2", len(entries))
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
	m.Virtualize(NewVirtual(0, nil), 1)
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
