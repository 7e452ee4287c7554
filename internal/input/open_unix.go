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

// mapSpace reserves size bytes of anonymous memory to read a stream into:
// the system gives it pages only as they are written, so a stream costs
// what it sent, never a copy or a doubled buffer.
func mapSpace(size int64) ([]byte, func(), bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, false
	}
	data, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	return data, func() { _ = syscall.Munmap(data) }, true
}
