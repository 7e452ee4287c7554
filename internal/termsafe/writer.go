package termsafe

import (
	"io"
	"sync"
	"unicode/utf8"
)

// Writer escapes what is written through it, as Text does, for a stream
// to a terminal (a module's output, a log). A UTF-8 sequence split across
// two writes is held back until its end comes, so it is written as the
// character it is, and so is a variation selector that ends a write until
// the rune after it comes (which decides whether it selects anything,
// VariationHidden); Flush writes what is held back, escaped as the bytes
// it is when the sequence never ended. It is safe for concurrent use, as the
// os.File it usually wraps is.
type Writer struct {
	mu      sync.Mutex
	w       io.Writer
	pending []byte // the start of a UTF-8 sequence the last write cut
	last    rune   // the last rune written, noRune before the first
	buf     []byte
}

// NewWriter is a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w, last: noRune} }

// Write escapes p and writes it; it reports len(p) when the underlying
// write succeeds, as the bytes p held were all dealt with.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := p
	if len(w.pending) > 0 {
		s = append(w.pending, p...)
		w.pending = nil
	}
	keep := incompleteTail(s)
	if r, size := utf8.DecodeLastRune(s[:len(s)-keep]); IsVariationSelector(r) {
		keep += size // whether it selects anything depends on the rune after it
	}
	w.pending = append(w.pending[:0], s[len(s)-keep:]...)
	end := len(s) - keep
	if end == 0 {
		return len(p), nil
	}
	w.buf = appendEscaped(w.buf[:0], string(s), 0, end, w.last, false)
	w.last, _ = utf8.DecodeLastRune(s[:end])
	if _, err := w.w.Write(w.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes held back, escaped.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) == 0 {
		return nil
	}
	w.buf = appendEscaped(w.buf[:0], string(w.pending), 0, len(w.pending), w.last, false)
	w.pending = nil
	_, err := w.w.Write(w.buf)
	return err
}

// incompleteTail is how many bytes at the end of p begin a UTF-8 sequence
// that p does not finish (0 to 3).
func incompleteTail(p []byte) int {
	for n := 1; n <= min(len(p), utf8.UTFMax-1); n++ {
		c := p[len(p)-n]
		if utf8.RuneStart(c) {
			if c >= 0xc0 && !utf8.FullRune(p[len(p)-n:]) {
				return n
			}
			return 0
		}
	}
	return 0
}
