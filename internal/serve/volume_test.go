package serve

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// TestVolumeQuotaShared: the calls that run at once share serve's volume
// quota, so together they never pass it; what the volume holds is
// measured again when a call starts while none runs, so files removed
// give their room back then, and not while calls run (they may write
// still). A volume nothing changed is not measured again, until a call is
// refused.
func TestVolumeQuotaShared(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "tmp", "kept")
	writeFile(t, kept, 300)
	// What calls cannot write (the volume's root, /volume/data without
	// --data) is not the quota's.
	writeFile(t, filepath.Join(dir, "beside"), 5000)
	writeFile(t, filepath.Join(dir, "data", "old"), 5000)
	v := newVolumeQuota(dir, false, 1000)
	first := v.begin() // measures: kept, 300 bytes
	if held, entries := v.quota.Held(); held != 300 || entries != 1 {
		t.Fatalf("measured %d bytes, %d entries; want 300, 1", held, entries)
	}
	second := v.begin()
	one, two := newBudgets(first, second)
	if !one.Take(500) || two.Take(300) || !two.VolumeRefused() || !two.Take(200) || one.Take(1) {
		t.Error("two calls at once share the 700 bytes left: 500 and 200, not 500 and 300")
	}
	if err := os.Remove(kept); err != nil {
		t.Fatal(err)
	}
	v.end(true)
	third := v.begin() // the second still runs: not measured again
	if _, three := newBudgets(third, third); three.Take(1) {
		t.Error("a call started while others run gets no more than the quota left")
	}
	v.end(false)
	v.end(false)
	fourth := v.begin() // none runs and calls wrote: measured again, the removed file's room is back
	if held, _ := v.quota.Held(); held != 0 {
		t.Errorf("after the calls ended and kept was removed, the volume holds %d", held)
	}
	if _, four := newBudgets(fourth, fourth); !four.Take(1000) || four.Take(1) {
		t.Error("a call alone on an empty volume may write the whole quota and no more")
	}
	v.end(false)
	writeFile(t, kept, 10) // what the fourth kept, say
	_ = v.begin()          // measured: the fourth wrote
	v.end(false)           // and this one wrote nothing
	writeFile(t, filepath.Join(dir, "tmp", "unseen"), 20)
	_ = v.begin() // nothing changed: not measured
	if held, _ := v.quota.Held(); held != 10 {
		t.Errorf("a volume no call changed is not measured again: held %d, want 10", held)
	}
	v.end(true) // refused: measured at the next start
	_ = v.begin()
	if held, _ := v.quota.Held(); held != 30 {
		t.Errorf("after a refusal the volume is measured again: held %d, want 30", held)
	}
	v.end(false)
	if note := v.fullNote(); !strings.Contains(note, "--volume-quota") || !strings.Contains(note, "1 KiB") {
		t.Errorf("the note names the quota and its flag: %s", note)
	}
}

// TestVolumeMeasureBounded: a volume holding more entries than its quota
// is full, and the walk stops there.
func TestVolumeMeasureBounded(t *testing.T) {
	dir := t.TempDir()
	v := newVolumeQuota(dir, true, 1<<20)
	writeFile(t, filepath.Join(dir, "tmp", "a"), 10)
	writeFile(t, filepath.Join(dir, "data", "b"), 20)
	if bytes, entries := v.measure(); bytes != 30 || entries != 2 {
		t.Errorf("with --data, /volume/tmp and /volume/data are measured: %d bytes, %d entries", bytes, entries)
	}
	for i := range 5 {
		writeFile(t, filepath.Join(dir, "data", strings.Repeat("f", i+1)), 0)
	}
	v.quota = sandboxfs.NewVolumeQuota(1<<20, 3)
	if bytes, entries := v.measure(); bytes != 30 || entries != 4 {
		t.Errorf("measured %d bytes, %d entries: want what was read, and the walk stopped at 4", bytes, entries)
	}
	if bytes, entries := heldAfterBegin(v); bytes != 1<<20 || entries != 4 {
		t.Errorf("the quota holds %d bytes, %d entries: want the quota's bytes, the volume full", bytes, entries)
	}
}

// TestVolumeMeasureHardLinks: a file of several links is counted once,
// however many of its links the volume holds, in one directory or in
// several (attack pass 38: 8 links to a 600 MB file counted 5.4 GB, and
// the package's volume was full); each link is an entry.
func TestVolumeMeasureHardLinks(t *testing.T) {
	dir := t.TempDir()
	v := newVolumeQuota(dir, true, 1<<30)
	big := filepath.Join(dir, "tmp", "big")
	writeFile(t, big, 1000)
	writeFile(t, filepath.Join(dir, "tmp", "d", "other"), 10)
	for _, l := range []string{"tmp/l1", "tmp/l2", "tmp/d/l3", "data/l4"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, l)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(big, filepath.Join(dir, l)); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
	if bytes, entries := v.measure(); bytes != 1010 || entries != 7 {
		t.Errorf("measured %d bytes in %d entries, want 1010 in 7 (the file once, each link an entry)", bytes, entries)
	}
}

// TestVolumeMeasureLongPath came from attack pass 36c: measure walked the
// volume by full paths (filepath.WalkDir), and a path over the kernel's
// 4,096 bytes cannot be stat'ed by its full name (ENAMETOOLONG), so the
// walk counted it as nothing. A call makes one: 15 directories of 255-byte
// names and a 255-byte file name are 4,095 bytes beneath /volume/tmp,
// which the sandbox opens relative to its os.Root, and more once the
// volume's own directory is before them. The quota was then set back below
// what the volume held, and every call could write its whole budget again:
// `serve --volume-quota 256 --max-concurrent 1` with a module writing 200
// MiB a call at such a path held 1.2 GB after six calls. The walk now
// reads each directory through its own handle, so no path is long.
func TestVolumeMeasureLongPath(t *testing.T) {
	dir := t.TempDir()
	rel := makeLongPath(t, filepath.Join(dir, "tmp"), 15)
	root, err := os.OpenRoot(filepath.Join(dir, "tmp"))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	f, err := root.Create(rel)
	if err != nil {
		t.Fatal(err)
	}
	const size = 1 << 30 // a sparse gigabyte: measure counts sizes
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	v := newVolumeQuota(dir, false, 256<<20)
	if full := len(filepath.Join(dir, "tmp", rel)); full <= 4096 {
		t.Fatalf("the file's path is %d bytes, not past the kernel's 4,096", full)
	}
	if bytes, entries := v.measure(); bytes != size || entries != 16 {
		t.Errorf("measure saw %d bytes in %d entries of a volume holding a file of %d bytes in 16 entries: the quota is reset below what the volume holds",
			bytes, entries, size)
	}
}

// makeLongPath makes n directories of 255-byte names, one in another,
// beneath dir (through an os.Root, as the sandbox does: their full path
// may pass what the kernel opens), and returns the path of a 255-byte name
// in the deepest, relative to dir.
func makeLongPath(t *testing.T, dir string, n int) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	rel := ""
	for range n {
		rel += strings.Repeat("d", 255)
		if err := root.Mkdir(rel, 0o755); err != nil {
			t.Fatal(err)
		}
		rel += "/"
	}
	return rel + strings.Repeat("f", 255)
}

// writeFile writes n bytes to path, making its directory.
func writeFile(t *testing.T, path string, n int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, make([]byte, n), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newBudgets are the budgets of two calls of limits a and b.
func newBudgets(a, b sandboxfs.Limits) (*sandboxfs.Budget, *sandboxfs.Budget) {
	return sandboxfs.NewBudget(a), sandboxfs.NewBudget(b)
}

// TestVolumeQuotaAcrossCalls came from attack pass 36: a call's write
// budget counts what it writes, not what is kept, and serve has one volume
// for all its calls, so a module that wrote a new file every call grew
// serve's disk without bound (measured with `subakogo serve --volume DIR`
// and a package writing a new 1,000 MiB file each call: three calls, 3.0
// GB kept). Under a quota of 16 MiB, a call writes 10 MiB; the next one's
// write is refused (EDQUOT) once the volume would pass the quota, its
// result says serve's volume is full, and the volume holds no more than
// the quota. Once the file is removed, the next call may write again.
func TestVolumeQuotaAcrossCalls(t *testing.T) {
	const quota = 16 << 20
	vol := t.TempDir()
	s, logBuf := newServer(t, hostile(t), Options{Volume: vol, VolumeQuota: quota})
	c := startClient(t, s, true)
	write := func(name string) callResult {
		res, _ := c.call("write", map[string]any{"path": "/volume/tmp/" + name, "mb": 10})
		return res
	}
	if res := write("f0"); res.IsError {
		t.Fatalf("the first 10 MiB fit the quota: %s", res.text())
	}
	res := write("f1")
	if !res.IsError || !strings.Contains(res.text(), "quota") || !strings.Contains(res.text(), "--volume-quota") || !strings.Contains(res.text(), "16.0 MiB") {
		t.Errorf("the second 10 MiB pass the 16 MiB quota: want its write refused and the result to name the volume's quota, got error %v: %s", res.IsError, res.text())
	}
	if !strings.Contains(logBuf.String(), "serve's volume is full") {
		t.Errorf("the log says the volume is full:\n%s", logBuf.String())
	}
	if held := volumeBytes(t, vol); held > quota {
		t.Errorf("after two calls serve's volume holds %d bytes, past its quota of %d", held, quota)
	}
	if err := os.Remove(filepath.Join(vol, "tmp", "f0")); err != nil {
		t.Fatal(err)
	}
	if res := write("f2"); res.IsError {
		t.Errorf("once f0 is removed, 10 MiB fit again: %s", res.text())
	}
}

// volumeBytes is what the regular files beneath dir hold.
func volumeBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			n += fi.Size()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// heldAfterBegin is what the quota holds once a call begins on a volume
// measured again.
func heldAfterBegin(v *volumeQuota) (bytes, entries int64) {
	v.measured = false
	v.begin()
	v.end(false)
	return v.quota.Held()
}
