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
