package tooltext

import (
	"strings"
	"testing"
)

// TestTagOnlyAtItsOpening (attack pass 39): fold called
// modelTagAttributes(orig[i:]) for every ASCII byte of a text, and only
// then looked whether that byte is a "<" (fold.go: `modelTagAttributes(
// orig[i:]); r == '<' && end > 0`). tagParts never looks at s[0], so at
// every letter followed by a letter and a space it scans the rest of the
// text for "<" or ">" (strings.IndexAny): a text of "ab  " repeated costs
// quadratic time. CheckText on 32 KiB of it took 0.34 s, on 128 KiB 4.3 s;
// `lint --probes none` of a package whose one tool's description is 64 KiB
// of "ab  " 1.3 s of CPU, 256 KiB 13.3 s (by the square, a 1 MiB
// description is about 210 s, and tools/list may have 16 pages of them),
// where 1 MiB of camelCase, the dearest linear text, costs about 6 s. The
// contract the walk's comment states ("a walk of every "<" reads each byte
// at most once more") holds only if a tag is read where a "<" is: a text
// that does not start with "<" has no tag.
func TestTagOnlyAtItsOpening(t *testing.T) {
	for _, s := range []string{"xIMPORTANT class=a>", "ab " + strings.Repeat("ab  ", 1000) + ">"} {
		if name, _, end := tagParts(s); end > 0 {
			t.Errorf("tagParts(%.30q...) read a tag %q of %d bytes in a text that does not start with <: fold scans the rest of the text at every such byte (quadratic)", s, name, end)
		}
		if _, end := modelTagAttributes(s); end > 0 {
			t.Errorf("modelTagAttributes(%.30q...) = a tag of %d bytes in a text that does not start with <", s, end)
		}
	}
}

// BenchmarkSpacedWords measures CheckText on 128 KiB of "ab  ": 4.3 s an
// op before (attack pass 39), 50 ms since fold and tagParts read a tag
// only at its "<".
func BenchmarkSpacedWords(b *testing.B) {
	s := strings.Repeat("ab  ", 32<<10)
	for b.Loop() {
		CheckText("/description", s)
	}
}
