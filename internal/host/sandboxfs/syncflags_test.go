package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestSyncOpenFlagsRefused: an open with SYNC, DSYNC or RSYNC answers
// ENOTSUP, as Subako's runtime (wasmtime's preview 1) does, and creates
// nothing, with O_CREAT too. attack pass 44a, row 10: each was mapped to
// O_SYNC and the open succeeded, where every such open fails on Subako.
func TestSyncOpenFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	m, err := Open(dir, "/volume/tmp", true, NewBudget(CallLimits), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []experimentalsys.Oflag{experimentalsys.O_SYNC, experimentalsys.O_DSYNC, experimentalsys.O_RSYNC} {
		for _, c := range []struct {
			name string
			flag experimentalsys.Oflag
		}{
			{"f", experimentalsys.O_RDWR},
			{"f", experimentalsys.O_RDONLY},
			{"new", experimentalsys.O_CREAT | experimentalsys.O_WRONLY},
		} {
			file, e := f.OpenFile(c.name, c.flag|flag, 0o644)
			if file != nil {
				_ = file.Close()
			}
			if e != experimentalsys.ENOTSUP {
				t.Errorf("open %q with %v|%v: %v; want ENOTSUP", c.name, c.flag, flag, e)
			}
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("an O_CREAT|SYNC open created the file (%v); want nothing created", err)
	}
}
