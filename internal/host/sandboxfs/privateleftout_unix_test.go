//go:build unix

package sandboxfs

import (
	"net"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestPrivateCopyCountsEntriesLeftOut: the entries a Private's copy leaves
// out (FIFOs, a socket, a device where the test may make one) are counted
// as the walk meets them, in Budget.Copied and against PrivateLimits'
// entries: a directory of one file and 20 FIFOs is refused under a cap of
// 10 entries, and copied under a larger one with every entry counted by
// both walks. Attack pass 46h, row 6: they were skipped uncounted, so a
// package of FIFOs was walked at no charge and past the cap.
func TestPrivateCopyCountsEntriesLeftOut(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := privateTree(t, map[string]string{"a": "1"})
	entries := int64(1)
	for i := range 20 {
		if err := syscall.Mkfifo(filepath.Join(dir, "p"+strconv.Itoa(i)), 0o644); err != nil {
			t.Fatal(err)
		}
		entries++
	}
	if l, err := net.ListenUnix("unix", &net.UnixAddr{Name: filepath.Join(dir, "s"), Net: "unix"}); err == nil {
		l.SetUnlinkOnClose(false)
		_ = l.Close()
		entries++
	}
	if syscall.Mknod(filepath.Join(dir, "null"), syscall.S_IFCHR|0o644, 0x103) == nil { // 1:3, as root
		entries++
	}
	for _, c := range []struct {
		cap  int64
		want experimentalsys.Errno
	}{{10, experimentalsys.EIO}, {100, 0}} {
		b := NewBudget(Limits{})
		p := NewPrivate(dir, b, nil)
		p.lim = Limits{Bytes: 1 << 20, Entries: c.cap, Depth: 4}
		m, err := p.Open(".", "/package")
		if err != nil {
			t.Fatal(err)
		}
		if e := m.FS().Mkdir("d", 0o755); e != c.want {
			t.Errorf("a cap of %d entries, %d in the directory: mkdir answered %v, want %v (host refused: %v)", c.cap, entries, e, c.want, b.HostRefused())
		}
		got, _ := b.Copied()
		want := 2 * entries // the walk that measures, then the copy
		if c.want != 0 {
			want = c.cap + 1 // the measuring walk, up to the entry past the cap
		}
		if got != want {
			t.Errorf("a cap of %d entries: %d counted, want %d (%d entries in the directory)", c.cap, got, want, entries)
		}
		if err := m.Close(); err != nil {
			t.Error(err)
		}
		emptyTmp(t, tmp, "the mount closed")
	}
}
