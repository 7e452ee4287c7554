//go:build linux

package callcheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestAttack43g_HeldDirectoryLockLosesReport (attack pass 43g, row 3):
// Add locks the cases file's directory with flock (outfile.LockDir) and,
// when another process holds a lock there for 10 s, fails: lint then
// returns 3 before writing its report (lint.go: "--save-cases: ... another
// process has held a lock on this directory for 10s"). Any process that
// can read the directory can hold that lock (flock needs only a read-only
// descriptor): another user on a shared /tmp or checkout, a script run
// under `flock DIR ...`. The lock is subakogo's own protocol between its
// runs; a lock it did not take decides whether a lint is judged.
func TestAttack43g_HeldDirectoryLockLosesReport(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for LockDir's 10 s")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "calls.json")
	c, err := OpenCases(path)
	if err != nil {
		t.Fatal(err)
	}
	other, err := os.Open(dir) // another process's hold, read-only
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := syscall.Flock(int(other.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	n, err := c.Add([]Call{{Tool: "add", Arguments: json.RawMessage(`{"a":1}`)}})
	if err != nil || n != 1 {
		t.Errorf("Add with the directory flocked by a process that is not subakogo: %d, %v; want the case saved (lint.md: the cases are kept for check; exit 3 is for input or output that cannot be read or written)", n, err)
	}
}
