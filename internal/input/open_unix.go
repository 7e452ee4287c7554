//go:build linux || darwin || freebsd || netbsd || openbsd

package input

import (
	"os"
	"syscall"
)

// noFollow refuses a symbolic link as the last element of the path;
// nonBlock keeps open from waiting on a FIFO's writer.
const (
	noFollow = syscall.O_NOFOLLOW
	nonBlock = syscall.O_NONBLOCK
)

// mapFile maps a regular file read-only.
func mapFile(f *os.File, size int64) ([]byte, func(), bool) {
	if size <= 0 {
		return nil, nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	return data, func() { _ = syscall.Munmap(data) }, true
}
