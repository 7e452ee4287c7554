//go:build wasip1 && !tinygo

package subako

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// protocolStreams returns fd 0 and fd 1 as Serve reads and writes them.
//
// Go's wasip1 start-up puts stdin, stdout and stderr in non-blocking mode
// so that its scheduler can poll them. Under Node's WASI (uvwasi) the files
// do not show that mode to the os package, so a read that finds a pipe
// empty for a moment (a client waiting between requests), or a write that
// finds it full (a large answer read slowly), fails with EAGAIN, "Try
// again", and the call breaks. So the streams go back to blocking mode,
// which suits a module that does one thing at a time, and are read and
// written with fd_read and fd_write directly; should a stream be left
// non-blocking anyway (a runtime that cannot change the mode, a dependency
// that sets it again), EAGAIN waits with poll_oneoff and retries.
func protocolStreams(_ io.Reader, _ io.Writer) (io.Reader, io.Writer) {
	for fd := range 3 {
		_ = syscall.SetNonblock(fd, false) // a runtime may refuse; EAGAIN is handled
	}
	return &wasiStream{fd: 0, name: "/dev/stdin"}, &wasiStream{fd: 1, name: "/dev/stdout"}
}

// wasiStream reads or writes one WASI file descriptor, waiting whenever it
// is not ready rather than failing.
type wasiStream struct {
	_    [0]func()
	fd   int
	name string
}

func (s *wasiStream) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(s.fd, b)
		switch {
		case err == syscall.EAGAIN:
			awaitReady(s.fd, eventFDRead)
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: s.name, Err: err}
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		default:
			return n, nil
		}
	}
}

func (s *wasiStream) Write(b []byte) (int, error) {
	done := 0
	for done < len(b) {
		n, err := syscall.Write(s.fd, b[done:])
		done += max(n, 0)
		switch {
		case err == syscall.EAGAIN:
			awaitReady(s.fd, eventFDWrite)
		case err != nil:
			return done, &os.PathError{Op: "write", Path: s.name, Err: err}
		case n <= 0:
			return done, io.ErrShortWrite
		}
	}
	return done, nil
}

// The WASI preview 1 event types of a subscription.
const (
	eventClock   = 0
	eventFDRead  = 1
	eventFDWrite = 2
)

// subscription is WASI's subscription_t: userdata, then the tag at offset
// 8 and its union at offset 16 (an fd for fd events; for clocks the clock
// id, then the timeout at offset 24, precision and flags).
type subscription struct {
	_        [0]func() // not comparable: spares the module an equality function
	userdata uint64
	tag      uint8
	_        [7]byte
	fd       uint32 // or the clock id
	_        uint32
	timeout  uint64
	_        [16]byte
}

// event is WASI's event_t.
type event struct {
	_        [0]func()
	userdata uint64
	_        [24]byte
}

//go:wasmimport wasi_snapshot_preview1 poll_oneoff
func pollOneoff(in, out unsafe.Pointer, n uint32, nevents unsafe.Pointer) uint32

// awaitReady blocks until fd is ready for the event, or 10 ms have passed:
// the bound keeps a runtime whose poll_oneoff never reports an fd event
// from stalling the call, at the cost of a retry now and then.
func awaitReady(fd int, ev uint8) {
	const monotonic, bound = 1, 10_000_000 // ns
	subs := [2]subscription{
		{userdata: 1, tag: ev, fd: uint32(fd)},
		{userdata: 2, tag: eventClock, fd: monotonic, timeout: bound},
	}
	var events [2]event
	var n uint32
	pollOneoff(unsafe.Pointer(&subs[0]), unsafe.Pointer(&events[0]), 2, unsafe.Pointer(&n))
}
