package sandboxfs

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// Subako's runtime answers a file's ctim with its birth time (wasmtime's
// preview 1 shows p2's status_change_timestamp, which is the metadata's
// created(): statx's btime on Linux), which no write, truncation or
// fd_filestat_set_times moves, and 0 where the file system keeps none
// (its created() fails, and wasmtime answers 0). The host showed the
// inode's change time, which they move: a set of the times between two
// fd_filestat_get told the host from Subako's runtime (attack pass 49a,
// row 7).

// birthAt is the birth time (ns since the epoch) statx(2) gives for name
// in dirfd ("" with AT_EMPTY_PATH: dirfd's own file), 0 when the file
// system keeps none, the call fails or the time is before the epoch
// (which wasmtime cannot show either).
func birthAt(dirfd int, name string, flags int) int64 {
	var stx unix.Statx_t
	err := ignoringEINTR(func() error { return unix.Statx(dirfd, name, flags, unix.STATX_BTIME, &stx) })
	if err != nil || stx.Mask&unix.STATX_BTIME == 0 || stx.Btime.Sec < 0 {
		return 0
	}
	return stx.Btime.Sec*1e9 + int64(stx.Btime.Nsec)
}

// fileBirthTime is the birth time of the open file f.
func fileBirthTime(f *os.File) int64 {
	conn, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	var t int64
	if err := conn.Control(func(fd uintptr) { t = birthAt(int(fd), "", unix.AT_EMPTY_PATH) }); err != nil {
		return 0
	}
	return t
}

// birthIn is the birth time of the entry base of the open directory dir
// (a symbolic link's own).
func birthIn(dir *os.File, base string) int64 {
	conn, err := dir.SyscallConn()
	if err != nil {
		return 0
	}
	var t int64
	if err := conn.Control(func(fd uintptr) { t = birthAt(int(fd), base, unix.AT_SYMLINK_NOFOLLOW) }); err != nil {
		return 0
	}
	return t
}

// birthTime is the birth time of name in the mount, of a symbolic link's
// target when follow is set (opened through the os.Root, which keeps it
// in the mount; non-blocking, as a FIFO may be the target), else of name
// itself, looked up beneath its directory's descriptor (inParent).
func (m *Mount) birthTime(name string, follow bool) int64 {
	if follow {
		if info, err := m.root.Lstat(name); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			f, err := m.root.OpenFile(name, os.O_RDONLY|unix.O_NONBLOCK, 0)
			if err != nil {
				return 0
			}
			defer f.Close()
			return fileBirthTime(f)
		}
	}
	var t int64
	_ = m.inParent(name, false, func(dirfd int, base string) error {
		t = birthAt(dirfd, base, unix.AT_SYMLINK_NOFOLLOW)
		return nil
	})
	return t
}
