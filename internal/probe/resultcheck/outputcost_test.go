package resultcheck

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestWideStructuredContentBounded (attack pass 43f, row 6): an
// outputSchema whose array items are an anyOf of 200 alternatives, and a
// structuredContent of N items failing all of them: the cost check
// counted subschemas per value, not values, and the validator kept every
// alternative's failure for every item (10,000 items, a 19 KiB result:
// 784 MiB allocated; `call` on a 40 KB answer, 1.2 GB of RSS). Past
// offlineschema.MaxWork in all, structuredContent is not validated, and
// says why; under it, it is, as before. (Not a finding: the bound counts
// every subschema for every value, so a valid answer to a real schema
// passes it too; attack pass 43j, row 2.)
func TestWideStructuredContentBounded(t *testing.T) { // not parallel: measures the heap
	const k = 200
	var sch bytes.Buffer
	sch.WriteString(`{"type":"object","properties":{"a":{"type":"array","items":{"anyOf":[`)
	for i := range k {
		if i > 0 {
			sch.WriteByte(',')
		}
		fmt.Fprintf(&sch, `{"type":"string","minLength":%d}`, i+1)
	}
	sch.WriteString(`]}}}}`)
	for _, c := range []struct {
		n       int
		kind    Kind
		maxMiB  uint64
		contain string
	}{
		{1000, OutputSchema, 128, "at /a/0: 'anyOf' failed"},
		{10000, NotChecked, 32, "could take more than 500000 steps in all"},
		{100000, NotChecked, 64, "could take more than 500000 steps in all"},
	} {
		var b bytes.Buffer
		b.WriteString(`{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":[`)
		for i := range c.n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('0')
		}
		b.WriteString(`]}}`)
		var probs []Problem
		alloc := allocated(func() { probs = Check(b.Bytes(), sch.Bytes()) })
		t.Logf("%d items x %d alternatives (%d KiB result): %d MiB allocated", c.n, k, b.Len()>>10, alloc>>20)
		if len(probs) == 0 || probs[0].Kind != c.kind || !strings.Contains(probs[0].Detail, c.contain) {
			t.Errorf("%d items: %v, want first %s naming %q", c.n, probs, c.kind, c.contain)
		}
		if alloc > c.maxMiB<<20 {
			t.Errorf("%d items: %d MiB allocated, want at most %d", c.n, alloc>>20, c.maxMiB)
		}
	}
}
