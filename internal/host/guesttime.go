package host

import (
	"sync/atomic"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
)

// The module's own time. Every limit that judges a module (discovery's
// 10 s, a call's timeout, the exit grace after stdin closes) counts the
// time the module spent, never the wall clock: the CPU time of the OS
// thread that runs the instance, plus the waits it asked for (a sleep, a
// poll_oneoff timeout), which it is granted at once instead of waited for.
// A module that sleeps 15 s is judged at once, and nothing a module sees or
// is judged by depends on how busy the machine is. The wall clock is kept
// only as a backstop (Backstop: fifty times a limit, at least a minute) against a host stuck
// outside the guest, which is then the host's condition (Record.Stalled),
// never the module's fault.

// BackstopFactor is how many times its limit in the module's own time a
// run may take on the wall clock before the host gives up on it as stalled
// (the machine is too busy, or the host is stuck outside the guest), and
// MinBackstop the least wall time it is given, so that a short limit (a
// test's) does not make the backstop a wall-clock limit in disguise. Fifty
// times lets a process held to 2% of a core reach every limit, so that at
// 3% (a 2-core runner at a load of 35) every verdict is still judged, deep
// probes of a Go module (30 s of CPU) included; a host stuck outside the
// guest is given up after 50 times a call's limit, which nothing the
// module does can cause.
const (
	BackstopFactor = 50
	MinBackstop    = time.Minute
)

// A Backstop is the wall-clock bound of work limited to Limit of the
// module's own time or of CPU time: past Deadline it is given up as
// stalled (Stalled), the machine's condition rather than the module's.
type Backstop struct {
	Limit    time.Duration
	Wall     time.Duration // the wall time it is given
	Deadline time.Time
}

// Backstop starts, now, the backstop of work limited to limit: wall when
// it is set (a caller's own, forced small in tests), else the host's
// Options.Backstop when set, else BackstopFactor times limit, at least
// MinBackstop. It is the one place a backstop is computed: the runs,
// both compilations and the probes use it.
func (h *Host) Backstop(limit, wall time.Duration) Backstop {
	switch {
	case wall > 0:
	case h.wallBackstop > 0:
		wall = h.wallBackstop
	case limit > noLimit/BackstopFactor:
		wall = noLimit
	default:
		wall = max(BackstopFactor*limit, MinBackstop)
	}
	return Backstop{Limit: limit, Wall: wall, Deadline: time.Now().Add(wall)}
}

// Passed says whether the wall clock is past the backstop.
func (b Backstop) Passed() bool { return time.Now().After(b.Deadline) }

// Stalled is the error of what (e.g. "compiling the module") given up at
// the backstop.
func (b Backstop) Stalled(what string) *StalledError {
	return &StalledError{What: what, Limit: b.Limit, Wall: b.Wall}
}

// guestClock is one run's time: the CPU time of the thread that runs the
// instance since the run started, plus the waits granted so far.
type guestClock struct {
	thread atomic.Pointer[cputime.Thread] // nil until the run's thread is known
	waited atomic.Int64                   // nanoseconds of waits granted
	frozen atomic.Int64                   // the thread's CPU time once the run ended; -1 before
}

func newGuestClock() *guestClock {
	c := &guestClock{}
	c.frozen.Store(-1)
	return c
}

// bind makes the calling goroutine's thread the one whose CPU time counts;
// the caller has locked it to its thread and runs the instance on it.
func (c *guestClock) bind() { c.thread.Store(cputime.CurrentThread()) }

// freeze stops counting the thread's time: the run is over, and the thread
// may go on to run other goroutines.
func (c *guestClock) freeze() { c.frozen.Store(int64(c.cpu())) }

func (c *guestClock) cpu() time.Duration {
	if f := c.frozen.Load(); f >= 0 {
		return time.Duration(f)
	}
	if t := c.thread.Load(); t != nil {
		return t.Elapsed()
	}
	return 0
}

// now is the module's time since the run started.
func (c *guestClock) now() time.Duration {
	return c.cpu() + time.Duration(c.waited.Load())
}

// grant adds a wait the module asked for.
func (c *guestClock) grant(d time.Duration) {
	if d > 0 {
		c.waited.Add(int64(d))
	}
}
