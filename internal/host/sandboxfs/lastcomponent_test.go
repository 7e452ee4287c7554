//go:build unix

package sandboxfs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

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

// noFollowTimes is f's UtimensNoFollow.
func noFollowTimes(t *testing.T, f experimentalsys.FS) func(string, int64, int64) experimentalsys.Errno {
	t.Helper()
	nf, ok := f.(interface {
		UtimensNoFollow(string, int64, int64) experimentalsys.Errno
	})
	if !ok {
		t.Fatal("the mount's FS has no UtimensNoFollow")
	}
	return nf.UtimensNoFollow
}

// holds wants the file at p to hold want.
func holds(t *testing.T, p, want string) {
	t.Helper()
	if b, err := os.ReadFile(p); err != nil || string(b) != want {
		t.Errorf("%s holds %q (%v), want %q", p, b, err, want)
	}
}

// TestOpenNoFollowOfLinkLoops: an open with O_NOFOLLOW (path_open without
// LOOKUPFLAGS_SYMLINK_FOLLOW) of a symbolic link answers ELOOP, as
// open(2) and Subako's runtime do, for reading, for writing, with O_TRUNC
// (the target keeps its bytes), with O_CREAT, with O_DIRECTORY (45a row
// 11's answer), a dangling link and a link out of the mount alike; an
// open that follows still opens a link's target within the mount and
// refuses one out of it (EPERM); names whose directory is reached through
// a link open beneath the link's target, and a directory opens and lists.
// Attack pass 46a, row 2: the os.Root followed a last component that is a
// link whatever the flags, so every open of a link opened its target and
// O_TRUNC emptied it.
func TestOpenNoFollowOfLinkLoops(t *testing.T) {
	b := NewBudget(CallLimits)
	x := newLastCompFixture(t, b)
	const nf = experimentalsys.O_NOFOLLOW
	for _, c := range []struct {
		name string
		flag experimentalsys.Oflag
	}{
		{"l", experimentalsys.O_RDONLY | nf},
		{"l", experimentalsys.O_RDWR | nf},
		{"l", experimentalsys.O_RDWR | experimentalsys.O_TRUNC | nf},
		{"l", experimentalsys.O_RDONLY | experimentalsys.O_TRUNC | nf},
		{"l", experimentalsys.O_RDWR | experimentalsys.O_CREAT | nf},
		{"ld", experimentalsys.O_RDONLY | experimentalsys.O_DIRECTORY | nf},
		{"ld", experimentalsys.O_RDONLY | nf},
		{"dl", experimentalsys.O_RDWR | experimentalsys.O_CREAT | nf},
		{"outf", experimentalsys.O_RDWR | experimentalsys.O_TRUNC | nf},
		{"out", experimentalsys.O_RDONLY | experimentalsys.O_DIRECTORY | nf},
	} {
		if file, e := x.f.OpenFile(c.name, c.flag, 0o600); e != experimentalsys.ELOOP {
			if file != nil {
				_ = file.Close()
			}
			t.Errorf("open %q with flags %#x (no follow): %v, want ELOOP", c.name, c.flag, e)
		}
	}
	holds(t, filepath.Join(x.dir, "f"), "data")
	holds(t, x.secret, "secret")
	if _, err := os.Lstat(filepath.Join(x.dir, "nothing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a dangling link's target was created: %v", err)
	}

	// With follow: the target within the mount, never one outside.
	file, e := x.f.OpenFile("l", experimentalsys.O_RDONLY, 0o600)
	if e != 0 {
		t.Fatalf("open l following it: %v", e)
	}
	buf := make([]byte, 8)
	if n, e := file.Read(buf); e != 0 || string(buf[:n]) != "data" {
		t.Errorf("read through l: %q, %v", buf[:n], e)
	}
	_ = file.Close()
	for _, name := range []string{"outf", "out/secret"} {
		if file, e := x.f.OpenFile(name, experimentalsys.O_RDWR|experimentalsys.O_TRUNC, 0o600); e != experimentalsys.EPERM {
			if file != nil {
				_ = file.Close()
			}
			t.Errorf("open %q following links out of the mount: %v, want EPERM", name, e)
		}
	}
	if file, e := x.f.OpenFile("out/new", experimentalsys.O_RDWR|experimentalsys.O_CREAT|nf, 0o600); e != experimentalsys.EPERM {
		if file != nil {
			_ = file.Close()
		}
		t.Errorf("create beneath a link out of the mount (no follow): %v, want EPERM", e)
	}
	holds(t, x.secret, "secret")
	if _, err := os.Lstat(filepath.Join(x.outside, "new")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was created outside the mount: %v", err)
	}

	// Names that are no link open without follow: a new file beneath a
	// link to a directory (charged), a file, a directory, the mount.
	before := b.Entries()
	file, e = x.f.OpenFile("ld/g", experimentalsys.O_RDWR|experimentalsys.O_CREAT|nf, 0o600)
	if e != 0 {
		t.Fatalf("create ld/g without follow: %v", e)
	}
	if _, e := file.Write([]byte("new")); e != 0 {
		t.Errorf("write ld/g: %v", e)
	}
	_ = file.Close()
	holds(t, filepath.Join(x.dir, "d", "g"), "new")
	if b.Entries() != before+1 {
		t.Errorf("creating ld/g charged %d entries, want 1", b.Entries()-before)
	}
	file, e = x.f.OpenFile("f", experimentalsys.O_RDWR|experimentalsys.O_APPEND|nf, 0o600)
	if e != 0 {
		t.Fatalf("open f without follow: %v", e)
	}
	if _, e := file.Write([]byte("!")); e != 0 {
		t.Errorf("append to f: %v", e)
	}
	_ = file.Close()
	holds(t, filepath.Join(x.dir, "f"), "data!")
	for _, name := range []string{"d", "."} {
		file, e = x.f.OpenFile(name, experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY|nf, 0o600)
		if e != 0 {
			t.Fatalf("open %q without follow: %v", name, e)
		}
		ents, e := file.Readdir(-1)
		if e != 0 || len(ents) == 0 {
			t.Errorf("list %q: %d entries, %v", name, len(ents), e)
		}
		_ = file.Close()
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

// TestUtimensNoFollowSetsOwnTimes: path_filestat_set_times without
// SYMLINK_FOLLOW (mountFS.UtimensNoFollow) sets what the name itself is:
// a symbolic link's own times (its target's, in the mount or out of it,
// left as they were), a directory's and the mount's own; a file of one
// link takes its times, UTIME_OMIT keeping one; a hard-linked file is
// refused (EPERM), as path_filestat_set_times with follow refuses it, and
// so is a name beneath a link out of the mount; a read-only mount answers
// EROFS. Attack pass 46a, row 3: wazero opened the name for writing
// (EISDIR for a directory and the mount) and set the times on that
// descriptor, a link's target's.
func TestUtimensNoFollowSetsOwnTimes(t *testing.T) {
	x := newLastCompFixture(t, NewBudget(CallLimits))
	if err := os.Link(x.secret, filepath.Join(x.dir, "hard")); err != nil {
		t.Skip("no hard links here:", err)
	}
	setTimes := noFollowTimes(t, x.f)
	mtime := func(name string) int64 {
		info, err := os.Lstat(name)
		if err != nil {
			t.Fatal(err)
		}
		return info.ModTime().UnixNano()
	}
	const t1, t2 = int64(1_000_000_000) * 1e9, int64(1_000_000_001) * 1e9
	secretWas := mtime(x.secret)
	fWas := mtime(filepath.Join(x.dir, "f"))
	for _, name := range []string{"l", "outf", "d", ".", "f"} {
		if e := setTimes(name, t1, t1); e != 0 {
			t.Errorf("set times of %q (no follow): %v", name, e)
		}
		if got := mtime(filepath.Join(x.dir, name)); got != t1 {
			t.Errorf("%q: mtime %d, want %d", name, got, t1)
		}
		if name == "l" {
			if got := mtime(filepath.Join(x.dir, "f")); got != fWas {
				t.Errorf("setting l's times set its target's: %d, was %d", got, fWas)
			}
		}
	}
	if e := setTimes("f", experimentalsys.UTIME_OMIT, t2); e != 0 {
		t.Errorf("set f's mtime alone: %v", e)
	}
	if info, err := os.Lstat(filepath.Join(x.dir, "f")); err != nil || info.ModTime().UnixNano() != t2 {
		t.Errorf("f's mtime after setting it alone: %v (%v)", info, err)
	}
	for _, name := range []string{"hard", "out/secret"} {
		if e := setTimes(name, t2, t2); e != experimentalsys.EPERM {
			t.Errorf("set times of %q (no follow): %v, want EPERM", name, e)
		}
	}
	if got := mtime(x.secret); got != secretWas {
		t.Errorf("the mtime of a file outside the mount moved from %d to %d", secretWas, got)
	}
	ro, err := Open(x.dir, "/package", false, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if e := noFollowTimes(t, ro.FS())("f", t2, t2); e != experimentalsys.EROFS {
		t.Errorf("set times on a read-only mount: %v, want EROFS", e)
	}
}

// TestUtimensNoFollowVirtual: under a Virtual, a link's own times set
// without follow show on the link's stat (Lstat), not on its target's.
func TestUtimensNoFollowVirtual(t *testing.T) {
	x := newLastCompFixture(t, NewBudget(CallLimits))
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	v := NewVirtual(start, nil)
	x.m.Virtualize(v, 7)
	const t1 = int64(1_000_000_000) * 1e9
	if e := noFollowTimes(t, x.f)("l", t1, t1); e != 0 {
		t.Fatal(e)
	}
	if st, e := x.f.Lstat("l"); e != 0 || st.Mtim != t1 {
		t.Errorf("l's virtual mtime %d (%v), want %d", st.Mtim, e, t1)
	}
	if st, e := x.f.Lstat("f"); e != 0 || st.Mtim != v.VolumeMade() {
		t.Errorf("f's virtual mtime %d (%v), want %d (untouched)", st.Mtim, e, v.VolumeMade())
	}
}
