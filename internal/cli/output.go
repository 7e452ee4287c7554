package cli

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"syscall"
)

// Output is a command's standard output that remembers its first failed
// write, so that the command's exit code can say its output was lost:
// `subakogo call M T ARGS > result.json` on a full disk exited 0, "a
// result", with nothing written (attack pass 43b, row 2).
type Output struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

// NewOutput is w, its writes' errors remembered.
func NewOutput(w io.Writer) *Output { return &Output{w: w} }

func (o *Output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		o.mu.Lock()
		if o.err == nil {
			o.err = err
		}
		o.mu.Unlock()
	}
	return n, err
}

// Unwrap is the writer written to (to ask whether it is a terminal).
func (o *Output) Unwrap() io.Writer { return o.w }

// Checked is code, the exit code of the command prog, unless a write to
// the output failed while code says the command did its work (OK or
// Findings): then, after a line on stderr saying so, Unreadable (3), the
// code lint and diff answer for a report they cannot write. A reader that
// has gone (EPIPE: `subakogo explain --list | head`, subakogo ignores
// SIGPIPE) is not a failure: nobody is left to read, as a shell's SIGPIPE
// would have ended the command quietly.
func (o *Output) Checked(prog string, stderr io.Writer, code int) int {
	o.mu.Lock()
	err := o.err
	o.mu.Unlock()
	if err == nil || ReaderGone(err) || (code != OK && code != Findings) {
		return code
	}
	fmt.Fprintf(stderr, "%s: the output was not written (%v)\n", prog, err)
	return Unreadable
}

// ReaderGone reports whether err, a write's, says its reader has gone: a
// pipe or socket closed at the other end.
func ReaderGone(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}
