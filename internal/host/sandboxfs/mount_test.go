package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestStoppedWrite: once the run is stopped, a huge write moves nothing
// (EINTR: the stop is checked before every chunk, the first included)
// instead of holding the host until it is all written; a run going on
// writes it all. A write is charged what it asked for, up front.
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
	if info, _ := os.Stat(filepath.Join(dir, "out")); info.Size() != 3*chunk || b.Used() != 6*chunk || b.Entries() != 1 {
		t.Errorf("size %d, charged %d bytes and %d entries", info.Size(), b.Used(), b.Entries())
	}
}
