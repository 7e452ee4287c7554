package host

import (
	"bytes"
	"strings"
)

// crashCause watches what a module writes to stderr, line by line, for the
// line that says why a Go program died: "panic: ...", "fatal error: ..."
// (out of memory, a stack overflow, a deadlock). The runtime prints it
// first and a goroutine trace after it, often longer than the StderrShown
// bytes kept, so the tail alone would end on a stack frame. It keeps a
// bounded piece of the current line only.
type crashCause struct {
	line    []byte // the current line, at most causeLineMax bytes of it
	runtime string // the first of the "runtime: " lines just before this one
	cause   string // the first cause line, with the runtime line before it
}

// causeLineMax bounds what is kept of one stderr line: a cause line is
// short, and a message quotes at most 200 bytes of it.
const causeLineMax = 256

// write takes the next bytes written to stderr.
func (c *crashCause) write(p []byte) {
	if c.cause != "" {
		return // the first cause is the one: what follows is its trace
	}
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		piece := p
		if i >= 0 {
			piece = p[:i]
		}
		if room := causeLineMax - len(c.line); room > 0 {
			c.line = append(c.line, piece[:min(len(piece), room)]...)
		}
		if i < 0 {
			return
		}
		c.endLine()
		if c.cause != "" {
			return
		}
		p = p[i+1:]
	}
}

// endLine judges the line just ended.
func (c *crashCause) endLine() {
	line := strings.TrimRight(string(c.line), "\r")
	c.line = c.line[:0]
	switch {
	case strings.HasPrefix(line, "panic: "), strings.HasPrefix(line, "fatal error: "):
		c.cause = line
		if c.runtime != "" {
			// "runtime: out of memory: cannot allocate 3221225472-byte
			// block", "runtime: goroutine stack exceeds 1000000000-byte
			// limit": the numbers behind the cause.
			c.cause += " (" + c.runtime + ")"
		}
	case strings.HasPrefix(line, "runtime: "):
		if c.runtime == "" {
			c.runtime = line
		}
	default:
		c.runtime = ""
	}
}

// found says the cause is known: nothing after it needs reading.
func (c *crashCause) found() bool { return c.cause != "" }

// text is the cause line, or "" when the module printed none.
func (c *crashCause) text() string { return c.cause }
