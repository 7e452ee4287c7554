package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"golang.org/x/sys/unix"
)

// TestCtimIsBirthTime (attack pass 49a, row 7): unseeded, a file's ctim is
// its birth time (statx's btime, 0 where the file system keeps none), as
// Subako's runtime shows it, by fd, by name and through a link, and
// neither a write nor a set of the times moves it; its inode is the same
// by all three, and its d_ino. The host showed the inode's change time,
// which the set moved.
func TestCtimIsBirthTime(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m, err := Open(dir, "/volume/tmp", true, NewBudget(Limits{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	fsys := m.FS()
	f, e := fsys.OpenFile("f", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	defer f.Close()
	if err := os.Symlink("f", filepath.Join(dir, "l")); err != nil {
		t.Fatal(err)
	}
	var stx unix.Statx_t
	if err := unix.Statx(unix.AT_FDCWD, filepath.Join(dir, "f"), 0, unix.STATX_BTIME, &stx); err != nil {
		t.Fatal(err)
	}
	birth := int64(0)
	if stx.Mask&unix.STATX_BTIME != 0 {
		birth = stx.Btime.Sec*1e9 + int64(stx.Btime.Nsec)
	}
	before, e := f.Stat()
	if e != 0 {
		t.Fatal(e)
	}
	if _, e := f.Write([]byte("x")); e != 0 {
		t.Fatal(e)
	}
	if e := f.Utimens(5, 6); e != 0 {
		t.Fatal(e)
	}
	byFd, e1 := f.Stat()
	byName, e2 := fsys.Lstat("f")
	byLink, e3 := fsys.Stat("l")
	if e1 != 0 || e2 != 0 || e3 != 0 {
		t.Fatal(e1, e2, e3)
	}
	for what, st := range map[string]int64{"before": before.Ctim, "by fd": byFd.Ctim, "by name": byName.Ctim, "through a link": byLink.Ctim} {
		if st != birth {
			t.Errorf("ctim %s: %d; the birth time %d", what, st, birth)
		}
	}
	if byFd.Mtim != 6 || byFd.Ino != before.Ino || byName.Ino != before.Ino || byLink.Ino != before.Ino {
		t.Errorf("mtim %d, inodes %#x %#x %#x %#x", byFd.Mtim, before.Ino, byFd.Ino, byName.Ino, byLink.Ino)
	}
	if before.Ino != wasmtimeIno(unix.Mkdev(stx.Dev_major, stx.Dev_minor), stx.Ino) {
		t.Errorf("inode %#x, not wasmtime's metadata_hash of the file", before.Ino)
	}
	d, e := fsys.OpenFile(".", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	defer d.Close()
	ents, e := d.Readdir(-1)
	if e != 0 {
		t.Fatal(e)
	}
	for _, ent := range ents {
		if ent.Name == "f" && ent.Ino != before.Ino {
			t.Errorf("f's d_ino %#x, its stat's %#x", ent.Ino, before.Ino)
		}
	}
}
