package host

import (
	"time"
)

// nanotime is the module's monotonic clock: its own time.
func (s *session) nanotime() int64 { return int64(s.clock.now()) }

// walltime is the module's wall clock: the run's start on the real one
// (RunConfig.SeededWall in a seeded run), advanced by the module's own
// time.
func (s *session) walltime() (int64, int32) {
	t := s.guestStart.Add(s.clock.now())
	return t.Unix(), int32(t.Nanosecond())
}

// wallNanos is walltime in ns since the epoch: what a change the module
// makes to a seeded run's files shows as its time (sandboxfs.Virtual).
func (s *session) wallNanos() int64 { return s.guestStart.Add(s.clock.now()).UnixNano() }

// seededWall is where a seeded run's wall clock starts: cfg.SeededWall,
// or, when it is zero (a seeded run outside a probing), the real clock's
// now. Never a fixed date: a module knows its own build date, and a wall
// clock before it told the module that it ran under the probes (attack
// pass 49a, row 5: the seeded clock started at 2026-01-01, months before
// the real date).
func seededWall(cfg RunConfig) time.Time {
	if cfg.SeededWall.IsZero() {
		return time.Now().Round(0)
	}
	return cfg.SeededWall
}

// sleep is the module's clock sleep: granted at once (see grant).
func (s *session) sleep(ns int64) { s.grant(time.Duration(ns)) }

// grant gives the module a wait of d it asked for, at once: its time
// moves on by d, without the wall clock's. A wait past the host's current
// deadline or the run's limit stops there, and the guest waits at it for
// the host to decide (stop the run, or move the deadline on).
func (s *session) grant(d time.Duration) {
	s.grantUntil(d, false)
}

// grantUntil is grant, ending early when stdin becomes ready and forInput
// is set (a poll of stdin with a clock).
//
// Which limit a wait meets is the guest clock's to decide, never a race
// with the host: while the host is still acting (it has not yet sent what
// it will, nor set the deadline of its next wait, nor looked at a line the
// module wrote while it waited for one: stdoutWriter.Write), the module's
// clock does not move by waits, and a wait waits for the host on the wall
// clock, at no cost to the module, as a read of an empty stdin does. A
// wait within every limit is only added to the clock: no waiter has
// anything to decide until a limit is reached, so none is woken (a loop of
// 1 ns sleeps costs the process what a busy loop of the same module time
// does).
//
// A poll of stdin ends as soon as stdin is ready, whenever the guest
// looks: input the host sends while the poll waits for it ends the poll,
// with nothing more granted, whether the guest wakes before or after the
// host begins its next wait (on an OS pipe, a look at stdin first moves
// what the host queued into the pipe, as far as it holds: osPipe.ready).
// A poll that met the limit of a wait (the pause probe's pause) and woke
// before the host sent its next request was once granted the rest of its
// timeout as the host's next wait began, and one that woke after was
// granted nothing: a race, once its answer no longer ended the host's
// wait late (attack pass 43c, row 3).
func (s *session) grantUntil(d time.Duration, forInput bool) {
	for d > 0 {
		s.mu.Lock()
		if forInput && s.in.ready() {
			s.mu.Unlock()
			return
		}
		if !s.hostWaits {
			ch := s.change
			s.mu.Unlock()
			if !s.await(ch) {
				return
			}
			continue
		}
		limit := min(s.deadline, s.runLimit) - s.clock.now()
		if d < limit {
			s.clock.grant(d)
			s.mu.Unlock()
			return
		}
		if limit > 0 {
			s.clock.grant(limit)
			d -= limit
		}
		// The wait stops at the limit: the guest waits there for the host
		// to decide (stop the run, or move the deadline on).
		s.signal()
		ch := s.change
		s.mu.Unlock()
		if !s.await(ch) {
			return
		}
	}
}

// awaitInput is the guest's wait for stdin: a read (timeout < 0), or a
// poll_oneoff with a clock (timeout >= 0). It says whether stdin is
// ready. While the host is still acting (it has not yet sent what it
// will, nor begun to wait for an answer), the guest waits for it on the
// wall clock, at no cost to its time; once the host waits, a read with
// nothing to read blocks until the host acts (the state the host reads as
// waiting for more input), and a poll is granted its timeout at once.
func (s *session) awaitInput(timeout time.Duration) bool {
	for {
		select {
		case <-s.halted:
			return true // the read or poll ends; the run is over
		default:
		}
		s.mu.Lock()
		if s.in.ready() {
			s.mu.Unlock()
			return true
		}
		if s.hostWaits && timeout >= 0 {
			// No waiter is woken: inputAt is read only by a host whose
			// wait a limit ended, and a wait that meets a limit wakes the
			// host itself (grantUntil). A loop of polls with a clock
			// already due costs the process what a busy loop does, as a
			// loop of short sleeps does (attack pass 41b: each poll once
			// woke the host's goroutines twice, and cost the process
			// twice the module's time).
			s.waitsInput(timeout)
			s.mu.Unlock()
			s.grantUntil(timeout, true)
			return s.in.ready()
		}
		counted := s.hostWaits
		if counted {
			s.waitsInput(noLimit)
			s.blocked++
			s.signal()
		}
		ch := s.change
		s.mu.Unlock()
		s.await(ch)
		if counted {
			s.mu.Lock()
			s.blocked--
			s.mu.Unlock()
		}
	}
}

// waitsInput notes, in inputAt, that the module waits for stdin, with
// nothing there, for up to timeout of its time; s.mu is held. Only the
// part of the wait within the host's current wait counts: a wait begun
// once the module's time is past the host's deadline is not noted, so
// that what the host reads when it gives up (giveUp) is the module's
// clock's to say, never whether the host caught the module in a poll (a
// poll with a clock already due lasts moments: attack pass 41b,
// follow-up).
func (s *session) waitsInput(timeout time.Duration) {
	now := s.clock.now()
	if now > s.deadline {
		return
	}
	until := s.deadline
	if timeout < s.deadline-now {
		until = now + timeout
	}
	s.inputAt = max(s.inputAt, until)
}

// beforeStdinRead is called as the guest calls fd_read of stdin: the read
// blocks, as every read of stdin in Subako's runtime does, and waits as
// awaitInput says (an in-process pipe's in memReader).
func (s *session) beforeStdinRead() {
	if _, ok := s.in.(*memPipe); ok {
		return // an in-process pipe's reads wait in memReader
	}
	s.awaitInput(-1)
}

// settleInput waits, as the guest, only for the host's own writes and
// steps to be done (or for input), then says whether stdin is ready: a
// look at stdin that must not wait for input, and must not race what the
// host sends either (a poll with a subscription ready already, which
// also looks at stdin).
func (s *session) settleInput() bool {
	for {
		s.mu.Lock()
		if s.hostWaits || s.in.ready() {
			ready := s.in.ready()
			s.mu.Unlock()
			return ready
		}
		ch := s.change
		s.mu.Unlock()
		if !s.await(ch) {
			return true // the run is over: the look ends
		}
	}
}

// await waits, as the guest, for the change ch stands for or the run's
// stop; false when the run was stopped.
func (s *session) await(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-s.halted:
		return false
	}
}
