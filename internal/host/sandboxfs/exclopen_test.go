package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestExclOpenAnswersLookupErrno: an open with O_CREAT|O_EXCL of a name
// the mount does not create answers EEXIST only for a name that is there;
// a name beneath a file ENOTDIR and beneath a missing directory ENOENT,
// as without O_EXCL, and as wasmtime's preview 1 answers (measured with
// subako/testdata/wasmtimerun given /volume/tmp: 54, 54, 44), nothing
// charged for the first three. Attack pass 48e, row 1: any look-up that
// failed but for the name's absence (ELOOP past the os.Root's 8 links,
// ENOTDIR) answered EEXIST, so the host's link-chain retry never ran for
// "e12/new2".
func TestExclOpenAnswersLookupErrno(t *testing.T) {
	vol := t.TempDir()
	if err := os.WriteFile(filepath.Join(vol, "f"), []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := NewBudget(CallLimits)
	m, err := Open(vol, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	const excl = experimentalsys.O_CREAT | experimentalsys.O_EXCL | experimentalsys.O_RDWR
	for _, c := range []struct {
		p     string
		flag  experimentalsys.Oflag
		errno experimentalsys.Errno
	}{
		{"f/new", excl, experimentalsys.ENOTDIR},
		{"f/new", experimentalsys.O_CREAT | experimentalsys.O_RDWR, experimentalsys.ENOTDIR},
		{"f", excl, experimentalsys.EEXIST},
		{"no/new", excl, experimentalsys.ENOENT}, // charged, as any name Lstat does not find
	} {
		f, errno := m.FS().OpenFile(c.p, c.flag, 0o600)
		if errno == 0 {
			_ = f.Close()
		}
		if errno != c.errno {
			t.Errorf("open %s (%v): %v, want %v", c.p, c.flag, errno, c.errno)
		}
		if n := b.Entries(); n != 0 && c.p != "no/new" {
			t.Errorf("open %s (%v): %d entries charged, want 0", c.p, c.flag, n)
		}
	}
}
