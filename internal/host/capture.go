package host

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"math/rand/v2"
)

type stdoutWriter struct{ s *session }

// Write splits what the module writes into lines. Only p is searched for
// newlines, and the partial line grows by appending, so a module writing
// byte by byte costs linear time. A line shorter than the shortest
// message is kept only among the run's first ShortLinesKept of them; the
// rest are counted (Record.LinesDropped), so what the record holds of
// stdout is a small multiple of its bytes: 1 MiB of empty lines was a
// million Lines and Breaks, 230 MiB of the host's heap (attack pass 42a,
// row 2).
func (w stdoutWriter) Write(p []byte) (int, error) {
	s := w.s
	n := len(p)
	s.mu.Lock()
	r := s.rec
	r.StdoutBytes += int64(n)
	if r.StdoutBytes > StdoutLimit {
		s.mu.Unlock()
		s.stop(func() { r.Overflow = true })
		return n, nil
	}
	at := s.clock.now()
	lines := len(r.Lines)
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			r.Partial = append(r.Partial, p...)
			break
		}
		if len(r.Partial)+i < minMessageLen && r.shortLines >= ShortLinesKept {
			// Too short to be a message, past the first few: counted, not
			// kept (the partial line's array is used again).
			r.shortLines++
			r.LinesDropped++
			r.Partial = r.Partial[:0]
			p = p[i+1:]
			continue
		}
		if len(r.Partial)+i < minMessageLen {
			r.shortLines++
		}
		// The line takes the partial line's array; p is the module's memory
		// and is copied.
		r.Lines = append(r.Lines, Line{Text: append(r.Partial, p[:i]...), At: at})
		r.Partial = nil
		p = p[i+1:]
	}
	if len(r.Lines) > lines {
		if s.wantsLine && !s.closed {
			// The host's wait for a line is over as the line is written, on
			// the guest's thread, not once the host's goroutine reads it: a
			// wait the module asks for next waits for the host to look at
			// the line (and send, close stdin, or wait again), never meets
			// the deadline of a wait the module has just ended, as a race
			// of the two threads decided (attack pass 43c, rows 3-5).
			s.hostWaits = false
		}
		s.signal() // a line for the host to read
	}
	s.mu.Unlock()
	return n, nil
}

type stderrWriter struct{ s *session }

// Write keeps the last StderrShown bytes: of a write longer than that only
// its tail is copied, and the kept bytes are moved down only when twice
// that has piled up. The crash cause is looked for after, outside the
// lock, causeChunk bytes at a time, checking between them that the run
// goes on: one fd_write may hand over 2^31-1 bytes of one-byte lines, and
// a walk of them all inside the host call held the run 90 times past its
// limit (attack pass 42a, row 1). The guest's thread alone writes stderr,
// so the cause needs no lock until the run is over.
func (w stderrWriter) Write(p []byte) (int, error) {
	s := w.s
	s.mu.Lock()
	r := s.rec
	r.StderrBytes += int64(len(p))
	if len(p) >= StderrShown {
		r.Stderr = append(r.Stderr[:0], p[len(p)-StderrShown:]...)
	} else {
		r.Stderr = append(r.Stderr, p...)
		if len(r.Stderr) > 2*StderrShown {
			r.Stderr = append(r.Stderr[:0], r.Stderr[len(r.Stderr)-StderrShown:]...)
		}
	}
	s.mu.Unlock()
	for q := p; len(q) > 0 && !s.cause.found(); {
		select {
		case <-s.halted:
			return len(p), nil // the run is over: no cause past this is read
		default:
		}
		n := min(len(q), causeChunk)
		s.cause.write(q[:n])
		q = q[n:]
	}
	return len(p), nil
}

// causeChunk is what of stderr the crash cause is looked for in between
// two checks that the run goes on: at most 64Ki lines, well under a
// millisecond.
const causeChunk = 64 << 10

// tail is what Record.Stderr holds once the run is over.
func stderrTail(b []byte) []byte {
	if len(b) > StderrShown {
		return b[len(b)-StderrShown:]
	}
	return b
}

// randSource is the module's random_get: crypto/rand, or a seeded run's
// stream (RunConfig.Seed). It hands out at most randChunk bytes a read,
// checking between them that the run goes on, so that one huge random_get
// cannot hold the host past the run's deadline.
type randSource struct{ s *session }

const randChunk = 64 << 10

var errStopped = errors.New("the run was stopped")

func (r randSource) Read(p []byte) (int, error) {
	select {
	case <-r.s.halted:
		return 0, errStopped
	default:
	}
	return io.ReadFull(r.s.random, p[:min(len(p), randChunk)])
}

// seededStream is a seeded run's random_get: ChaCha8 keyed with the
// SHA-256 of seed. Only the guest's thread reads it.
func seededStream(seed []byte) io.Reader {
	return rand.NewChaCha8(sha256.Sum256(seed))
}
