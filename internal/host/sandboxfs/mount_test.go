package sandboxfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestStoppedWrite: once the run is stopped, a huge write moves nothing
// (EINTR: the stop is checked before every chunk, the first included)
// instead of holding the host until it is all written; a run going on
// writes it all. A write is charged what it asked for, up front, and
// given back what it did not write (attack pass 46a, row 5: the stopped
// write's 3 MiB stayed charged).
func TestStoppedWrite(t *testing.T) {
	dir := t.TempDir()
	stop := make(chan struct{})
	b := NewBudget(Limits{})
	m, err := Open(dir, "/volume/tmp", true, b, stop)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	f, e := m.FS().OpenFile("out", experimentalsys.O_WRONLY|experimentalsys.O_CREAT, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	defer f.Close()
	buf := make([]byte, 3*chunk)
	if n, e := f.Write(buf); n != len(buf) || e != 0 {
		t.Errorf("wrote %d, %v", n, e)
	}
	close(stop)
	if n, e := f.Write(buf); n != 0 || e != experimentalsys.EINTR {
		t.Errorf("stopped: wrote %d, %v", n, e)
	}
	if info, _ := os.Stat(filepath.Join(dir, "out")); info.Size() != 3*chunk || b.Used() != 3*chunk || b.Entries() != 1 {
		t.Errorf("size %d, charged %d bytes and %d entries", info.Size(), b.Used(), b.Entries())
	}
}

// TestLongPathCharged: a module's path is opened relative to the mount's
// os.Root, one name at a time, so a path whose host form passes the
// kernel's 4,096 bytes (15 directories of 255-byte names and a 255-byte
// file, beneath the mount's own directory) works, and what is written
// there is charged as anywhere else: its entries, its bytes and the hole a
// truncate makes, to the call's budget and to the volume's quota (attack
// pass 36c made such a path to hide what it wrote from serve's measure).
func TestLongPathCharged(t *testing.T) {
	dir := t.TempDir()
	q := NewVolumeQuota(1<<30, 100)
	b := NewBudget(Limits{Volume: q})
	m, err := Open(dir, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	name := ""
	for range 15 {
		name += strings.Repeat("d", 255)
		if e := m.FS().Mkdir(name, 0o755); e != 0 {
			t.Fatalf("mkdir at %d bytes: %v", len(name), e)
		}
		name += "/"
	}
	name += strings.Repeat("f", 255)
	if full := len(filepath.Join(dir, name)); full <= 4096 {
		t.Fatalf("the host path is %d bytes, not past the kernel's 4,096", full)
	}
	f, e := m.FS().OpenFile(name, experimentalsys.O_WRONLY|experimentalsys.O_CREAT, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	defer f.Close()
	if n, e := f.Write(make([]byte, 100)); n != 100 || e != 0 {
		t.Fatalf("wrote %d, %v", n, e)
	}
	if e := f.Truncate(1 << 20); e != 0 {
		t.Fatal(e)
	}
	held, entries := q.Held()
	if b.Used() != 1<<20 || b.Entries() != 16 || held != 1<<20 || entries != 16 {
		t.Errorf("a file at a long path charged the call %d bytes, %d entries and the volume %d bytes, %d entries; want %d and 16 each",
			b.Used(), b.Entries(), held, entries, 1<<20)
	}
}
