// One string read: the character signals, then the word and phrase
// signals.

package tooltext

import (
	"strconv"
	"strings"
)

// perTextMax bounds the signals of one rule in one string: a text with a
// thousand zero-width spaces is one problem, told a few times.
const perTextMax = 5

// text reads one string a model or a person reads.
func (c *checker) text(i int, tool string, ptr *path, field, s string) {
	c.chars(i, tool, ptr, field, s)
	c.mixedScript(i, tool, ptr, field, s)
	c.phrases(i, tool, ptr, field, s)
	c.encoded(i, tool, ptr, field, s)
}

// add records sig, at most perTextMax of one rule per string; past that,
// the last one kept says how many more there were.
func (c *checker) add(sig Signal) {
	k := textKey{sig.Rule.ID, sig.Index, sig.Pointer, sig.Field}
	if c.counts == nil {
		c.counts = map[textKey]*textCount{}
	}
	n := c.counts[k]
	if n == nil {
		n = &textCount{}
		c.counts[k] = n
	}
	if n.kept < perTextMax {
		n.kept++
		n.last = len(c.out)
		c.out = append(c.out, sig)
		return
	}
	n.more++
	msg := &c.out[n.last].Message
	if j := strings.LastIndex(*msg, " (and "); n.more > 1 && j >= 0 {
		*msg = (*msg)[:j]
	}
	*msg += " (and " + strconv.Itoa(n.more) + " more in this text)"
}

type textKey struct {
	rule       string
	index      int
	ptr, field string
}

type textCount struct{ kept, last, more int }
