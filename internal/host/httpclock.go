package host

import (
	"time"
)

// httpClock is a run's subako_http clock (subakohttp.CallClock): the time
// a module waits on its HTTP requests is its own time, as Subako counts it
// on its wall clock, so its call's limit spans all of its requests (attack
// pass 41f: every request had a fresh bound of the call's whole timeout,
// and the wait was no one's time, so a call of N slow requests ran N times
// its limit). A network wait cannot be granted at once as a sleep is: it
// is added to the module's clock once the request is over, the wall time
// it took less the CPU time its thread spent meanwhile (already the
// module's). The request's deadline is what remains of the limit the
// module's time meets first (the host's wait, the run's) as it starts, so
// a request cut by it leaves the module at that limit, and the addition
// stops there, as a sleep's does (grantUntil): the guest waits for the
// host to stop the run, and never reads the request's timeout answer
// first: a host that gives up on an answer with the module inside a
// request it sent stops the run as out of time waiting on HTTP, never as
// waiting for input (giveUp; attack pass 41h, row 2), and one whose exit
// grace ends there says so too (row 3). Which limit the wait meets is the
// guest clock's decision. A request begun with none of the limit left is
// answered timeout without being sent (subakohttp), and the guest waits at
// the limit as well; the verdict says it was not sent.
type httpClock struct{ s *session }

// Begin waits, as a granted wait does, until the host waits for the module
// (at no cost to it), and answers what remains of its time then.
func (c httpClock) Begin() (time.Duration, func()) {
	s := c.s
	for {
		s.mu.Lock()
		if s.hostWaits {
			break
		}
		ch := s.change
		s.mu.Unlock()
		if !s.await(ch) {
			return 0, func() {} // the run is stopped
		}
	}
	remaining := min(s.deadline, s.runLimit) - s.clock.now()
	s.httpRequests++
	n := s.httpRequests
	s.mu.Unlock()
	start, cpu := time.Now(), s.clock.cpu()
	return remaining, func() {
		waited := max(time.Since(start)-(s.clock.cpu()-cpu), 0)
		s.mu.Lock()
		s.httpWaiting, s.httpUnsent = n, remaining <= 0
		s.httpWait += waited
		s.mu.Unlock()
		s.grant(waited)
		s.mu.Lock()
		s.httpWaiting, s.httpUnsent = 0, false
		s.mu.Unlock()
	}
}
