package sandboxfs

import (
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestSyncNeverReachesDisk: fd_sync and fd_datasync of a file of a mount
// answer success without fsync(2), whose wait on the disk is counted
// nowhere (attack pass 45a, row 5: a module syncing in a loop held the
// host 4-21 times its own time). The file's OS descriptor is closed under
// it, so that an fsync would fail: the calls still answer 0, so they never
// reached it.
func TestSyncNeverReachesDisk(t *testing.T) {
	m, err := Open(t.TempDir(), "/volume/tmp", true, NewBudget(CallLimits), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f, e := m.FS().OpenFile("f", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	o, ok := f.(*osFile)
	if !ok {
		t.Fatalf("a file of a mount is %T", f)
	}
	if err := o.f.Close(); err != nil {
		t.Fatal(err)
	}
	if e := f.Sync(); e != 0 {
		t.Errorf("Sync answered %v: it called fsync(2)", e)
	}
	if e := f.Datasync(); e != 0 {
		t.Errorf("Datasync answered %v: it called fdatasync(2)", e)
	}
}
