package argsgen

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// TestAttack43f_WideItemsAnyOf (attack pass 43f): an inputSchema whose
// required array must hold many items, each matching the last of K
// alternatives (the first K-1 fail for an integer): every case the
// generator makes is validated item by item against every alternative.
// The cost estimate counts subschemas per value, not values.
func TestAttack43f_WideItemsAnyOf(t *testing.T) { // not parallel: measures the heap
	for _, c := range []struct{ k, n int }{{100, 1000}, {500, 1000}} {
		var sch bytes.Buffer
		fmt.Fprintf(&sch, `{"type":"object","required":["a"],"properties":{"a":{"type":"array","minItems":%d,"items":{"anyOf":[`, c.n)
		for i := range c.k - 1 {
			fmt.Fprintf(&sch, `{"type":"string","minLength":%d},`, i+1)
		}
		sch.WriteString(`{"type":"integer","maximum":0,"minimum":0}]}}}}`)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		cases, notes := Cases(sch.Bytes(), Options{})
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		n := 0
		if len(cases) > 0 {
			n = len(cases[0].Args)
		}
		t.Logf("K=%d minItems=%d: %d cases (first %d bytes), notes %.200q; %d MiB allocated, %v", c.k, c.n, len(cases), n, notes, alloc>>20, took)
		if alloc > 256<<20 || took > 10*time.Second {
			t.Errorf("K=%d minItems=%d: %d MiB allocated, %v to make the cases", c.k, c.n, alloc>>20, took)
		}
	}
}
