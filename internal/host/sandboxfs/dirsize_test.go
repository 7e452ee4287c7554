package sandboxfs

import (
	"strconv"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestSeededDirectoryGrowsAsExt4 (attack pass 50a, row 4): under a
// Virtual a directory's size follows ext4's blocks: 145 entries of 20-byte
// names fit its first block and the 146th makes it an index of three
// blocks (wasmtime v39 on ext4: 146 too); a rename out of it and the
// removal of every entry leave its size; a directory renamed keeps its own.
func TestSeededDirectoryGrowsAsExt4(t *testing.T) {
	t.Parallel()
	m, err := Open(t.TempDir(), "/volume/tmp", true, NewBudget(Limits{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	m.Virtualize(NewVirtual(0, []byte("probe 1")), 7)
	fsys := m.FS()
	size := func(p string) int64 {
		t.Helper()
		st, e := fsys.Stat(p)
		if e != 0 {
			t.Fatal(e)
		}
		return st.Size
	}
	if e := fsys.Mkdir("d", 0o755); e != 0 {
		t.Fatal(e)
	}
	name := func(i int) string { return "d/" + strconv.Itoa(10000+i) + strings.Repeat("x", 15) }
	for i := range 146 {
		f, e := fsys.OpenFile(name(i), experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
		if e != 0 {
			t.Fatal(e)
		}
		f.Close()
		if got, want := size("d"), map[bool]int64{true: 12288, false: 4096}[i == 145]; got != want {
			t.Fatalf("%d entries: size %d; want %d", i+1, got, want)
		}
	}
	if e := fsys.Rename(name(0), "moved"); e != 0 {
		t.Fatal(e)
	}
	for i := 1; i < 146; i++ {
		if e := fsys.Unlink(name(i)); e != 0 {
			t.Fatal(e)
		}
	}
	if e := fsys.Rename("d", "e"); e != 0 {
		t.Fatal(e)
	}
	if got := size("e"); got != 12288 {
		t.Errorf("emptied and renamed: size %d; want 12288 (ext4 gives no block back)", got)
	}
	if got := size("."); got != 4096 {
		t.Errorf("the volume, three entries: size %d; want 4096", got)
	}
}
