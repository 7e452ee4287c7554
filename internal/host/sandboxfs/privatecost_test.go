package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestPrivateCopyNotChargedToModule: the copy a Private makes of the
// person's directory on the module's first change is not the module's
// writing: a package holding more bytes and more entries than the call's
// budget (a model's weights past it, in life; sparse here so that the test
// is cheap) still takes a new file, and the budget is charged only what
// the module wrote: the new file and its bytes. Attack pass 45e, row 3:
// creating an empty note answered EDQUOT (EIO with the budget refused),
// one entry charged, though the module had written nothing.
func TestPrivateCopyNotChargedToModule(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	const budget = 1 << 20
	dir := privateTree(t, map[string]string{"a": "1", "d/b": "2"})
	f, err := os.Create(filepath.Join(dir, "weights.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(budget + 1); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	b := NewBudget(Limits{Bytes: budget, Entries: 2}) // the package has 4 entries
	m, err := NewPrivate(dir, b, nil).Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	nf, e := m.FS().OpenFile("note", experimentalsys.O_WRONLY|experimentalsys.O_CREAT, 0o644)
	if e != 0 {
		t.Fatalf("creating /package/note answered %v (budget refused: %v, %d bytes and %d entries charged): the module wrote nothing", e, b.Refused(), b.Used(), b.Entries())
	}
	if n, e := nf.Write([]byte("xy")); n != 2 || e != 0 {
		t.Errorf("wrote %d, %v", n, e)
	}
	_ = nf.Close()
	if b.Used() != 2 || b.Entries() != 1 {
		t.Errorf("charged %d bytes and %d entries; the module wrote 2 bytes in 1 new file", b.Used(), b.Entries())
	}
	// Growing a file of the copy is the module's writing, as on the volume.
	g, e := m.FS().OpenFile("a", experimentalsys.O_WRONLY|experimentalsys.O_APPEND, 0)
	if e != 0 {
		t.Fatal(e)
	}
	if n, e := g.Write([]byte("345")); n != 3 || e != 0 {
		t.Errorf("appended %d, %v", n, e)
	}
	_ = g.Close()
	if b.Used() != 5 {
		t.Errorf("charged %d bytes after appending 3; want 5", b.Used())
	}
	if _, err := os.Stat(filepath.Join(dir, "note")); err == nil {
		t.Error("the source directory was written")
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a")); string(got) != "1" {
		t.Errorf("the source's a holds %q", got)
	}
	if err := m.Close(); err != nil {
		t.Error(err)
	}
	emptyTmp(t, tmp, "the mount closed")
}
