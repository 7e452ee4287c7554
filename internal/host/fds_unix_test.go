//go:build unix

package host

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestProcessFileLimitRecorded (attack pass 43i, row 5): an open the
// operating system refuses for the process's descriptor limit (EMFILE,
// ulimit -n, a machine setting) is not the module's: the record names the
// limit (HostRefused), which the probes then do not judge. Under a soft
// limit of 256 the module's loop of opens stops well before MaxOpenFiles.
func TestProcessFileLimitRecorded(t *testing.T) {
	h, err := New(context.Background(), Options{CacheDir: "-", Engine: testEngine})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, fdModule(append(wantCount(MaxOpenFiles), openLoop()...)))
	restore := lowerFileLimit(t, 64)
	s, err := h.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
	if err != nil {
		restore()
		t.Fatal(err)
	}
	r := s.wait()
	restore()
	if !r.Exited || r.ExitCode != 1 {
		t.Errorf("%+v, want exit 1 (fewer than MaxOpenFiles files opened)", r)
	}
	if !strings.Contains(r.HostRefused, "ulimit -n") || r.FilesRefused {
		t.Errorf("HostRefused %q, FilesRefused %v: want the process's open-file limit named", r.HostRefused, r.FilesRefused)
	}
}

// lowerFileLimit sets the process's soft descriptor limit to what it holds
// now and room more, and returns what restores it (skipping the test when
// the limit cannot be read or set).
func lowerFileLimit(t *testing.T, room uint64) (restore func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	held, err := os.ReadDir("/dev/fd")
	if err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = uint64(len(held)) + room
	if lim.Cur >= old.Cur {
		t.Skipf("the soft limit %d is already that low", old.Cur)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	return func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
			t.Error(err)
		}
	}
}
