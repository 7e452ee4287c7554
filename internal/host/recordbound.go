package host

import "strconv"

// What a run's record holds of its stdout is bounded by the bytes
// written, not by the lines they make: 1 MiB of empty lines was a million
// Lines and a million Breaks, 231 MiB of the host's heap (attack pass 42a,
// row 2; TestStdoutRecordBounded).

// minMessageLen is the length of the shortest line ParseMessage takes,
// {"jsonrpc":"2.0"}: a shorter one is no message (TestShortLineNoMessage).
const minMessageLen = len(`{"jsonrpc":"2.0"}`)

// ShortLinesKept is how many stdout lines shorter than any message a run
// keeps in Record.Lines, each a not-a-message break; past them a line
// that short is counted in Record.LinesDropped and breaks the same way
// (Break.More).
const ShortLinesKept = 16

// BreaksKept is how many breaks of one kind about stdout lines a record
// builds; the rest are counted in the last one's More, so that a run's
// breaks hold a bounded part of the host's heap however many lines broke.
const BreaksKept = 32

// MoreLikeIt is what a report adds to a break's message for its More:
// " (and n more like it)", or "" for none.
func (b Break) MoreLikeIt() string {
	if b.More == 0 {
		return ""
	}
	return " (and " + strconv.Itoa(b.More) + " more like it)"
}
