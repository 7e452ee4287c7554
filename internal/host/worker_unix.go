//go:build linux || darwin || freebsd

package host

import "syscall"

// limitWorker caps the worker's address space and, for a background
// worker, lowers its priority.
func limitWorker(addrSpace int64, background bool) {
	if addrSpace > 0 {
		_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: uint64(addrSpace), Max: uint64(addrSpace)})
	}
	if background {
		_ = syscall.Setpriority(syscall.PRIO_PROCESS, 0, 10)
	}
}
