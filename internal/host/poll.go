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
// session.awaitInput says. Other descriptors (files) are always ready.

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
	eventHangup  = 1
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
	timeout := time.Duration(-1) // none
	stdinSub := false
	// Once the module closed stdin, a subscription to fd 0 waits for
	// nothing: its event answers EBADF at once (attack pass 43f, row 1),
	// unless the module opened a file there since, which is ready as any
	// file is (attack pass 43j, row 5).
	stdinOpen := s == nil || s.stdStream(0)
	fileAt0 := s != nil && s.fileAt(0)
	closedSub := false
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
			if timeout < 0 || t < timeout {
				timeout = t
			}
		case eventFdRead:
			fd0 := le.Uint32(sub[16:]) == 0 && !fileAt0
			stdinSub = stdinSub || (fd0 && stdinOpen)
			closedSub = closedSub || (fd0 && !stdinOpen)
		case eventFdWrite:
		default:
			return errnoInval
		}
	}
	// Wait: for stdin, or the clock alone.
	stdinReady := false
	switch {
	case s == nil: // not a run of this host's (a test calling it)
	case closedSub: // its event is there at once
	case stdinSub:
		stdinReady = s.awaitInput(timeout)
	case timeout > 0:
		s.grant(timeout)
	}
	clockFired := (!stdinSub || !stdinReady) && (!closedSub || timeout == 0)
	var written uint32
	for i := range n {
		sub := subs[i*subscriptionSize:]
		kind := sub[8]
		fd := le.Uint32(sub[16:])
		stdin := fd == 0 && !fileAt0
		switch {
		case kind == eventClock && !clockFired,
			kind == eventFdRead && stdin && stdinOpen && !stdinReady:
			continue
		}
		ev := events[written*eventSize : (written+1)*eventSize]
		clear(ev)
		copy(ev, sub[:8]) // userdata
		ev[10] = kind
		if kind == eventFdRead && stdin && !stdinOpen {
			le.PutUint16(ev[8:], errnoBadf)
		} else if kind == eventFdRead && stdin && s != nil {
			le.PutUint64(ev[16:], uint64(s.in.available()))
			if s.in.ready() && s.in.available() == 0 {
				le.PutUint16(ev[24:], eventHangup)
			}
		}
		written++
	}
	if !mem.WriteUint32Le(neventsAt, written) {
		return errnoFault
	}
	return errnoSuccess
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
