package argsgen

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestWideItemsAnyOfBounded (attack pass 43f, row 7): an inputSchema whose
// required array must hold 1,000 items, each an anyOf of K alternatives:
// the generator read the items' schema again for every item (K=500:
// 2.1 GB allocated by Cases; `lint` 264 s and 5.56 GB), and the cost check
// counted subschemas per value, not values. Each schema is now read once,
// and a validation past offlineschema.MaxWork (subschemas a value may
// evaluate times values) is not made: the case is left out with a note.
func TestWideItemsAnyOfBounded(t *testing.T) { // not parallel: measures the heap
	for _, c := range []struct {
		k, n  int
		cases bool
	}{{100, 1000, true}, {500, 1000, false}} {
		var sch bytes.Buffer
		fmt.Fprintf(&sch, `{"type":"object","required":["a"],"properties":{"a":{"type":"array","minItems":%d,"items":{"anyOf":[`, c.n)
		for i := range c.k - 1 {
			fmt.Fprintf(&sch, `{"type":"string","minLength":%d},`, i+1)
		}
		sch.WriteString(`{"type":"integer","maximum":0,"minimum":0}]}}}}`)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cases, notes := Cases(sch.Bytes(), Options{})
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("K=%d minItems=%d: %d cases, %d notes; %d MiB allocated", c.k, c.n, len(cases), len(notes), alloc>>20)
		if alloc > 192<<20 {
			t.Errorf("K=%d minItems=%d: %d MiB allocated, want at most 192", c.k, c.n, alloc>>20)
		}
		if got := len(cases) > 0; got != c.cases {
			t.Errorf("K=%d: %d cases, want some: %v (notes %q)", c.k, len(cases), c.cases, notes)
		}
		if !c.cases && !strings.Contains(strings.Join(notes, "\n"), "was not validated: validating its 1002 values") {
			t.Errorf("K=%d: notes %q, want one saying the value was not validated", c.k, notes)
		}
	}
}
