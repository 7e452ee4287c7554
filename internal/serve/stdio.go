package serve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"sync"
	"syscall"

	"github.com/subako-ai/subako-go/abi"
)

// ServeStdio serves one client on MCP's stdio transport: one message a
// line in, one a line out. Calls run concurrently (up to MaxConcurrent);
// everything else is answered in order as it arrives. It returns at end of
// input once every call has been answered, when ctx ends, or when the
// client has gone (its stdout fails), whether or not its input has ended.
// A stdout that fails otherwise (a full disk: ENOSPC) ends the session
// too, and is the *OutputError it returns: the answers are lost, and serve
// says so rather than that stdin ended (attack pass 43b, row 2).
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) (err error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// A client that has gone (its stdout's reader closed: EPIPE, as
	// subakogo ignores SIGPIPE) gets nothing more: the calls it sent stop
	// rather than run to answer nobody (attack pass 39c).
	w := &lineWriter{w: out, failed: func(err error) {
		if readerGone(err) {
			cancel(errClientGone)
			return
		}
		cancel(&OutputError{err})
	}}
	// Run last, once every call has answered (or failed to).
	defer func() {
		var lost *OutputError
		if errors.As(context.Cause(ctx), &lost) {
			err = lost
		}
	}()
	c := s.newConn("stdio", w.write)
	c.unwritten = make(places, cap(s.slots))
	defer c.close()
	// Subscriptions run under listens, which end of input cancels: every
	// one ends with the input, whether or not it has registered yet.
	listens, endListens := context.WithCancel(ctx)
	defer endListens()
	// Calls waiting for their place (and lists for the package) keep their
	// lines within the connection's own budget: past it the next line is
	// not read until one of them starts. Only this client's own messages
	// fill it: HTTP's have a budget of their own (attack pass 41j, row 2:
	// two HTTP lists of 16 MiB filled a shared one and stopped this
	// reader, so a server/discover or a ping sent next was not read).
	waiting := newByteBudget(maxWaitingLines)
	var wg sync.WaitGroup
	defer wg.Wait()
	lines := readLines(ctx, in)
	for {
		var line []byte
		var err error
		select {
		case l := <-lines:
			line, err = l.line, l.err
		case <-ctx.Done():
			return stdioEnded(ctx)
		}
		if len(bytes.TrimSpace(line)) > 0 {
			m, perr := parseMessage(line)
			switch {
			case perr != nil:
				s.log.printf("stdio: %s", perr.Message)
				w.write(errorLine(nil, perr))
			case m.IsRequest() && (m.Method == abi.MethodToolsCall || m.Method == "subscriptions/listen" ||
				(m.Method == abi.MethodToolsList && !s.loaded())):
				// Registered now, so that a cancel on the next line finds it;
				// run beside the next lines (a list waits for the package).
				listen := m.Method == "subscriptions/listen"
				runCtx, queued, admitted := ctx, func() {}, func() {}
				if listen {
					release, perr := c.admitListen(m)
					if perr != nil { // answered here: a refusal holds nothing
						w.write(errorLine(m.ID, perr))
						break
					}
					runCtx, admitted = listens, release
				} else {
					charge := waitingCharge(len(line))
					if s.readerWaits != nil && waiting.full(charge) {
						s.readerWaits()
					}
					queued = waiting.acquire(charge)
				}
				run := c.start(runCtx, m)
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer admitted()
					if !listen { // a subscription stays open: it holds no place
						release, ok := c.unwritten.take(ctx)
						queued()
						if !ok {
							return
						}
						defer release()
					}
					if a := run(); a.line != nil {
						w.write(a.line)
					}
				}()
			default:
				if a := c.handle(ctx, m); a.line != nil {
					w.write(a.line)
				}
			}
		}
		switch {
		case errors.Is(err, errLineTooLong):
			s.log.printf("stdio: a message over %d bytes was skipped", maxMessage)
			w.write(errorLine(nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "message too large"}))
		case errors.Is(err, io.EOF):
			// Calls already started still answer; open subscriptions end.
			endListens()
			return nil
		case err != nil:
			return err
		}
		if ctx.Err() != nil {
			return stdioEnded(ctx)
		}
	}
}

// stdioEnded is what ServeStdio returns once its session's context has
// ended: nothing for a client that has gone, else why it ended.
func stdioEnded(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), errClientGone) {
		return nil
	}
	return ctx.Err()
}

// readResult is one line of a stdio client's input, or why none was read.
type readResult struct {
	line []byte
	err  error
}

// readLines reads in's lines in a goroutine of their own, handing each on
// only when the session takes it: so the reader is one line ahead at most,
// and the session can end while a read waits on input that never comes (a
// client whose stdout is gone but whose stdin stays open: attack pass 40m).
// The goroutine stops at the input's end, its error or the session's end;
// a read blocked on an input that stays open leaves it until that input
// ends, or with the process.
func readLines(ctx context.Context, in io.Reader) <-chan readResult {
	lines := make(chan readResult)
	go func() {
		r := bufio.NewReaderSize(in, 64<<10)
		for {
			line, err := readLine(r)
			select {
			case lines <- readResult{line, err}:
			case <-ctx.Done():
				return
			}
			if err != nil && !errors.Is(err, errLineTooLong) {
				return
			}
		}
	}()
	return lines
}

// errClientGone ends a stdio session whose output can no longer be written.
var errClientGone = errors.New("the client's end of stdout is closed")

var errLineTooLong = errors.New("line too long")

// maxWaitingLines bounds the messages of the calls that wait for a place
// (and of the lists that wait for the package): two messages' worth, for
// each stdio connection (ServeStdio) and for HTTP's requests together
// (Server.httpWaiting), so that no transport's clients can fill another's
// (attack pass 41j, row 2); serve has one stdio connection, so 64 MiB in
// all. Past it a stdio reader waits, and the client's writes with it
// (attack pass 39: 100 waiting calls of 4 MiB held 842 MB); an HTTP call,
// its body read already, is refused (httpServer.reply; attack pass 41d:
// 10 HTTP calls of 15 MiB waiting held 1,175 MiB).
const maxWaitingLines = 2 * maxMessage

// minWaitingCharge is what a waiting call is charged at least, its line
// however short: a goroutine, its context and its registration cost some
// kilobytes (attack pass 39c: 20,000 calls of 260 bytes held 62 MiB), so
// at most 512 calls wait.
const minWaitingCharge = 64 << 10

// waitingCharge is what a call of a message of n bytes is charged while it
// waits for a place.
func waitingCharge(n int) int64 { return max(int64(n), minWaitingCharge) }

// readLine reads up to the next newline. A line longer than maxMessage is
// consumed and reported as errLineTooLong, with nothing of it kept.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxMessage {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}

// OutputError is a stdio session's stdout that could not be written for
// another reason than its reader's going (a full disk).
type OutputError struct{ Err error }

func (e *OutputError) Error() string { return "writing to stdout: " + e.Err.Error() }

func (e *OutputError) Unwrap() error { return e.Err }

// readerGone reports whether err, a write's, says its reader has gone: a
// pipe or socket closed at the other end.
func readerGone(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

// lineWriter writes whole lines, one writer at a time; failed is called
// once, with the first write's error.
type lineWriter struct {
	mu     sync.Mutex
	w      io.Writer
	failed func(error)
}

func (l *lineWriter) write(line []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, err := l.w.Write(append(line, '\n')); err != nil && l.failed != nil {
		l.failed(err)
		l.failed = nil
	}
}
