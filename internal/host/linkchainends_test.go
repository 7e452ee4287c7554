package host

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// TestLinkChainEndsAsWasmtime: the ends of a path through a chain of 12
// symbolic links (testdata/wasmtimeanswers/linkchainends.c: d a
// directory, e1 -> d, ..., e12 -> e11, h -> e12/missing, h2 ->
// e12/missing/deeper, all made by the module in /volume/tmp) answer as
// wasmtime's preview 1 does (cap-std, 40 links): path_open with O_CREAT
// of "e12/new" and with O_CREAT|O_EXCL of "e12/new2" create d/new and
// d/new2 (0, 0; the second O_EXCL EEXIST, 20), "e12/no/new" ENOENT (44);
// path_filestat_get, path_open and path_filestat_set_times with
// SYMLINK_FOLLOW of h, and the first two of h2, ENOENT; O_CREAT|O_EXCL
// of h EEXIST; d/new and d/new2 made, d/missing not (c 3). Attack pass
// 48e, row 1: the host answered "44,20,20,44,32,32,32,32,32,20," (c 0)
// and made nothing: the retry's walk never handed the mount a missing last
// component to create, the mount answered O_EXCL EEXIST for a name its
// look-up met too many links on the way to, and a dangling link at the
// end of a chain was handed back to the mount, which followed it and
// the chain again (13 links: ELOOP).
func TestLinkChainEndsAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,20,44,44,44,44,44,44,20,","c":3}`
	wantWasmtimeAnswer(t, "testdata/wasmtimeanswers/linkchainends.wasm", wasmtime)
}

// TestLinkChainRetryCreatesOnceInMount: through chainFS (as mounts.go
// builds it), a file created at the end of a chain of 12 links is made
// in the chain's directory and charged to the write budget once (one
// entry each, none for an open that creates nothing); a dangling link at
// the end of a chain answers ENOENT to a stat, an open and a
// set-times, and ELOOP (EEXIST with O_EXCL) to a create, as one dangling
// link does, its target not made; a create through a chain that climbs
// out of the mount is EPERM and through 41 links ELOOP, nothing made.
func TestLinkChainRetryCreatesOnceInMount(t *testing.T) {
	top := t.TempDir()
	mnt := filepath.Join(top, "mnt")
	if err := os.MkdirAll(filepath.Join(mnt, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(mnt, name)); err != nil {
			t.Fatal(err)
		}
	}
	chain := func(prefix, end string, n int) {
		link(end, prefix+"1")
		for i := 2; i <= n; i++ {
			link(fmt.Sprintf("%s%d", prefix, i-1), fmt.Sprintf("%s%d", prefix, i))
		}
	}
	chain("e", "d", 12)
	chain("k", "d", 41)
	chain("q", "..", 12)
	link("e12/missing", "h")
	link("e12/missing/deeper", "h2")
	b := sandboxfs.NewBudget(sandboxfs.CallLimits)
	m, err := sandboxfs.Open(mnt, "/volume", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	fsFor := func(raw string) chainFS {
		return chainFS{posixFS{FS: m.FS(), dir: m, s: &session{paths: pathCall{raw: []string{raw}}}}}
	}
	const creat, excl = experimentalsys.O_CREAT | experimentalsys.O_RDWR, experimentalsys.O_CREAT | experimentalsys.O_EXCL | experimentalsys.O_RDWR
	for _, c := range []struct {
		p       string
		flag    experimentalsys.Oflag
		errno   experimentalsys.Errno
		entries int64 // the budget's entries after the open
	}{
		{"e12/new", creat, 0, 1},
		{"e12/new", creat, 0, 1},
		{"e12/new2", excl, 0, 2},
		{"e12/new2", excl, experimentalsys.EEXIST, 2},
		{"e12/no/new", creat, experimentalsys.ENOENT, 2},
		{"h", experimentalsys.O_RDONLY, experimentalsys.ENOENT, 2},
		{"h2", experimentalsys.O_RDONLY, experimentalsys.ENOENT, 2},
		{"h", creat, experimentalsys.ELOOP, 2},
		{"h", excl, experimentalsys.EEXIST, 2},
		{"h2", creat, experimentalsys.ELOOP, 2},
		{"q12/new", creat, experimentalsys.EPERM, 2},
		{"k41/new", creat, experimentalsys.ELOOP, 2},
		{"k40/new3", excl, 0, 3},
	} {
		f, errno := fsFor(c.p).OpenFile(c.p, c.flag, 0o600)
		if errno == 0 {
			_ = f.Close()
		}
		if errno != c.errno || b.Entries() != c.entries {
			t.Errorf("open %s (%v): %v, %d entries charged; want %v, %d", c.p, c.flag, errno, b.Entries(), c.errno, c.entries)
		}
	}
	for _, name := range []string{"d/new", "d/new2", "d/new3"} {
		if _, err := os.Stat(filepath.Join(mnt, name)); err != nil {
			t.Errorf("%s not made: %v", name, err)
		}
	}
	for _, name := range []string{"d/missing", "new", "../new"} {
		if _, err := os.Lstat(filepath.Join(mnt, name)); err == nil {
			t.Errorf("%s was made", name)
		}
	}
	for _, p := range []string{"h", "h2"} {
		if _, errno := fsFor(p).Stat(p); errno != experimentalsys.ENOENT {
			t.Errorf("stat %s: %v, want ENOENT", p, errno)
		}
	}
	if errno := fsFor("h").Utimens("h", 0, 0); errno != experimentalsys.ENOENT {
		t.Errorf("set times of h: %v, want ENOENT", errno)
	}
}
