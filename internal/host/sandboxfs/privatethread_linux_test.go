package sandboxfs

import (
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestPrivateCopyOffTheCallersThread (attack pass 45h, row 1): the copy
// is made on a thread other than the caller's (the module's, whose CPU
// time is its time), and a copy that failed is made once: the next change
// answers the kept refusal without walking the directory again (row 3).
func TestPrivateCopyOffTheCallersThread(t *testing.T) {
	runtime.LockOSThread() // as the module's goroutine is
	defer runtime.UnlockOSThread()
	caller := syscall.Gettid()
	var copiedOn []int
	copyThread = func() { copiedOn = append(copiedOn, syscall.Gettid()) }
	defer func() { copyThread = nil }()
	for _, tmp := range []string{"dir", "file"} {
		t.Run("TMPDIR a "+tmp, func(t *testing.T) {
			copiedOn = nil
			tmpdir := t.TempDir()
			if tmp == "file" {
				tmpdir = filepath.Join(tmpdir, "f")
				if err := os.WriteFile(tmpdir, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("TMPDIR", tmpdir)
			b := NewBudget(Limits{})
			m, err := NewPrivate(privateTree(t, map[string]string{"a": "1"}), b, nil).Open(".", "/package")
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			want := experimentalsys.Errno(0)
			if tmp == "file" {
				want = experimentalsys.EIO
			}
			for _, d := range []string{"d", "e"} {
				if e := m.FS().Mkdir(d, 0o755); e != want {
					t.Errorf("mkdir %s: %v, want %v", d, e, want)
				}
			}
			if len(copiedOn) != 1 || copiedOn[0] == caller {
				t.Errorf("copies made on threads %v, the caller's %d; want one, on another thread", copiedOn, caller)
			}
			if hr := b.HostRefused(); (hr != nil) != (tmp == "file") {
				t.Errorf("the host's refusal: %+v", hr)
			}
		})
	}
}
