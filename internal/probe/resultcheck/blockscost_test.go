package resultcheck

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// allocated is what f allocates, in bytes (the test must not run in
// parallel with another that allocates).
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestEmptyBlocksCheckedCheaply (attack pass 43f, row 5): a result of
// just under stdout's 1 MiB whose content is ~350,000 empty objects,
// [{},{},...], was validated whole against CallToolResult, every block
// failing every alternative of the content anyOf, before the first bad
// block was named: 4.5 GB allocated (`call` 3.3 GB of RSS, 9 s of CPU).
// Each block is judged as its type names first, stopping at the first bad
// one; a megabyte of good blocks costs what reading them costs.
func TestEmptyBlocksCheckedCheaply(t *testing.T) { // not parallel: measures the heap
	for _, c := range []struct{ item, detail string }{
		{`{}`, "at /content/0: the block's type is null"},
		{`{"type":"text","text":""}`, ""},
	} {
		var b bytes.Buffer
		b.WriteString(`{"content":[`)
		for first := true; b.Len()+len(c.item)+8 < 1<<20-64; first = false {
			if !first {
				b.WriteByte(',')
			}
			b.WriteString(c.item)
		}
		b.WriteString(`]}`)
		var probs []Problem
		alloc := allocated(func() { probs = Check(b.Bytes(), nil) })
		t.Logf("%s x %d KiB: %v, %d MiB allocated", c.item, b.Len()>>10, probs, alloc>>20)
		switch {
		case c.detail == "" && len(probs) != 0:
			t.Errorf("%s blocks: %v, want no problem", c.item, probs)
		case c.detail != "" && (len(probs) != 1 || probs[0].Kind != NotCallToolResult || !strings.Contains(probs[0].Detail, c.detail)):
			t.Errorf("%s blocks: %v, want %s naming %q", c.item, probs, NotCallToolResult, c.detail)
		}
		if alloc > 128<<20 {
			t.Errorf("checking a %d KiB result of %s blocks allocated %d MiB, want at most 128 (serve holds 256 MiB beside its calls)", b.Len()>>10, c.item, alloc>>20)
		}
	}
}

// TestBlockFailureBeforeResult: a bad block is named even when the rest
// of the result is wrong too, and a good block list does not hide a wrong
// member beside it.
func TestBlockFailureBeforeResult(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ result, detail string }{
		{`{"content":[{"type":"text","text":"ok"},{}],"isError":"yes"}`, "at /content/1: the block's type is null"},
		{`{"content":[{"type":"text","text":"ok"}],"isError":"yes"}`, "at /isError"},
	} {
		probs := Check([]byte(c.result), nil)
		if len(probs) != 1 || probs[0].Kind != NotCallToolResult || !strings.Contains(probs[0].Detail, c.detail) {
			t.Errorf("%s: %v, want %s naming %q", c.result, probs, NotCallToolResult, c.detail)
		}
	}
}
