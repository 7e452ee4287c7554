//go:build unix

package serve

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// makeDeepVolume makes levels directories one in another beneath dir/tmp,
// each opened relative to the last (no long paths).
func makeDeepVolume(t *testing.T, dir string, levels int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	r, err := os.OpenRoot(filepath.Join(dir, "tmp"))
	if err != nil {
		t.Fatal(err)
	}
	for range levels {
		if err := r.Mkdir("a", 0o755); err != nil {
			t.Fatal(err)
		}
		sub, err := r.OpenRoot("a")
		_ = r.Close()
		if err != nil {
			t.Fatal(err)
		}
		r = sub
	}
	_ = r.Close()
}

// TestVolumeMeasureDepthBounded: the measure holds a bounded number of
// descriptors whatever the volume's depth: with a file limit of
// 2*volumeMaxDepth+8 free descriptors, a volume 300 levels deep is refused
// as too deep, with what was read counted and the reason in the note,
// rather than failing with EMFILE (attack pass 42j, row 2: two descriptors
// a level, EMFILE at level 9,995 of a 10,000-level volume).
func TestVolumeMeasureDepthBounded(t *testing.T) {
	dir := t.TempDir()
	makeDeepVolume(t, dir, 300)
	v := newVolumeQuota(dir, false, 1<<20)
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
	low.Cur = uint64(free) + uint64(2*volumeMaxDepth) + 8
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	bytes, entries := v.measure()
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(v.unreadable, errVolumeDepth) {
		t.Fatalf("a volume 300 levels deep: measure stopped with %v, want errVolumeDepth", v.unreadable)
	}
	if bytes != 0 || entries != int64(volumeMaxDepth)+1 {
		t.Errorf("measured %d bytes in %d entries: want what was read, 0 bytes in %d entries", bytes, entries, volumeMaxDepth+1)
	}
	if note := v.fullNote(); !strings.Contains(note, "levels deep") {
		t.Errorf("the note does not say why the volume counts full: %s", note)
	}
	if held, _ := heldAfterBegin(v); held != 1<<20 {
		t.Errorf("the quota holds %d bytes: want the volume refused, full", held)
	}
}

// TestVolumeMeasureDeepVolume: a volume 10,000 levels deep, one call's
// entries, is measured without running out of descriptors and refused as
// too deep, not as unreadable (attack pass 42j, row 2).
func TestVolumeMeasureDeepVolume(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 10,000 nested directories")
	}
	dir := t.TempDir()
	makeDeepVolume(t, dir, 10_000)
	v := newVolumeQuota(dir, false, 256<<20)
	bytes, entries := v.measure()
	t.Logf("measured %d bytes in %d entries: %v", bytes, entries, v.unreadable)
	if !errors.Is(v.unreadable, errVolumeDepth) || entries > int64(volumeMaxDepth)+1 {
		t.Errorf("a volume of 10,000 directories one in another: %d bytes in %d entries, stopped by %v; want errVolumeDepth within %d levels",
			bytes, entries, v.unreadable, volumeMaxDepth)
	}
}
