package sandboxfs

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestPrivateCopyKeepsHoles: a sparse file of a Private's directory is
// copied with its holes: the copy has the original's size and bytes, and
// about its blocks (st_blocks), not its size's. The bytes counted
// (Budget.Copied) are the data copied. Attack pass 46h, row 8: the copy
// wrote a sparse file whole, so an asset of 1 GiB apparent size and no
// data took 1 GiB of $TMPDIR and its time at every run's first change.
func TestPrivateCopyKeepsHoles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	const size, data = 64 << 20, 4096
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "weights.bin"))
	if err != nil {
		t.Fatal(err)
	}
	head, tail := bytes.Repeat([]byte("h"), data), bytes.Repeat([]byte("t"), data)
	if _, err := f.WriteAt(head, 1<<20); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(tail, size-data); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	if blocks := stBlocks(t, filepath.Join(dir, "weights.bin")); blocks*512 >= size/2 {
		t.Skipf("this file system keeps no holes (%d blocks of 512 bytes)", blocks)
	}
	b := NewBudget(Limits{})
	m, err := NewPrivate(dir, b, nil).Open(".", "/package")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if e := m.FS().Mkdir("d", 0o755); e != 0 {
		t.Fatalf("mkdir: %v", e)
	}
	cp := filepath.Join(m.private.dir, "weights.bin")
	got, err := os.ReadFile(cp)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]byte, size)
	copy(want[1<<20:], head)
	copy(want[size-data:], tail)
	if !bytes.Equal(got, want) {
		t.Errorf("the copy holds %d bytes, not the original's %d or not its bytes", len(got), size)
	}
	if blocks := stBlocks(t, cp); blocks*512 > 1<<20 {
		t.Errorf("the copy of a file of %d bytes with %d of data takes %d blocks of 512 bytes: its holes were filled", size, 2*data, blocks)
	}
	if _, copied := b.Copied(); copied > 1<<20 {
		t.Errorf("%d bytes counted copied; the file has %d of data", copied, 2*data)
	}
}

// TestFragmentedCopyCountsStretches: a file whose data alternates with
// holes is copied stretch by stretch, each stretch counted as an entry
// (Budget.Copied, and so the host's copy charge): a file of 64 MiB with
// 4 KiB of data every 8 KiB took 114-125 ms of CPU time for a charge of
// 32 ms by its data's MiBs (attack pass 47c, row 1). A dense file's
// stretches are its chunks, counted by their MiBs alone.
func TestFragmentedCopyCountsStretches(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	const size, block = 64 << 20, 4096
	for _, c := range []struct {
		name        string
		step        int64 // a block of data every step bytes
		leastCopied int64 // entries counted at least
		mostCopied  int64 // and at most
	}{
		{"dense", block, 1, 4},
		{"fragmented", 2 * block, size / (2 * block), size/(2*block) + 4},
	} {
		dir := t.TempDir()
		name := filepath.Join(dir, "weights.bin")
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		data := bytes.Repeat([]byte("w"), block)
		for off := int64(0); off < size; off += c.step {
			if _, err := f.WriteAt(data, off); err != nil {
				t.Fatal(err)
			}
		}
		_ = f.Close()
		if c.step > block && stBlocks(t, name)*512 >= size*3/4 {
			t.Skipf("this file system keeps no holes (%d blocks of 512 bytes)", stBlocks(t, name))
		}
		b := NewBudget(Limits{})
		m, err := NewPrivate(dir, b, nil).Open(".", "/package")
		if err != nil {
			t.Fatal(err)
		}
		if e := m.FS().Mkdir("d", 0o755); e != 0 {
			t.Fatalf("mkdir: %v", e)
		}
		_ = m.Close()
		entries, copied := b.Copied()
		t.Logf("%s: %d entries and %d bytes counted", c.name, entries, copied)
		if entries < c.leastCopied || entries > c.mostCopied {
			t.Errorf("%s file of %d MiB, a block of data every %d bytes: %d entries counted, want %d to %d", c.name, size>>20, c.step, entries, c.leastCopied, c.mostCopied)
		}
	}
}

func stBlocks(t *testing.T, name string) int64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Stat(name, &st); err != nil {
		t.Fatal(err)
	}
	return st.Blocks
}
