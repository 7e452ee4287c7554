//go:build unix

package sandboxfs

import (
	"errors"
	"io/fs"
	"os"
	"strings"

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
