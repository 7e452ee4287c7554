package sandboxfs

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestAttack43a_TruncRaceHardLink (attack pass 43a, row 2): host.md says a
// file with more than one hard link "is never opened for writing" (its
// other link may lead outside the mount, a user's `serve --volume DIR`).
// OpenFile checks the name (CheckWritable: Stat) and then opens it with
// O_TRUNC: two steps. Two serve calls share /volume/data, each with its
// own mount of the same directory: one opens "n" with O_TRUNC in a loop
// (absent: nothing to check), the other renames the hard-linked "h" to
// "n" and back. When the rename lands between the check and the open,
// open(2) empties the file outside the mount before the refusal after it
// (writableInfo on the opened file) is reached.
func TestAttack43a_TruncRaceHardLink(t *testing.T) {
	dir := t.TempDir()
	vol := filepath.Join(dir, "vol")
	if err := os.Mkdir(vol, 0o755); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(dir, "outside.txt")
	content := []byte("the user's file, outside the volume\n")
	if err := os.WriteFile(outside, content, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(outside, filepath.Join(vol, "h")); err != nil {
		t.Fatal(err)
	}
	open := func() experimentalsys.FS {
		m, err := Open(vol, "/volume/data", true, NewBudget(CallLimits), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = m.Close() })
		return m.FS()
	}
	a, b := open(), open()
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // call B: moves the hard-linked file in and out of "n"
		defer wg.Done()
		for !stop.Load() {
			_ = b.Rename("h", "n")
			_ = b.Rename("n", "h")
		}
	}()
	opened, tries := 0, 0
	for ; tries < 200000; tries++ { // call A: truncates "n"
		f, e := a.OpenFile("n", experimentalsys.O_WRONLY|experimentalsys.O_TRUNC, 0)
		if e == 0 {
			opened++
			_ = f.Close()
		}
		if info, err := os.Stat(outside); err == nil && info.Size() == 0 {
			break
		}
	}
	stop.Store(true)
	wg.Wait()
	info, err := os.Stat(outside)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d opens of n tried, %d opened for writing; the file outside holds %d bytes (was %d)", tries, opened, info.Size(), len(content))
	if info.Size() != int64(len(content)) {
		t.Errorf("a file outside the volume, hard-linked into it, was emptied by an O_TRUNC open racing a rename (%d tries): host.md promises a hard-linked file is never opened for writing", tries)
	}
}
