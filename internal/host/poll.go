package host

import (
	"context"
	"encoding/binary"
	"time"

	"github.com/tetratelabs/wazero/api"
)

// WASI preview 1's poll_oneoff, as the host gives it: the module's waits
// are in its own time (see guestClock). A clock subscription is a wait the
// module asked for, granted at once; a subscription to stdin waits as
// session.awaitInput says. The other subscriptions Subako's runtime takes
// (wasmtime's preview 1, p1.rs poll_oneoff: a file for reading or
// writing, stdout and stderr for writing) are always ready: any makes the
// poll answer at once, with the events ready alone, no clock waited for
// nor granted, stdin looked at but not waited for (attack pass 44a, rows 1
// and 2: a file or stdout beside a clock was reported ready only after the
// clock's whole timeout was granted, beside stdin only once input came).
// Of the clocks, only those due by the end of the wait are reported (row
// 3: a poll of 10 ms and an hour reported both after 10 ms).
//
// A subscription wasmtime refuses makes the whole call answer EBADF, no
// event written, as there: a descriptor not open (never opened, or closed,
// stdin too), a directory, stdin for writing, stdout or stderr for
// reading. Its events are wasmtime's: nbytes 1 for every descriptor, no
// flag on stdin's. Attack pass 44d, row 2: a stdin event carried the bytes
// the host had queued (41 for the ping line, the request's length read
// before the module read it), a read of stdout or of a preopen was ready,
// and a descriptor not open answered EBADF in its event: deterministic
// bits by which a module told the host from Subako.

// MaxPollSubscriptions bounds the subscriptions of one poll_oneoff (EINVAL
// past it), as Linux's poll refuses more descriptors than a process may
// have open: a run's descriptors stay below MaxFD, and stdin's and a
// clock's subscriptions add nothing a toolchain repeats. The subscriptions
// are copied before the events are written (the two may overlap), so the
// bound is also that copy's, 192 KiB; unbounded, one call of 22 million
// subscriptions held 2 GB of the host's memory, and 2^28 of them overflowed
// the size computation.
const MaxPollSubscriptions = MaxFD

// The layout of WASI's subscription (48 bytes) and event (32 bytes).
const (
	subscriptionSize = 48
	eventSize        = 32

	eventClock   = 0
	eventFdRead  = 1
	eventFdWrite = 2

	clockRealtime  = 0
	clockMonotonic = 1
	subclockAbs    = 1

	errnoSuccess = 0
	errnoInval   = 28
	errnoFault   = 21
)

// pollOneoff is poll_oneoff(in, out, nsubscriptions, nevents) -> errno.
func pollOneoff(ctx context.Context, mod api.Module, stack []uint64) {
	in, out, n, neventsAt := uint32(stack[0]), uint32(stack[1]), uint32(stack[2]), uint32(stack[3])
	stack[0] = pollErrno(ctx, mod, in, out, n, neventsAt)
}

func pollErrno(ctx context.Context, mod api.Module, in, out, n, neventsAt uint32) uint64 {
	if n == 0 || n > MaxPollSubscriptions {
		return errnoInval
	}
	s := sessionOf(ctx)
	mem := guestMemory(mod)
	if mem == nil {
		// A module without memory: every address is outside it (EFAULT),
		// never a host panic named the module's trap (attack pass 43a,
		// row 3).
		return errnoFault
	}
	subs, ok := mem.Read(in, n*subscriptionSize)
	if !ok {
		return errnoFault
	}
	subs = append([]byte(nil), subs...) // the events may overlap them
	events, ok := mem.Read(out, n*eventSize)
	if !ok {
		return errnoFault
	}
	le := binary.LittleEndian
	// What each subscription is, and the shortest clock's timeout.
	timeouts := make([]time.Duration, n) // each clock's, in the module's time
	timeout := time.Duration(-1)         // the shortest; -1 for no clock
	stdinSub := false                    // a subscription to stdin, open: it may wait
	readyNow := false                    // one answers without a wait
	for i := range n {
		sub := subs[i*subscriptionSize:]
		switch sub[8] {
		case eventClock:
			var now time.Duration
			if s != nil {
				now = s.clock.now()
			}
			t, ok := clockTimeout(sub[16:], now, s)
			if !ok {
				return errnoInval
			}
			timeouts[i] = t
			if timeout < 0 || t < timeout {
				timeout = t
			}
		case eventFdRead, eventFdWrite:
			if !s.pollable(sub[8], le.Uint32(sub[16:])) {
				return errnoBadf
			}
			if pollsStdin(s, sub) {
				stdinSub = true
			} else {
				readyNow = true // a file, or stdout or stderr for writing: ready
			}
		default:
			return errnoInval
		}
	}
	// Wait: for stdin, or the clock alone, unless a subscription is ready
	// already; horizon is how far the module's time went in the wait, the
	// clocks due by it fired.
	stdinReady := false
	horizon := noLimit
	switch {
	case s == nil: // not a run of this host's (a test calling it)
	case readyNow:
		horizon = 0
		if stdinSub {
			stdinReady = s.settleInput()
		}
	case stdinSub:
		stdinReady = s.awaitInput(timeout)
		if stdinReady {
			horizon = 0
		} else {
			horizon = timeout
		}
	default:
		if timeout > 0 {
			s.grant(timeout)
		}
		horizon = timeout
	}
	var written uint32
	for i := range n {
		sub := subs[i*subscriptionSize:]
		kind := sub[8]
		stdin := kind != eventClock && pollsStdin(s, sub)
		switch {
		case kind == eventClock && timeouts[i] > horizon,
			stdin && !stdinReady:
			continue
		}
		ev := events[written*eventSize : (written+1)*eventSize]
		clear(ev)
		copy(ev, sub[:8]) // userdata
		ev[10] = kind
		if kind != eventClock {
			le.PutUint64(ev[16:], 1) // nbytes, whatever is there, as wasmtime's
		}
		written++
	}
	if !mem.WriteUint32Le(neventsAt, written) {
		return errnoFault
	}
	return errnoSuccess
}

// pollsStdin says whether a subscription (FD_READ or FD_WRITE) is one of
// stdin's for reading, open: the one that may wait. Once the module closed
// stdin, a subscription to fd 0 waits for nothing: its event answers EBADF
// at once (attack pass 43f, row 1), unless the module opened a file there
// since, which is ready as any file is (attack pass 43j, row 5).
func pollsStdin(s *session, sub []byte) bool {
	if sub[8] != eventFdRead || binary.LittleEndian.Uint32(sub[16:]) != 0 {
		return false
	}
	return s == nil || s.stdStream(0)
}

// pollable says whether Subako's runtime takes a subscription of kind
// (FD_READ or FD_WRITE) to fd: a file the module opened, stdin for reading,
// stdout and stderr for writing (p1.rs poll_oneoff; every other descriptor,
// and one not open, is EBADF for the whole call). Every subscription is
// taken when the run's descriptors are not known (a test calling it).
func (s *session) pollable(kind byte, fd uint32) bool {
	if s == nil || s.files == nil || s.files.given == nil {
		return true
	}
	switch {
	case !s.fdOpen(fd):
		return false
	case s.stdStream(fd):
		return (fd == 0) == (kind == eventFdRead)
	}
	_, dir := s.files.dirs[fd]
	return s.fileAt(fd) && !dir
}

// fdOpen says whether fd is open in the run: a standard stream or a
// preopen the module kept, or a file it opened, as fdListener saw them
// (every descriptor when that is not known).
func (s *session) fdOpen(fd uint32) bool {
	if s.files == nil || s.files.given == nil {
		return true
	}
	_, given := s.files.given[fd]
	return given || s.fileAt(fd)
}

// clockTimeout reads a subscription_clock: how long from now, in the
// module's time, it fires. ok is false for an unknown clock or flag.
func clockTimeout(c []byte, now time.Duration, s *session) (time.Duration, bool) {
	le := binary.LittleEndian
	id, t, flags := le.Uint32(c), time.Duration(le.Uint64(c[8:])), le.Uint16(c[24:])
	if t < 0 {
		t = noLimit // past what a Duration holds
	}
	switch {
	case id != clockRealtime && id != clockMonotonic, flags&^subclockAbs != 0:
		return 0, false
	case flags&subclockAbs == 0:
		return t, true
	case id == clockMonotonic:
		return max(t-now, 0), true
	}
	// An absolute time on the wall clock the module sees.
	if s == nil {
		return 0, true
	}
	return max(t-time.Duration(s.guestStart.Add(now).UnixNano()), 0), true
}
