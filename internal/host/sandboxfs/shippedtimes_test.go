package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// TestSeededPackageMetadataAsWasmtimes (attack pass 49c, row 2): a seeded
// run showed /package as size 0, one link, and its files with the seeded
// clock's start as all three times, where wasmtime (discovery, call,
// serve) shows an ext4 directory's 4096 bytes and 2 links and one a
// subdirectory, and the files' real times: one fd_filestat_get and a
// clock reading told the probes. Now the directory has wasmtime's shape
// and each shipped file times of an extraction before the run (mtim <
// ctim < atim < start, distinct between files), its real size and one
// link, the same in two runs of one seed; a directory made by the module
// counts in its parent's links; what the module makes in /package, and
// the volume's files, show start.
func TestSeededPackageMetadataAsWasmtimes(t *testing.T) {
	t.Parallel()
	const start = int64(1_900_000_000_123_456_789)
	pkg := t.TempDir()
	for _, n := range []string{"asset", "sub/model"} {
		if err := os.MkdirAll(filepath.Join(pkg, filepath.Dir(n)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, n), []byte("weights"), 0o644); err != nil {
			t.Fatal(err)
		}
		hourAgo := time.Now().Add(-time.Hour)
		if err := os.Chtimes(filepath.Join(pkg, n), hourAgo, hourAgo); err != nil {
			t.Fatal(err)
		}
	}
	run := func() []sys.Stat_t {
		m, err := NewPrivate(pkg, NewBudget(Limits{}), nil).Open(".", "/package")
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		m.Virtualize(NewVirtual(start, []byte("case 1")), WasmtimeDev)
		fsys := m.FS()
		var sts []sys.Stat_t
		for _, n := range []string{".", "asset", "sub", "sub/model"} {
			st, e := fsys.Stat(n)
			if e != 0 {
				t.Fatalf("stat %s: %v", n, e)
			}
			sts = append(sts, st)
		}
		if e := fsys.Mkdir("made", 0o755); e != 0 {
			t.Fatal(e)
		}
		st, e := fsys.Stat(".")
		if e != 0 || st.Nlink != 4 {
			t.Errorf("/package after a mkdir: links %d, %v; want 4", st.Nlink, e)
		}
		f, e := fsys.OpenFile("new", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
		if e != 0 {
			t.Fatal(e)
		}
		f.Close()
		for _, n := range []string{"made", "new"} {
			if st, e := fsys.Stat(n); e != 0 || st.Atim != start || st.Mtim != start || st.Ctim != start {
				t.Errorf("%s, made by the run in /package: %+v, %v; want its times start", n, st, e)
			}
		}
		return sts
	}
	a, b := run(), run()
	if len(a) != len(b) {
		t.Fatal(len(a), len(b))
	}
	times := map[int64]string{}
	for i, n := range []string{".", "asset", "sub", "sub/model"} {
		st := a[i]
		if st != b[i] {
			t.Errorf("%s: one seed, two runs: %+v, then %+v", n, st, b[i])
		}
		size, links := int64(7), uint64(1)
		switch n {
		case ".":
			size, links = 4096, 3
		case "sub":
			size, links = 4096, 2
		}
		if st.Size != size || st.Nlink != links {
			t.Errorf("%s: size %d, links %d; want %d and %d", n, st.Size, st.Nlink, size, links)
		}
		if st.Mtim >= st.Ctim || st.Ctim >= st.Atim || st.Atim >= start {
			t.Errorf("%s: atim %d mtim %d ctim %d; want mtim < ctim < atim, before start %d", n, st.Atim, st.Mtim, st.Ctim, start)
		}
		for _, tm := range []int64{st.Atim, st.Mtim, st.Ctim} {
			if other, ok := times[tm]; ok {
				t.Errorf("%s and %s show one time %d", n, other, tm)
			}
			times[tm] = n
		}
	}

	// The run's volume is made for it: its files show start.
	vol, err := Open(t.TempDir(), "/volume/tmp", true, NewBudget(Limits{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer vol.Close()
	vol.Virtualize(NewVirtual(start, []byte("case 1")), WasmtimeDev)
	f, e := vol.FS().OpenFile("f", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	if e != 0 {
		t.Fatal(e)
	}
	st, e := f.Stat()
	f.Close()
	if e != 0 || st.Atim != start || st.Mtim != start || st.Ctim != start {
		t.Errorf("a volume file: %+v, %v; want its times start", st, e)
	}
}
