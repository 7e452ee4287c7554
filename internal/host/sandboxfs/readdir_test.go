package sandboxfs

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestReaddirInChunks (attack pass 42f, row 2): a listing of more entries
// than a chunk comes whole while the run goes on, for a count and for
// "all", and once the run is stopped lists nothing (EINTR) instead of
// holding the host for the directory's every entry.
func TestReaddirInChunks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const files = 2*direntChunk + 5
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stop := make(chan struct{})
	m, err := Open(dir, "/volume/tmp", false, nil, stop)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	open := func() experimentalsys.File {
		f, e := m.FS().OpenFile(".", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
		if e != 0 {
			t.Fatal(e)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	if d, e := open().Readdir(-1); e != 0 || len(d) != files {
		t.Errorf("all: %d entries, %v; want %d", len(d), e, files)
	}
	f := open()
	if d, e := f.Readdir(direntChunk + 3); e != 0 || len(d) != direntChunk+3 {
		t.Errorf("a count: %d entries, %v", len(d), e)
	}
	if d, e := f.Readdir(files); e != 0 || len(d) != files-direntChunk-3 {
		t.Errorf("the rest: %d entries, %v", len(d), e)
	}
	close(stop)
	if d, e := open().Readdir(-1); e != experimentalsys.EINTR || d != nil {
		t.Errorf("stopped: %d entries, %v; want EINTR", len(d), e)
	}
}
