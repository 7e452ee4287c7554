//go:build unix

package sandboxfs

import (
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// rootID is the mount's directory's device and inode, which dirDepth walks
// up to.
func (m *Mount) rootID() [2]uint64 {
	info, err := m.root.Stat(".")
	if err != nil {
		return [2]uint64{}
	}
	return fileID(info)
}

// dirID is the directory dir's device and inode (zero when it cannot be
// read): a Private's top, which its members' dirDepth walks up to.
func dirID(dir string) [2]uint64 {
	info, err := os.Stat(dir)
	if err != nil {
		return [2]uint64{}
	}
	return fileID(info)
}

func fileID(info fs.FileInfo) [2]uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return [2]uint64{uint64(st.Dev), uint64(st.Ino)} //nolint:unconvert // not uint64 on every system
	}
	return [2]uint64{}
}

// dirDepth is how many levels beneath the mount the directory dir really
// is: the os.Root opens it, following any symbolic link in its middle as
// the create beneath it will, and the walk goes up its ".." to the mount's
// directory (for a mount beneath a Private's top, to the top: belowTop),
// at most limit+1 steps. A directory not met within them, or a
// step that fails, is taken as limit+1 (too deep). It holds two
// descriptors at a time whatever the depth (attack pass 42j, row 1).
func (m *Mount) dirDepth(dir string, limit int) int {
	if m.id == ([2]uint64{}) {
		return m.nameDepth(dir)
	}
	f, err := m.root.Open(dir)
	if err != nil {
		return m.nameDepth(dir) // the create beneath it fails on its own
	}
	defer f.Close()
	conn, err := f.SyscallConn()
	if err != nil {
		return limit + 1
	}
	n := limit + 1
	_ = conn.Control(func(fd uintptr) {
		cur, owned := int(fd), false
		defer func() {
			if owned {
				_ = unix.Close(cur)
			}
		}()
		var st unix.Stat_t
		for i := 0; i <= limit; i++ {
			if unix.Fstat(cur, &st) != nil {
				return
			}
			if uint64(st.Dev) == m.id[0] && uint64(st.Ino) == m.id[1] { //nolint:unconvert // not uint64 on every system
				n = i
				return
			}
			up, err := unix.Openat(cur, "..", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
			if err != nil {
				return
			}
			if owned {
				_ = unix.Close(cur)
			}
			cur, owned = up, true
		}
	})
	return n
}
