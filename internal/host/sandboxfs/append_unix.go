//go:build unix

package sandboxfs

import (
	"os"

	"golang.org/x/sys/unix"
)

// setAppend turns the descriptor's O_APPEND on or off (fcntl F_SETFL).
func setAppend(f *os.File, on bool) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	err = c.Control(func(fd uintptr) {
		var flags int
		if flags, ferr = unix.FcntlInt(fd, unix.F_GETFL, 0); ferr != nil {
			return
		}
		if on {
			flags |= unix.O_APPEND
		} else {
			flags &^= unix.O_APPEND
		}
		_, ferr = unix.FcntlInt(fd, unix.F_SETFL, flags)
	})
	if err != nil {
		return err
	}
	return ferr
}

// pwriteAppend is pwrite(2) on a descriptor in append mode: Linux writes
// at the end and leaves the descriptor's offset where it was, as Subako's
// runtime does; Go's File.WriteAt refuses a file opened with O_APPEND.
func pwriteAppend(f *os.File, p []byte, off int64) (int, error) {
	c, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var n int
	var werr error
	err = c.Write(func(fd uintptr) bool {
		n, werr = unix.Pwrite(int(fd), p, off)
		return werr != unix.EAGAIN
	})
	if err != nil {
		return n, err
	}
	if n < 0 {
		n = 0
	}
	return n, werr
}
