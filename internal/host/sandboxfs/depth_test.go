package sandboxfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// realDepth is the depth of the deepest directory beneath dir, counted on
// disk.
func realDepth(t *testing.T, dir string) int {
	t.Helper()
	deepest := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil //nolint:nilerr // count what can be read
		}
		rel, _ := filepath.Rel(dir, p)
		if n := strings.Count(filepath.ToSlash(rel), "/") + 1; d.IsDir() && rel != "." && n > deepest {
			deepest = n
		}
		return nil
	})
	return deepest
}

// TestDepthLimitThroughSymlink: the depth limit holds on where a directory
// really lands, not on its path's text: a link "s" to a directory 63
// levels deep, then "s/x", "s/x/x", ..., each at most 63 levels by its
// text, is refused once the real depth passes 64; before, three rounds of
// it made a directory 249 levels deep (attack pass 42j, row 1).
func TestDepthLimitThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	b := NewBudget(CallLimits)
	m, err := Open(dir, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	lim := CallLimits.Depth
	deepest := ""
	for i := 0; i < lim-1; i++ { // 63 levels, each within the limit
		deepest = strings.TrimPrefix(deepest+"/a", "/")
		if e := f.Mkdir(deepest, 0o755); e != 0 {
			t.Fatalf("mkdir %d: %v", i+1, e)
		}
	}
	for round := 0; round < 3; round++ {
		link := "s" + strconv.Itoa(round)
		if e := f.Symlink(deepest, link); e != 0 {
			t.Fatalf("symlink: %v", e)
		}
		p := link
		for i := 0; i < lim-2; i++ {
			p += "/x"
			if e := f.Mkdir(p, 0o755); e != 0 {
				if e != experimentalsys.EIO || !b.Refused() {
					t.Fatalf("round %d mkdir %q: %v, want EIO (EDQUOT) from the budget", round, p, e)
				}
				break
			}
			deepest += "/x"
		}
	}
	if got := realDepth(t, dir); got > lim {
		t.Errorf("a directory %d levels beneath the mount was created under a depth limit of %d, through a link in its paths' middle", got, lim)
	}
	// A file or link through the link is kept to the limit as well.
	if _, err := m.CreateFile("s0/x/f"); !errors.Is(err, ErrTooDeep) {
		t.Errorf("CreateFile through the link at level %d: %v, want ErrTooDeep", lim+1, err)
	}
	if e := f.Symlink("x", "s0/x/l"); e != experimentalsys.EIO {
		t.Errorf("Symlink through the link at level %d: %v, want EIO (EDQUOT)", lim+1, e)
	}
	w, err := m.CreateFile("s0/f") // level 64: within the limit
	if err != nil {
		t.Errorf("CreateFile through the link at level %d: %v", lim, err)
	} else {
		_ = w.Close()
	}
}

// TestRenameDepthThroughSymlink: a directory renamed through a link to a
// deep directory is measured where it lands (attack pass 42j, row 1).
func TestRenameDepthThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	m, err := Open(dir, "/volume/tmp", true, NewBudget(CallLimits), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	lim := CallLimits.Depth
	deepest := ""
	for i := 0; i < lim-1; i++ {
		deepest = strings.TrimPrefix(deepest+"/a", "/")
		if e := f.Mkdir(deepest, 0o755); e != 0 {
			t.Fatalf("mkdir %d: %v", i+1, e)
		}
	}
	if e := f.Symlink(deepest, "s"); e != 0 {
		t.Fatal(e)
	}
	for _, p := range []string{"d", "d/e", "d/e/g"} {
		if e := f.Mkdir(p, 0o755); e != 0 {
			t.Fatalf("mkdir %s: %v", p, e)
		}
	}
	// s/d would be level 64, d/e/g level 66.
	if e := f.Rename("d", "s/d"); e != experimentalsys.EIO {
		t.Errorf("rename of a directory 3 levels high to level 64 through a link: %v, want EIO (EDQUOT)", e)
	}
	if e := f.Rename("d/e/g", "s/g"); e != 0 {
		t.Errorf("rename of an empty directory to level 64 through a link: %v, want success", e)
	}
	if got := realDepth(t, dir); got > lim {
		t.Errorf("a directory %d levels deep under a limit of %d", got, lim)
	}
}

// TestRenameHeightStops: the height a directory renamed deeper is measured
// by is read in batches and stops with the run: one path_rename of a
// directory of 100,000 files after the run's stop allocated 36 MiB and
// was done (attack pass 42j, row 3). Now it is EINTR after one check.
func TestRenameHeightStops(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 100,000 files")
	}
	dir := t.TempDir()
	const n = 100_000 // serve's volume entries
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		f, err := os.Create(filepath.Join(dir, "d", strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		_ = f.Close()
	}
	for _, d := range []string{"e", "e/f"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	stop := make(chan struct{})
	m, err := Open(dir, "/volume/tmp", true, NewBudget(CallLimits), stop)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if e := m.FS().Rename("d", "e/d"); e != 0 { // read whole, in batches
		t.Fatalf("rename before the stop: %v", e)
	}
	runtime.ReadMemStats(&after)
	t.Logf("rename of a directory of %d files one level deeper: %d KiB allocated in all", n, (after.TotalAlloc-before.TotalAlloc)>>10)
	close(stop) // the run is over before the next call
	runtime.ReadMemStats(&before)
	e := m.FS().Rename("e/d", "e/f/d")
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("rename after the stop: errno %v, %d KiB allocated", e, alloc>>10)
	if e != experimentalsys.EINTR {
		t.Errorf("a path_rename that must measure a directory after the run's stop: %v, want EINTR", e)
	}
	if alloc > 1<<20 {
		t.Errorf("one path_rename after the run's stop read a directory of %d entries whole: %d MiB allocated", n, alloc>>20)
	}
}
