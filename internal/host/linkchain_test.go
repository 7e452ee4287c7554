package host

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// TestLinkChainBoundInMount: chainFS follows a chain of symbolic links up
// to maxLinks (40) in all, as Linux and Subako's runtime do, where the
// mount's os.Root follows 8: a stat and an open through 40 links reach
// the file, 41 answer ELOOP; a chain of 12 as a directory component
// (e12/x, e12/new) is walked for a stat and a mkdir, which lands in the
// chain's directory; a chain of 12 whose end climbs out of the mount
// answers EPERM and reads nothing outside it; a chain of 12 to a missing
// name answers as one dangling link does (ENOENT; ELOOP for O_CREAT,
// nothing created); a link's own lstat is the link's (no retry).
func TestLinkChainBoundInMount(t *testing.T) {
	top := t.TempDir()
	mnt := filepath.Join(top, "mnt")
	if err := os.MkdirAll(filepath.Join(mnt, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"mnt/f", "mnt/d/x", "secret"} {
		if err := os.WriteFile(filepath.Join(top, f), []byte("1"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	chain := func(prefix, end string, n int) {
		for i := 1; i <= n; i++ {
			target := end
			if i > 1 {
				target = fmt.Sprintf("%s%d", prefix, i-1)
			}
			if err := os.Symlink(target, filepath.Join(mnt, fmt.Sprintf("%s%d", prefix, i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	chain("c", "f", 41)
	chain("e", "d", 12)
	chain("p", "../secret", 12)
	chain("g", "missing", 12)
	m, err := sandboxfs.Open(mnt, "/volume", true, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	fsFor := func(raw string) chainFS {
		return chainFS{posixFS{FS: m.FS(), dir: m, s: &session{paths: pathCall{raw: []string{raw}}}}}
	}
	for _, c := range []struct {
		p     string
		errno experimentalsys.Errno
	}{
		{"c8", 0}, {"c9", 0}, {"c40", 0}, {"c41", experimentalsys.ELOOP},
		{"e12/x", 0}, {"p12", experimentalsys.EPERM}, {"p8", experimentalsys.EPERM},
		{"g12", experimentalsys.ENOENT}, {"g3", experimentalsys.ENOENT},
	} {
		if _, errno := fsFor(c.p).Stat(c.p); errno != c.errno {
			t.Errorf("stat %s: %v, want %v", c.p, errno, c.errno)
		}
		f, errno := fsFor(c.p).OpenFile(c.p, experimentalsys.O_RDONLY, 0o600)
		if errno != c.errno {
			t.Errorf("open %s: %v, want %v", c.p, errno, c.errno)
		}
		if errno == 0 {
			_ = f.Close()
		}
	}
	if st, errno := fsFor("c41").Lstat("c41"); errno != 0 || st.Mode&os.ModeSymlink == 0 {
		t.Errorf("lstat c41: %v %v, want the link's own", st.Mode, errno)
	}
	for _, g := range []string{"g3", "g12"} {
		if _, errno := fsFor(g).OpenFile(g, experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o600); errno != experimentalsys.ELOOP {
			t.Errorf("open %s with O_CREAT: %v, want ELOOP as through one dangling link", g, errno)
		}
	}
	if _, err := os.Lstat(filepath.Join(mnt, "missing")); err == nil {
		t.Errorf("a dangling chain's target was created")
	}
	if errno := fsFor("e12/new").Mkdir("e12/new", 0o755); errno != 0 {
		t.Errorf("mkdir e12/new: %v", errno)
	}
	if info, err := os.Stat(filepath.Join(mnt, "d", "new")); err != nil || !info.IsDir() {
		t.Errorf("d/new: %v", err)
	}
}
