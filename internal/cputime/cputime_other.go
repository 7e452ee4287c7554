//go:build !linux

package cputime

import (
	"os"
	"time"
)

// Thread falls back to the wall clock where a thread's CPU clock cannot be
// read from another thread: there a busy machine can still make a module
// look slow (see docs/host.md, the time model).
type Thread struct{ start time.Time }

// CurrentThread is a wall clock from now.
func CurrentThread() *Thread { return &Thread{start: time.Now()} }

// Elapsed is the wall time since the clock was made.
func (t *Thread) Elapsed() time.Duration { return time.Since(t.start) }

var processStart = time.Now()

// Process falls back to the wall time since the process started.
func Process() time.Duration { return time.Since(processStart) }

// Measured says whether these clocks count CPU time (false here: they are
// the wall clock).
const Measured = false

// LimitProcess cannot cap another process's CPU time here: it reports
// false, and the caller's wall-clock backstop is the only bound.
func LimitProcess(pid int, limit time.Duration) bool { return false }

// KilledAtLimit is false here: LimitProcess sets no limit to be killed at.
func KilledAtLimit(ps *os.ProcessState) bool { return false }
