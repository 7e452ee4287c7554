package generate

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestAttackLineDiffMemory (attack pass 39): `subakogo generate -check`
// shows a stale subako_gen.go as a line diff, by myers, which copies its
// whole V array (2(n+m)+2 ints) for every edit distance d to backtrack:
// memory O(D·(n+m)), quadratic in the file when the files differ, and
// nothing bounds the file (os.ReadFile of the package's subako_gen.go).
// End to end, examples/hello with a subako_gen.go of "package main" and
// 30,000 comment lines (530 KB): `generate -check` ran out of memory at
// 6.3 GB under a ulimit of 8 GB and exited 4 ("the tool itself crashed");
// without a cap it would take ~14 GB of a shared CI runner. A committed
// file in a repository under review is a hostile package's to choose.
// Here 3,000 stale lines (51 KB) against 100: the diff must cost a bounded
// multiple of the texts, not their product.
func TestAttackLineDiffMemory(t *testing.T) {
	var old, fresh strings.Builder
	old.WriteString("package main\n")
	for i := range 3000 {
		fmt.Fprintf(&old, "// stale line %d\n", i)
	}
	fresh.WriteString("package main\n")
	for i := range 100 {
		fmt.Fprintf(&fresh, "func f%d() {}\n", i)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := LineDiff("subako_gen.go", []byte(old.String()), []byte(fresh.String()))
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	size := uint64(old.Len() + fresh.Len())
	t.Logf("a diff of %d + %d bytes (%d bytes shown) allocated %d MiB", old.Len(), fresh.Len(), len(d), allocated>>20)
	if allocated > 64*size+(8<<20) {
		t.Errorf("LineDiff of %d KB allocated %d MiB: quadratic in the file (myers keeps a copy of V for every edit distance)", size>>10, allocated>>20)
	}
}
