//go:build linux

package host

import (
	"os"

	"golang.org/x/sys/unix"
)

// pipeAvailable is how many bytes wait in the pipe f (FIONREAD).
func pipeAvailable(f *os.File) int {
	n := 0
	_ = controlFD(f, func(fd int) { n, _ = unix.IoctlGetInt(fd, unix.TIOCINQ) })
	return n
}

// setPipeSize sets the size of the pipe f is an end of (F_SETPIPE_SZ).
func setPipeSize(f *os.File, size int) error {
	var err error
	if cerr := controlFD(f, func(fd int) { _, err = unix.FcntlInt(uintptr(fd), unix.F_SETPIPE_SZ, size) }); cerr != nil {
		return cerr
	}
	return err
}

// pipeSizeFixed says that a pipe's size is set (F_SETPIPE_SZ) and read
// back here.
const pipeSizeFixed = true

// pipeSize is the size of the pipe f is an end of (F_GETPIPE_SZ).
func pipeSize(f *os.File) int {
	n := 0
	_ = controlFD(f, func(fd int) { n, _ = unix.FcntlInt(uintptr(fd), unix.F_GETPIPE_SZ, 0) })
	return n
}

func controlFD(f *os.File, fn func(fd int)) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	return rc.Control(func(fd uintptr) { fn(int(fd)) })
}
