package sandboxfs

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// TestVirtualMetadata (attack pass 43c, row 1): what a seeded run sees of
// its mounts' metadata is a function of the module's operations: the
// volume shows the time it was made before the run (VolumeMade, attack
// pass 51a, row 2), a file made the module's now, until the module sets
// them, and then what it set; inodes are numbered in the order the module first sees
// files (the n-th SipHash-1-3 of n under a key of the seed, spread over 64
// bits as wasmtime's metadata_hash: attack pass 49a, row 3), a file removed for good is forgotten (so a new file the host
// gives the old inode is new here too), and the mount is its own device.
// The module once read the real date to the nanosecond, and the host's
// inode numbers, from its fresh volume's times.
func TestVirtualMetadata(t *testing.T) {
	t.Parallel()
	const start = int64(1_767_225_600_000_000_000) // 2026-01-01
	m, err := Open(t.TempDir(), "/volume/tmp", true, NewBudget(Limits{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v := NewVirtual(start, []byte("case 1"))
	m.Virtualize(v, 7)
	fsys := m.FS()
	// The mount was made before the run (VolumeMade), what the module
	// makes at its clock's now (start here: no SetNow).
	made := v.VolumeMade()
	if gap := start - made; gap < 2e6 || gap >= 512e6 {
		t.Errorf("the volume made %d ns before the run's start; want a setup's time, 2 to 512 ms", gap)
	}
	want := func(what string, st sys.Stat_t, e experimentalsys.Errno, n uint64, atim, mtim int64) {
		t.Helper()
		ino, ctim := v.Ino(n), start
		if n == 1 {
			ctim = made
		}
		if e != 0 {
			t.Fatalf("%s: %v", what, e)
		}
		if st.Dev != 7 || st.Ino != ino || st.Atim != atim || st.Mtim != mtim || st.Ctim != ctim {
			t.Errorf("%s: dev %d ino %d atim %d mtim %d ctim %d; want dev 7 ino %d atim %d mtim %d ctim %d",
				what, st.Dev, st.Ino, st.Atim, st.Mtim, st.Ctim, ino, atim, mtim, ctim)
		}
	}

	st, e := fsys.Stat(".")
	want("the mount", st, e, 1, made, made)
	f, e := fsys.OpenFile("a", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	if _, e := f.Write([]byte("written")); e != 0 {
		t.Fatal(e)
	}
	st, e = f.Stat()
	want("a new file, written", st, e, 2, start, start)
	if e := fsys.Utimens("a", 5e9, 7e9); e != 0 {
		t.Fatal(e)
	}
	st, e = fsys.Lstat("a")
	want("a's times set by name", st, e, 2, 5e9, 7e9)
	if e := f.Utimens(experimentalsys.UTIME_OMIT, 9e9); e != 0 {
		t.Fatal(e)
	}
	st, e = f.Stat()
	want("a's mtime set by fd, its atime kept", st, e, 2, 5e9, 9e9)
	if ino, e := f.Ino(); e != 0 || ino != v.Ino(2) {
		t.Errorf("a's Ino: %d, %v; want %d", ino, e, v.Ino(2))
	}
	f.Close()

	if e := fsys.Mkdir("b", 0o755); e != 0 {
		t.Fatal(e)
	}
	d, e := fsys.OpenFile(".", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	ents, e := d.Readdir(-1)
	d.Close()
	if e != 0 {
		t.Fatal(e)
	}
	inos := map[string]uint64{}
	for _, ent := range ents {
		inos[ent.Name] = ent.Ino
	}
	if inos["a"] != v.Ino(2) || inos["b"] != v.Ino(3) {
		t.Errorf("readdir: %v; want a %d, b %d", inos, v.Ino(2), v.Ino(3))
	}

	// Removed for good, forgotten: a new file is a new file, whatever
	// inode the host's file system gives it.
	if e := fsys.Unlink("a"); e != 0 {
		t.Fatal(e)
	}
	c, e := fsys.OpenFile("c", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	c.Close()
	st, e = fsys.Stat("c")
	want("a new file after a removal", st, e, 4, start, start)
	// A rename over a file ends it: what now has the name is the file
	// renamed.
	e2, e := fsys.OpenFile("d", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	e2.Close()
	if e := fsys.Utimens("d", 11e9, 13e9); e != 0 {
		t.Fatal(e)
	}
	if e := fsys.Rename("d", "c"); e != 0 {
		t.Fatal(e)
	}
	st, e = fsys.Stat("c")
	want("a file renamed over another", st, e, 5, 11e9, 13e9)
}

// TestVirtualInodesSpreadBySeed (attack pass 49a, row 3): a seeded run's
// inode numbers are a function of the seed and the order seen, the same
// for one seed, another for another, with high bits set as a hash's (the
// host gave 1, 2, 3 ..., which "ino >> 40 != 0" told from Subako's
// runtime's metadata_hash).
func TestVirtualInodesSpreadBySeed(t *testing.T) {
	t.Parallel()
	a, b, c := NewVirtual(0, []byte("case 1")), NewVirtual(0, []byte("case 1")), NewVirtual(0, []byte("case 2"))
	high := 0
	for n := uint64(1); n <= 64; n++ {
		if a.Ino(n) != b.Ino(n) || a.Ino(n) == c.Ino(n) {
			t.Errorf("file %d: %#x, %#x under one seed, %#x under another", n, a.Ino(n), b.Ino(n), c.Ino(n))
		}
		if a.Ino(n)>>40 != 0 {
			high++
		}
	}
	if high < 60 {
		t.Errorf("%d of 64 inode numbers past 2^40; a hash's are (all but 2^-24 of them)", high)
	}
}

// TestUnvirtualizedMetadata: a mount that is not virtualized (discovery,
// call, serve) shows the host file system's metadata, but for the inode,
// wasmtime's metadata_hash of the device and inode, the device, 1, and
// ctim, the birth time (attack pass 49a, rows 3 and 7).
func TestUnvirtualizedMetadata(t *testing.T) {
	t.Parallel()
	m, err := Open(t.TempDir(), "/volume/tmp", true, NewBudget(Limits{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	st, e := m.FS().Stat(".")
	if e != 0 {
		t.Fatal(e)
	}
	info, err := m.Root().Stat(".")
	if err != nil {
		t.Fatal(err)
	}
	if real := sys.NewStat_t(info); st.Ino != wasmtimeIno(real.Dev, real.Ino) || st.Dev != WasmtimeDev || st.Mtim != real.Mtim {
		t.Errorf("unvirtualized: %+v; the file system says %+v", st, real)
	}
}

// TestVirtualDirectoryListing (attack pass 43i, row 1): under a Virtual a
// directory lists its entries in the order of the seed's hash of their
// names (sorted by name until attack pass 50a, row 5), in reads of any size and
// again after a rewind (Seek to 0, wazero's fd_readdir at cookie 0, which
// sees entries made since), and shows size 4096 and link count 2 and one a
// subdirectory, as wasmtime shows an ext4 directory (0 and 1 until attack
// pass 49c, row 2), not the host file system's order, size and links.
func TestVirtualDirectoryListing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []string{"f6", "f7", "f1", "f0", "f3", "f2", "f5"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	m, err := Open(dir, "/volume/tmp", true, NewBudget(Limits{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	m.Virtualize(NewVirtual(0, nil), 7)
	fsys := m.FS()
	f, e := fsys.OpenFile(".", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	defer f.Close()
	names := func(reads ...int) string {
		t.Helper()
		var got []string
		for _, n := range reads {
			d, e := f.Readdir(n)
			if e != 0 {
				t.Fatal(e)
			}
			for _, x := range d {
				got = append(got, x.Name)
			}
		}
		return strings.Join(got, " ")
	}
	if got, want := names(3, 2, 10), "f3 f5 f2 f6 sub f1 f7 f0"; got != want {
		t.Errorf("listed %q; want %q", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "f4"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, e := f.Seek(0, io.SeekStart); e != 0 {
		t.Fatal(e)
	}
	if got, want := names(-1), "f4 f3 f5 f2 f6 sub f1 f7 f0"; got != want {
		t.Errorf("after a rewind, listed %q; want %q", got, want)
	}
	for p, links := range map[string]uint64{".": 3, "sub": 2} {
		st, e := fsys.Stat(p)
		if e != 0 || st.Size != 4096 || st.Nlink != links {
			t.Errorf("directory %s: size %d, links %d, %v; want 4096 and %d (as ext4's)", p, st.Size, st.Nlink, e, links)
		}
	}
	if st, e := fsys.Stat("f0"); e != 0 || st.Nlink != 1 || st.Mode.IsDir() {
		t.Errorf("a file: %+v, %v", st, e)
	}
}
