//go:build linux || darwin || freebsd

package host

import (
	"os"
	"runtime"
	"syscall"
)

// limitWorker caps the worker's address space. It keeps the worker's
// priority: a run may wait for a compilation for the cache (an interpreted
// run out of time is made again on the compiled code), and a worker at a
// lower priority waits for every busy process on the machine first.
func limitWorker(addrSpace int64) {
	if addrSpace > 0 {
		_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: uint64(addrSpace), Max: uint64(addrSpace)})
	}
}

// peakRSS is the process's peak resident memory, in bytes.
func peakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) //nolint:unconvert // int32 on 32-bit systems; bytes on darwin, kilobytes elsewhere
	}
	return int64(ru.Maxrss) << 10 //nolint:unconvert // int32 on 32-bit systems
}

// lockDir takes an exclusive lock on the open directory f, waiting for it
// when wait, else failing at once when another holds it. The lock lasts
// while f, or a copy of it in a child, is open.
func lockDir(f *os.File, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if err != syscall.EINTR {
			return err
		}
	}
}
