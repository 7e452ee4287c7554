package cputime

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Thread reads one OS thread's CPU time, from any thread: Linux names a
// thread's CPU clock by its id (what glibc's pthread_getcpuclockid does:
// MAKE_THREAD_CPUCLOCK with CPUCLOCK_SCHED).
type Thread struct {
	id    int32
	start time.Duration
}

// CurrentThread is the calling thread's clock, from now; the caller has
// locked its goroutine to the thread (runtime.LockOSThread).
func CurrentThread() *Thread {
	tid := unix.Gettid()
	t := &Thread{id: int32(^uint32(tid)<<3) | 6}
	t.start = t.read()
	return t
}

func (t *Thread) read() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(t.id, &ts) != nil {
		return t.start // the thread is gone
	}
	return time.Duration(ts.Nano())
}

// Elapsed is the thread's CPU time since the clock was made.
func (t *Thread) Elapsed() time.Duration { return max(0, t.read()-t.start) }

// Process is this process's CPU time so far, user and system, all threads.
func Process() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Measured says whether these clocks count CPU time (true here) or fall
// back to the wall clock.
const Measured = true

// LimitProcess caps the CPU time of the process pid (a child this process
// started) at limit, rounded up to whole seconds, user and system, all its
// threads: the kernel kills it (SIGKILL) when it has used it (RLIMIT_CPU,
// set with prlimit). It reports whether the cap is set.
func LimitProcess(pid int, limit time.Duration) bool {
	secs := uint64((limit + time.Second - 1) / time.Second)
	return unix.Prlimit(pid, unix.RLIMIT_CPU, &unix.Rlimit{Cur: secs, Max: secs}, nil) == nil
}

// KilledAtLimit says whether a process LimitProcess capped ended by the
// kernel's signals at its RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL
// at the hard one. It reads the signal, not the process's rusage, which
// counts its CPU time at another grain than the limit does (a loop killed
// at a limit of 1 s reported 0.8 s on a loaded machine).
func KilledAtLimit(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && (ws.Signal() == syscall.SIGKILL || ws.Signal() == syscall.SIGXCPU)
}
