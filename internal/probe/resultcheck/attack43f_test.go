package resultcheck

import (
	"bytes"
	"runtime"
	"testing"
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
