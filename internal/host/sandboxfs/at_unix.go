//go:build unix

package sandboxfs

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"golang.org/x/sys/unix"
)

// Calls on a name's last component itself, which the os.Root has no form
// for: the os.Root opens the name's directory (following any symbolic
// link in the directory's path, within the mount), and the call is made
// on that directory's descriptor with the last component, which holds no
// "/" but for trailing slashes and is never "..": nothing is looked up by
// name but beneath the directory's descriptor, so a name swapped for a
// link during the call leads nowhere else (as the os.Root's own calls).

// inParent runs f on the descriptor of name's directory, opened through
// the mount's os.Root, and name's last component (lastComponent).
func (m *Mount) inParent(name string, keepSlash bool, f func(dirfd int, base string) error) error {
	dir, base := lastComponent(name, keepSlash)
	if strings.TrimRight(base, "/") == ".." {
		return &fs.PathError{Op: "at", Path: name, Err: unix.EPERM} // never above the directory
	}
	d, err := m.root.OpenFile(dir, os.O_RDONLY|oDirectory, 0)
	if err != nil {
		return err
	}
	defer d.Close()
	conn, err := d.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := conn.Control(func(fd uintptr) { ferr = f(int(fd), base) }); err != nil {
		return err
	}
	var inner *fs.PathError
	if ferr == nil || errors.As(ferr, &inner) {
		return ferr // nil, or the error of an inParent inside f
	}
	return &fs.PathError{Op: "at", Path: name, Err: ferr}
}

// ignoringEINTR runs f again while it answers EINTR.
func ignoringEINTR(f func() error) error {
	for {
		if err := f(); !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

// openNoFollow is open(2) of name with O_NOFOLLOW, which the os.Root does
// not keep: it adds O_NOFOLLOW to each openat and then follows a last
// component that is a symbolic link itself (within the mount), whatever
// the flags. Here a link answers ELOOP, as open(2) with O_NOFOLLOW and
// Subako's runtime do (attack pass 46a, row 2: OFLAGS_TRUNC emptied the
// link's target), and so does O_DIRECTORY of one, as Subako's runtime
// answers it (Linux: ENOTDIR; attack pass 45a, row 11). The mount itself
// ("."), and a name with a trailing slash, are opened by the os.Root:
// neither is a link's own name, and the kernel follows a link named with
// a trailing slash whatever O_NOFOLLOW says, out of the mount too.
func (m *Mount) openNoFollow(name string, flag int, perm fs.FileMode) (*os.File, error) {
	if name == "." || strings.HasSuffix(name, "/") {
		return m.root.OpenFile(name, flag, perm)
	}
	fd := -1
	err := m.inParent(name, false, func(dirfd int, base string) error {
		return ignoringEINTR(func() error {
			var err error
			fd, err = unix.Openat(dirfd, base, flag|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(perm.Perm()))
			if err == unix.ENOTDIR && flag&unix.O_DIRECTORY != 0 {
				var st unix.Stat_t
				if unix.Fstatat(dirfd, base, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
					err = unix.ELOOP
				}
			}
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), name), nil
}

// renameAt is rename(2) of from onto to, each name's last component in
// its directory, so the kernel's answers come back: a directory replaces
// an empty directory, and a directory that is not empty is ENOTEMPTY, a
// file moved onto a directory EISDIR, a directory onto a file ENOTDIR, as
// on Subako's runtime. The os.Root's Rename refused any existing directory
// as the target with EEXIST, as os.Rename does (attack pass 46a, row 1).
// Trailing slashes are kept: rename(2) follows no link for them, it only
// requires directories.
func (m *Mount) renameAt(from, to string) error {
	return m.inParent(from, true, func(fromDir int, fromBase string) error {
		return m.inParent(to, true, func(toDir int, toBase string) error {
			return ignoringEINTR(func() error { return unix.Renameat(fromDir, fromBase, toDir, toBase) })
		})
	})
}

// utimensNoFollow sets the times of name itself, a symbolic link's own
// (utimensat(2) with AT_SYMLINK_NOFOLLOW), once check has passed what
// name is (its lstat, in the same directory descriptor), and says which
// file it set (its device and inode).
func (m *Mount) utimensNoFollow(name string, atim, mtim int64, check func(regular bool, key fileKey, links uint64) error) (fileKey, error) {
	var key fileKey
	err := m.inParent(name, false, func(dirfd int, base string) error {
		var st unix.Stat_t
		if err := ignoringEINTR(func() error { return unix.Fstatat(dirfd, base, &st, unix.AT_SYMLINK_NOFOLLOW) }); err != nil {
			return err
		}
		key = fileKey{uint64(st.Dev), uint64(st.Ino)}                                             //nolint:unconvert // not uint64 on every system
		if err := check(st.Mode&unix.S_IFMT == unix.S_IFREG, key, uint64(st.Nlink)); err != nil { //nolint:unconvert // not uint64 on every system
			return err
		}
		ts := []unix.Timespec{timespec(atim, st.Atim), timespec(mtim, st.Mtim)}
		return ignoringEINTR(func() error { return unix.UtimesNanoAt(dirfd, base, ts, unix.AT_SYMLINK_NOFOLLOW) })
	})
	return key, err
}

// timespec is ns as utimensat(2) takes it; UTIME_OMIT is the time as it
// was, kept (not every system's package names UTIME_OMIT).
func timespec(ns int64, was unix.Timespec) unix.Timespec {
	if ns == experimentalsys.UTIME_OMIT {
		return was
	}
	return unix.NsecToTimespec(ns)
}

// reopenDir opens the directory f again (openat(2) of "." beneath it): a
// new descriptor of the same directory, with its own listing.
func reopenDir(f *os.File) (*os.File, error) {
	conn, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	fd := -1
	var ferr error
	if err := conn.Control(func(dirfd uintptr) {
		ferr = ignoringEINTR(func() error {
			var err error
			fd, err = unix.Openat(int(dirfd), ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
			return err
		})
	}); err != nil {
		return nil, err
	}
	if ferr != nil {
		return nil, ferr
	}
	return os.NewFile(uintptr(fd), f.Name()), nil
}
