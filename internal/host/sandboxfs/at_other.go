//go:build !unix

package sandboxfs

import (
	"errors"
	"io/fs"
	"os"
)

// This system's calls have no directory descriptors: the os.Root's calls
// stand in, which follow a last component that is a symbolic link (an
// open with O_NOFOLLOW, a time set on a link) and refuse a directory as
// a rename's target (EEXIST).

func (m *Mount) openNoFollow(name string, flag int, perm fs.FileMode) (*os.File, error) {
	return m.root.OpenFile(name, flag, perm)
}

func (m *Mount) renameAt(from, to string) error { return m.root.Rename(from, to) }

func (m *Mount) utimensNoFollow(name string, atim, mtim int64, check func(regular bool, key fileKey, links uint64) error) (fileKey, error) {
	info, err := m.root.Stat(name)
	if err != nil {
		return fileKey{}, err
	}
	if err := check(info.Mode().IsRegular(), keyOf(info), links(info)); err != nil {
		return fileKey{}, err
	}
	if err := m.root.Chtimes(name, timeOf(atim), timeOf(mtim)); err != nil {
		return fileKey{}, err
	}
	return keyOf(info), nil
}

// reopenDir has no directory descriptors to open the directory f through.
func reopenDir(*os.File) (*os.File, error) { return nil, errors.ErrUnsupported }
