//go:build unix

package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteRefusesFIFO: Write refuses a FIFO without opening it (which
// would wait for a reader), and Replace replaces it.
func TestWriteRefusesFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	var nr *NotRegularError
	if err := Write(path, []byte("x"), 0o644); !errors.As(err, &nr) || nr.Mode&os.ModeNamedPipe == 0 {
		t.Errorf("Write to a FIFO: %v, want refused", err)
	}
	if err := Replace(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("after Replace the path is %v (%v)", fi.Mode(), err)
	}
}
