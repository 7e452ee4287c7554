package host

import (
	"context"
	"time"
)

// watch stops the run when the module's time passes the run's limit, when
// the wall clock passes its backstop (the host's condition; backstopNow,
// grown by the host's private copies), or when the caller's context ends.
func (s *session) watch(ctx context.Context) {
	for {
		now := s.clock.now()
		if now >= s.runLimit {
			s.stop(func() {
				s.rec.TimedOut, s.rec.Limit = true, s.runLimit
				if s.inputLimit > 0 {
					s.rec.Limit = s.inputLimit
				}
			})
			return
		}
		backstop := s.backstopNow() // grown by the host's copies so far
		wallLeft := time.Until(backstop.Deadline)
		if wallLeft <= 0 {
			s.stop(func() { s.rec.Stalled, s.rec.Limit, s.rec.backstop = true, s.runLimit, backstop })
			return
		}
		s.mu.Lock()
		ch := s.change
		s.mu.Unlock()
		t := time.NewTimer(max(min(s.runLimit-now, wallLeft), time.Millisecond))
		select {
		case <-s.done:
			t.Stop()
			return
		case <-ctx.Done():
			t.Stop()
			s.stop(func() { s.rec.Interrupted = true })
			return
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// signal wakes every waiter to look again; s.mu is held.
func (s *session) signal() {
	close(s.change)
	s.change = make(chan struct{})
}

// wait closes stdin and waits for the module to exit, stopping it when it
// takes longer than its exit grace of its own time. It returns once the
// guest's thread has left the instance and the record is complete: a run's
// end is its instance's end, so what holds a slot for the run (serve's)
// holds it until then. A stopped guest leaves at once, as every host call
// checks the stop (see iovecChunk); the one step it may still finish is a bulk
// memory instruction, bounded by the memory it covers.
func (s *session) wait() *Record {
	s.closeStdin()
	if s.hostWait(false) == expired {
		s.stop(func() { s.rec.NoExit = true })
	}
	<-s.done
	// What the run held (its mounts, its subako_http, its hold on the
	// host) is given back before the record is: a command that closes the
	// host after its last Wait releases it then, where a hold given back
	// after left the host's temporary cache behind at exit (attack pass
	// 42q, row 3).
	<-s.released
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rec.complete()
	return s.rec
}

// stop ends the run, recording why.
func (s *session) stop(why func()) {
	s.mu.Lock()
	first := s.stopWhy == nil
	if first {
		s.stopWhy = why
		s.stopHTTP, s.stopUnsent = s.httpWaiting, s.httpUnsent
		close(s.halted)
	}
	s.mu.Unlock()
	s.cancel()
	s.in.abort()
}
