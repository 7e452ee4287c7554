//go:build unix

package host

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// errPipeFull is a write to a full pipe: nothing was written.
var errPipeFull = errors.New("pipe full")

// setNonblocking makes the pipe's write end w non-blocking (os.Pipe does
// already, for Go's poller, unless the poller refused it).
func setNonblocking(w *os.File) error {
	rc, err := w.SyscallConn()
	if err != nil {
		return err
	}
	cerr := rc.Control(func(fd uintptr) { err = unix.SetNonblock(int(fd), true) })
	if cerr != nil {
		return cerr
	}
	return err
}

// pipeWrite writes b to the pipe's write end w without blocking (made
// non-blocking by setNonblocking; Go's own Write would wait in its poller
// for room, this does not): errPipeFull when the pipe has no room for it (b is at most
// PIPE_BUF bytes, which a pipe takes whole or not at all).
func pipeWrite(w *os.File, b []byte) (int, error) {
	rc, err := w.SyscallConn()
	if err != nil {
		return 0, err
	}
	n := 0
	werr := rc.Write(func(fd uintptr) bool {
		for {
			n, err = unix.Write(int(fd), b)
			if !errors.Is(err, unix.EINTR) {
				return true // done, or full: never wait for room here
			}
		}
	})
	switch {
	case werr != nil:
		return 0, werr
	case errors.Is(err, unix.EAGAIN):
		return 0, errPipeFull
	case err != nil:
		return 0, err
	}
	return n, nil
}
