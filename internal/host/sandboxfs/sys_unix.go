//go:build unix

package sandboxfs

import (
	"io/fs"
	"syscall"
)

// Open flags the os package does not name.
const (
	oDirectory = syscall.O_DIRECTORY
	oNofollow  = syscall.O_NOFOLLOW
	oNonblock  = syscall.O_NONBLOCK // so that a FIFO is refused, not waited on
)

// links is how many hard links the file has.
func links(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink) //nolint:unconvert // not uint64 on every system (uint16 on darwin)
	}
	return 1
}
