package host

import (
	"time"
)

// send writes one request line (a newline is added).
func (s *session) send(msg []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rec.Sent = append(s.rec.Sent, msg)
	if !s.closed {
		s.in.write(append(append([]byte{}, msg...), '\n'))
	}
	s.signal()
}

// closeStdin ends stdin after what is queued; the module has its exit
// grace from now.
func (s *session) closeStdin() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		s.closedAt = s.clock.now()
		s.rec.StdinClosed = s.closedAt
		s.in.end()
		s.hostWaits = true
		s.deadline = s.closedAt + s.exitGrace
		s.signal()
	}
}

// waitOutcome is why a wait of the host's ended.
type waitOutcome int

const (
	gotLine    waitOutcome = iota // a line to read
	ended                         // the module's run is over
	expired                       // the deadline passed in the module's time
	waitsInput                    // the module waits for more input
)

// hostWait waits, as the host, until a line is there to read (when lines
// is set), the run ends, the deadline passes in the module's time, or the module waits for
// more input the host will not send (it is blocked reading stdin, or
// polling it, with nothing to read). The wall clock only paces the checks
// of the module's time.
func (s *session) hostWait(lines bool) waitOutcome {
	for {
		s.mu.Lock()
		if lines && s.read < len(s.rec.Lines) {
			s.mu.Unlock()
			return gotLine
		}
		if s.ended() {
			s.mu.Unlock()
			return ended
		}
		now := s.clock.now()
		if now >= s.deadline {
			s.mu.Unlock()
			return expired
		}
		if !s.closed && s.blocked > 0 && !s.in.ready() {
			s.mu.Unlock()
			return waitsInput
		}
		ch := s.change
		left := s.deadline - now
		s.mu.Unlock()
		t := time.NewTimer(max(left, time.Millisecond))
		select {
		case <-ch:
		case <-s.done:
		case <-t.C:
		}
		t.Stop()
	}
}

// waitFor sets the host waiting for the module, until wait more of its
// time has passed; a wait for a line (lines) ends at one too.
func (s *session) waitFor(wait time.Duration, lines bool) {
	s.setWait(s.clock.now()+wait, wait, lines)
}

// waitUntil sets the host waiting for the module, until its time reaches
// deadline (since the run started); a wait for a line (lines) ends at one
// too.
func (s *session) waitUntil(deadline time.Duration, lines bool) {
	s.setWait(deadline, deadline, lines)
}

// setWait begins a wait of the host's. A wait for a line with a line
// already there to read is over before it began: the host is acting until
// it has read the lines there (nextLine), so a wait the module asked for
// after writing them waits for the host, whichever of the two threads
// came first (attack pass 43c, row 3: a module that answered before the
// host began its wait was granted its poll against the wait's deadline).
func (s *session) setWait(deadline, length time.Duration, lines bool) {
	s.mu.Lock()
	s.hostWaits = true
	if !s.closed {
		s.deadline, s.waitLen, s.inputAt = deadline, length, -1
		s.wantsLine = lines
		if lines && s.read < len(s.rec.Lines) {
			s.hostWaits = false
		}
	}
	s.signal()
	s.mu.Unlock()
}

// acting ends a wait of the host's: the host is about to send again.
func (s *session) acting() {
	s.mu.Lock()
	if !s.closed {
		s.hostWaits = false
		s.deadline = noLimit
	}
	s.wantsLine = false
	s.signal()
	s.mu.Unlock()
}

// answer waits up to wait of the module's time for the answer to the
// request with id (its IDKey), stdin held open as Subako holds it, and
// returns it. It gives up early at a line that breaks the call. When the
// module waits for more input with the request unanswered (see hostWait),
// or its time ran out while it polled stdin, stdin is closed and the
// module has its exit grace to answer after all: an answer then is the
// mark of a module that reads to end of input, or buffers stdout until it
// exits (Record.WaitedForInput, then BreakWaitsForEOF); with none, the
// run is stopped as out of time. This is the one home of that diagnosis,
// for subakogo call and the probes alike.
func (s *session) answer(id string, wait time.Duration) (Message, bool) {
	s.waitFor(wait, true)
	defer s.acting()
	msg, outcome := s.find(id)
	switch outcome {
	case gotLine:
		return msg, true
	case expired, waitsInput:
		s.giveUp(id, outcome)
	}
	return Message{}, false
}

// find reads stdout lines until the answer to id (gotLine), a line that
// breaks the call (ended), the module's end or another outcome of
// hostWait. The ids asked are read once: the caller, who alone sends, is
// waiting.
func (s *session) find(id string) (Message, waitOutcome) {
	s.mu.Lock()
	asked := s.rec.asked()
	s.mu.Unlock()
	for {
		line, outcome := s.nextLine()
		if outcome != gotLine {
			return Message{}, outcome
		}
		if m := line.Msg; m != nil && m.Method == "" && m.HasID() && IDKey(m.ID) == id {
			return *m, gotLine
		}
		if _, broken := breaksLine(line, asked); broken {
			return Message{}, ended // the call is crashed; the record says why
		}
	}
}

// inputWindow: a module whose time ran out waited for input when it
// waited for stdin (a read, a poll) in the last 1/inputWindow of the wait.
const inputWindow = 10

// giveUp ends a wait for the answer to id that saw none, the module still running. A module whose time ran
// out while busy (a slow tool, a loop, a long sleep) is stopped as out of
// time. One that waits for more input before it answers would wait for
// ever in Subako: stdin is closed and the module has its exit grace to
// answer after all. Which of the two a module is, is its clock's to say
// (inputAt), never a race with the host: whether it waited for stdin, with
// nothing there, in the last tenth of the wait (a poll that meets the
// deadline ends there, and counts). A module that polls stdin with a clock
// already due, in a loop, is inside a poll only for moments: it was judged
// one way or the other by whether the host caught it in one (attack pass
// 41b, follow-up). A module whose time ran out inside a subako_http
// request it sent (httpWaiting: the request's wait met the limit, and the
// guest waits there) was waiting on the network, not for input, whenever
// it last polled stdin: it is stopped as out of time, and never reads the
// request's timeout answer (attack pass 41h, row 2: a poll in the last
// tenth before a request that hung to the limit closed stdin, and the
// module answered with the timeout answer, judged waits-for-eof). The
// guest's clock decides this too: a request sent began before the limit,
// and its wait reaches the limit only as its end adds the wait
// (httpClock), so the host sees the limit passed only then.
func (s *session) giveUp(id string, why waitOutcome) {
	if s.ended() {
		return
	}
	s.mu.Lock()
	onHTTP := s.httpWaiting > 0 && !s.httpUnsent
	forInput := !onHTTP && (why == waitsInput || s.inputAt >= s.deadline-s.waitLen/inputWindow)
	limit := s.waitLen
	s.mu.Unlock()
	if !forInput {
		s.stop(func() { s.rec.TimedOut, s.rec.Limit = true, limit })
		return
	}
	s.mu.Lock()
	s.rec.WaitedForInput = true
	s.inputLimit = limit + s.exitGrace
	s.mu.Unlock()
	s.closeStdin()
	if _, outcome := s.find(id); outcome == expired {
		s.stop(func() { s.rec.TimedOut, s.rec.Limit = true, limit+s.exitGrace })
	}
}

// ended reports whether the module's run is over.
func (s *session) ended() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// nextLine hands out the next stdout line, or says why there is none.
func (s *session) nextLine() (Line, waitOutcome) {
	for {
		s.mu.Lock()
		if i := s.read; i < len(s.rec.Lines) {
			l := s.rec.Lines[i]
			s.read++
			s.mu.Unlock()
			if !l.decoded {
				l.decode() // outside the lock, which the module's writes take
				s.mu.Lock()
				s.rec.Lines[i] = l
				s.mu.Unlock()
			}
			return l, gotLine
		}
		if s.wantsLine && !s.closed && !s.hostWaits {
			// Every line written is read, and none was what the host
			// waits for: it waits again, with the deadline it had (the
			// module's line made it act: stdoutWriter.Write).
			s.hostWaits = true
			s.signal()
		}
		s.mu.Unlock()
		if outcome := s.hostWait(true); outcome != gotLine {
			return Line{}, outcome
		}
	}
}

// next waits up to wait of the module's time for the next stdout line. ok
// is false when the module ended, waits for input, or the wait ran out,
// with no further line.
func (s *session) next(wait time.Duration) (Line, bool) {
	s.waitFor(wait, true)
	defer s.acting()
	l, outcome := s.nextLine()
	return l, outcome == gotLine
}

// pause lets the module run for d of its own time with nothing more sent;
// it ends sooner when the module waits for input or ends. Lines written
// meanwhile are left for the next read.
func (s *session) pause(d time.Duration) {
	s.waitFor(d, false)
	defer s.acting()
	s.hostWait(false)
}
