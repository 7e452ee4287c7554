package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestPwriteInAppendModeAppends: Pwrite on a file in append mode, set at
// open or by SetAppend, writes at the end, as Linux's pwrite(2) on an
// O_APPEND file and Subako's runtime do, leaves the file's offset where
// it was, and is charged its bytes as a write is, not the hole up to the
// offset asked for (attack pass 45g, row 2: a file opened with O_APPEND
// answered EIO, Go's WriteAt refusing it).
func TestPwriteInAppendModeAppends(t *testing.T) {
	for _, viaSet := range []bool{false, true} {
		dir := t.TempDir()
		b := NewBudget(Limits{Bytes: 100})
		m, err := Open(dir, "/volume/tmp", true, b, nil)
		if err != nil {
			t.Fatal(err)
		}
		flag := experimentalsys.O_CREAT | experimentalsys.O_RDWR
		if !viaSet {
			flag |= experimentalsys.O_APPEND
		}
		f, e := m.FS().OpenFile("a", flag, 0o644)
		if e != 0 {
			t.Fatal(e)
		}
		if viaSet {
			if e := f.(*osFile).SetAppend(true); e != 0 {
				t.Fatal(e)
			}
		}
		if n, e := f.Write([]byte("xx")); n != 2 || e != 0 {
			t.Fatalf("write: %d %v", n, e)
		}
		if n, e := f.Pwrite([]byte("Y"), 1000); n != 1 || e != 0 {
			t.Errorf("set at open %v: pwrite in append mode: %d %v; want 1 byte written", !viaSet, n, e)
		}
		if pos, e := f.Seek(0, 1); pos != 2 || e != 0 {
			t.Errorf("set at open %v: offset after the pwrite %d %v; want 2", !viaSet, pos, e)
		}
		_ = f.Close()
		_ = m.Close()
		if got, _ := os.ReadFile(filepath.Join(dir, "a")); string(got) != "xxY" {
			t.Errorf("set at open %v: the file holds %q; want \"xxY\"", !viaSet, got)
		}
		if b.Used() != 3 {
			t.Errorf("set at open %v: charged %d bytes; want 3 (the bytes written, no hole)", !viaSet, b.Used())
		}
	}
}
