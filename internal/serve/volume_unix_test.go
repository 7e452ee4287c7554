//go:build unix

package serve

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestVolumeMeasureUnreadable: a volume the walk cannot read whole is
// full, never the part it read: what it could not read may hold anything,
// as a path too long to read once did (TestVolumeMeasureLongPath). The
// walk is made to fail for real, with a file limit that lets it open only
// the first few directories (EMFILE; a chmod would not stop root).
func TestVolumeMeasureUnreadable(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "tmp", "a"), 10)
	makeLongPath(t, filepath.Join(dir, "tmp"), 8)
	v := newVolumeQuota(dir, false, 1<<20)
	if bytes, entries := v.measure(); bytes != 10 || entries != 9 {
		t.Fatalf("measured %d bytes, %d entries; want 10, 9", bytes, entries)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	probe, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	free := probe.Fd() // the lowest free descriptor
	probe.Close()
	low := lim
	low.Cur = uint64(free) + 3 // the walk opens two a directory
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	bytes, entries := heldAfterBegin(v)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if bytes != 1<<20 {
		t.Errorf("a walk that could not open the volume's directories measured %d bytes in %d entries: want the quota's bytes, the volume full", bytes, entries)
	}
	if note := v.fullNote(); !strings.Contains(note, "could not read") {
		t.Errorf("the note does not say the volume could not be read: %s", note)
	}
	if heldAfterBegin(v); strings.Contains(v.fullNote(), "could not read") {
		t.Error("read whole again, the volume is no longer said unreadable")
	}
}
