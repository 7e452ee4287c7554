//go:build !unix

package sandboxfs

import (
	"io/fs"
	"os"
)

// This system's calls have no directory descriptors: the os.Root's calls
// stand in, which follow a last component that is a symbolic link (an
// open with O_NOFOLLOW) and refuse a directory as a rename's target
// (EEXIST).

func (m *Mount) openNoFollow(name string, flag int, perm fs.FileMode) (*os.File, error) {
	return m.root.OpenFile(name, flag, perm)
}

func (m *Mount) renameAt(from, to string) error { return m.root.Rename(from, to) }
