package resultcheck

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// TestAttack43f_EmptyBlocksCost (attack pass 43f): a tools/call result of
// just under 1 MiB (what stdout allows) whose content is ~350,000 empty
// objects, [{},{},...], is validated against the CallToolResult schema
// with every block failing every alternative of its anyOf, before
// blockFailure names the first: `subakogo call` on such a module
// (internal/host/testdata/attack43f/bigresult.c) ran 9 s of CPU and peaked
// at 3.3 GB of RSS after the module's answer; `lint` 19 s of CPU and 4.8 GB;
// serve's calls go through the same Check (callrun). docs/serve-limits.md
// allows serve 256 MiB beside its calls' guest memory; the CPU of a call
// is its limit plus a small constant.
func TestAttack43f_EmptyBlocksCost(t *testing.T) { // not parallel: measures the heap
	for _, item := range []string{`{}`, `{"type":"text","text":""}`} {
		var b bytes.Buffer
		b.WriteString(`{"content":[`)
		for first := true; b.Len()+len(item)+8 < 1<<20-64; first = false {
			if !first {
				b.WriteByte(',')
			}
			b.WriteString(item)
		}
		b.WriteString(`]}`)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		probs := Check(b.Bytes(), nil)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s x %d KiB: %d problems, %d MiB allocated, %d mallocs", item, b.Len()>>10, len(probs), alloc>>20, after.Mallocs-before.Mallocs)
		if alloc > 256<<20 {
			t.Errorf("checking a %d KiB result of %s blocks allocated %d MiB (over serve's 256 MiB beside its calls)", b.Len()>>10, item, alloc>>20)
		}
	}
}

// TestAttack43f_WideStructuredCost (attack pass 43f): the outputSchema's
// cost check (offlineschema.Cost) bounds the subschemas evaluated per value
// by depth, not by how many values there are: a structuredContent array of
// ~250,000 items, each evaluated against an items schema of K failing
// alternatives (well within MaxCost per value), is validated in full.
func TestAttack43f_WideStructuredCost(t *testing.T) { // not parallel: measures the heap
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
	for _, n := range []int{1000, 10000, 100000} {
		var b bytes.Buffer
		b.WriteString(`{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('0')
		}
		b.WriteString(`]}}`)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		probs := Check(b.Bytes(), sch.Bytes())
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		first := ""
		if len(probs) > 0 {
			first = probs[0].Detail
			if len(first) > 160 {
				first = first[:160]
			}
		}
		t.Logf("%d items x %d alternatives (%d KiB result): %d problems %q, %d MiB allocated, %v", n, k, b.Len()>>10, len(probs), first, alloc>>20, took)
		if alloc > 256<<20 {
			t.Errorf("%d items: %d MiB allocated", n, alloc>>20)
			break
		}
	}
}
