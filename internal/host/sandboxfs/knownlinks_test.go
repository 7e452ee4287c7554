package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestOwnLinksKeepOutsideLinksRefused (attack pass 51d, row 1): a file
// the module linked itself opens for writing, but the guarantee holds:
// a file with a link outside the mount, linked again by the module,
// stays refused (open for writing, O_TRUNC, times: EPERM, and the file
// outside unchanged), and a file of the module's given a link outside
// the mount afterwards (by someone else) is refused again.
func TestOwnLinksKeepOutsideLinksRefused(t *testing.T) {
	outside, dir := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("user's file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secret, filepath.Join(dir, "h")); err != nil {
		t.Skip("no hard links here:", err)
	}
	m, err := Open(dir, "/volume/tmp", true, NewBudget(CallLimits), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	refused := func(name string) {
		t.Helper()
		for _, flag := range []experimentalsys.Oflag{experimentalsys.O_WRONLY, experimentalsys.O_RDWR | experimentalsys.O_TRUNC} {
			if file, e := f.OpenFile(name, flag, 0); e != experimentalsys.EPERM {
				if file != nil {
					_ = file.Close()
				}
				t.Errorf("open %s (%v): %v, want EPERM", name, flag, e)
			}
		}
		if e := f.Utimens(name, 0, 0); e != experimentalsys.EPERM {
			t.Errorf("set times %s: %v, want EPERM", name, e)
		}
	}
	if e := f.Link("h", "h2"); e != 0 {
		t.Fatalf("link h h2: %v", e)
	}
	refused("h")
	refused("h2")
	if e := f.Unlink("h"); e != 0 {
		t.Fatal(e)
	}
	refused("h2") // still a link outside: 2 links, none known
	if b, err := os.ReadFile(secret); err != nil || string(b) != "user's file\n" {
		t.Errorf("the file outside reads %q, %v", b, err)
	}

	// A file of the module's, linked by it: writable; a link added outside.
	file, e := f.OpenFile("own", experimentalsys.O_CREAT|experimentalsys.O_WRONLY, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	_ = file.Close()
	if e := f.Link("own", "own2"); e != 0 {
		t.Fatal(e)
	}
	file, e = f.OpenFile("own2", experimentalsys.O_WRONLY, 0)
	if e != 0 {
		t.Fatalf("open own2, a link the module made: %v, want 0", e)
	}
	_ = file.Close()
	if err := os.Link(filepath.Join(dir, "own"), filepath.Join(outside, "own3")); err != nil {
		t.Fatal(err)
	}
	refused("own")
	refused("own2")
}
