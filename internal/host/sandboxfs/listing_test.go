package sandboxfs

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestListingsBounded (attack pass 43j, row 3): a module made 10,000
// entries of long names and read one entry from each of many descriptors
// of the directory; under a Virtual each held the whole sorted listing,
// ~2.6 MB here, some 3 GB at 1,020 descriptors. The run's listings now
// hold at most MaxListing: past it a listing is refused (EIO, ENOMEM to the
// module), and closing or rewinding a descriptor gives its share back.
func TestListingsBounded(t *testing.T) {
	dir := t.TempDir()
	name := strings.Repeat("n", 200)
	for i := range listedFiles {
		f, err := os.Create(filepath.Join(dir, name+itoa5(i)))
		if err != nil {
			t.Fatal(err)
		}
		_ = f.Close()
	}
	perListing := int64(listedFiles * (direntCost + len(name) + 5))
	for _, virtual := range []bool{true, false} {
		t.Run(map[bool]string{true: "seeded", false: "unseeded"}[virtual], func(t *testing.T) {
			testListingsBounded(t, dir, perListing, virtual)
		})
	}
}

const listedFiles = 10_000

func testListingsBounded(t *testing.T, dir string, perListing int64, virtual bool) {
	const files, descriptors = listedFiles, 50
	b := NewBudget(Limits{})
	m, err := Open(dir, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if virtual {
		m.Virtualize(NewVirtual(0, nil), 1)
	}
	// Seeded, the first read lists the directory whole; unseeded, wazero's
	// cache of one fd_readdir of a large buffer does.
	n := 1
	if !virtual {
		n = files
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var open []experimentalsys.File
	defer func() {
		for _, f := range open {
			f.Close()
		}
	}()
	refused := 0
	for range descriptors {
		f, e := m.FS().OpenFile(".", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
		if e != 0 {
			t.Fatal(e)
		}
		open = append(open, f)
		d, e := f.Readdir(n)
		switch {
		case e == experimentalsys.EIO:
			refused++
			if !b.ListingRefused() {
				t.Fatal("a listing answered EIO but the budget did not say it refused it")
			}
		case e != 0:
			t.Fatal(e)
		case len(d) != n:
			t.Fatalf("listed %d entries, want %d", len(d), n)
		}
		if b.Listed() > MaxListing {
			t.Fatalf("listings hold %d bytes, past MaxListing %d", b.Listed(), MaxListing)
		}
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d descriptors: %d refused, %d bytes charged, heap +%d MiB", descriptors, refused, b.Listed(), held>>20)
	if want := descriptors - MaxListing/perListing; int64(refused) < want {
		t.Errorf("%d listings refused, want at least %d", refused, want)
	}
	if bound := int64(MaxListing + 16<<20); held > bound {
		t.Errorf("%d open listings hold %d MiB of heap, want at most %d", descriptors, held>>20, bound>>20)
	}
	// A rewind lists again from the start, charging the new listing only.
	listed := b.Listed()
	if _, e := open[0].Seek(0, io.SeekStart); e != 0 {
		t.Fatal(e)
	}
	if _, e := open[0].Readdir(n); e != 0 {
		t.Fatalf("a rewound listing: %v", e)
	}
	if b.Listed() != listed {
		t.Errorf("after a rewind the listings hold %d bytes, want %d as before", b.Listed(), listed)
	}
	for _, f := range open {
		f.Close()
	}
	open = nil
	if b.Listed() != 0 {
		t.Errorf("with every descriptor closed the listings hold %d bytes, want 0", b.Listed())
	}
	f, e := m.FS().OpenFile(".", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	defer f.Close()
	if d, e := f.Readdir(-1); e != 0 || len(d) != files {
		t.Errorf("after the closes: %d entries, %v; want all %d", len(d), e, files)
	}
}

func itoa5(i int) string {
	s := "0000" + strconv.Itoa(i)
	return s[len(s)-5:]
}
