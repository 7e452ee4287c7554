package offlineschema

import (
	"strconv"
	"strings"
	"testing"
)

// onesArray is a JSON array of n ones, first in place of the first.
func onesArray(n int, first string) string {
	if n == 0 {
		return "[]"
	}
	return "[" + first + strings.Repeat(",1", n-1) + "]"
}

// constWalkCase is a shape of const comparison: refs $refs (allOf, so the
// validator evaluates each) to a definition whose const is an array of
// n ones, against a value.
type constWalkCase struct {
	name     string
	refs, n  int
	instText string
}

func (c constWalkCase) schema() string {
	return `{"$defs":{"c":{"const":` + onesArray(c.n, "1") + `}},"allOf":[` +
		strings.TrimSuffix(strings.Repeat(`{"$ref":"#/$defs/c"},`, c.refs), ",") + `]}`
}

// constWalkCases: pass 46h's reproduction ([] against 500 $refs to a
// const of 100,000 ones: Work 1,501, 0.88 s of CPU in Work's own walk);
// a value the validator walks whole (equal) and one it stops at on the
// first item; and an array of a thousand empty arrays each compared with
// such a const.
var constWalkCases = []constWalkCase{
	{"empty_vs_100k_x500", 500, 100_000, "[]"},
	{"equal_10k_x50", 50, 10_000, onesArray(10_000, "1")},
	{"first_differs_100k_x500", 500, 100_000, onesArray(100_000, "2")},
	{"items_1000_empty_vs_100k", 0, 100_000, "[" + strings.TrimSuffix(strings.Repeat("[],", 1000), ",") + "]"},
}

func (c constWalkCase) schemaText() string {
	if c.refs == 0 {
		return `{"$defs":{"c":{"const":` + onesArray(c.n, "1") + `}},"type":"array","items":{"$ref":"#/$defs/c"}}`
	}
	return c.schema()
}

// TestConstWalkCounted (pass 46h): Work counts a const as the validator's
// equals walks it (reading.go, compare): types and lengths first, a step
// where they differ; then pair by pair to the first pair that differs. So
// the Work of a value equals walks whole grows with the const's size, and
// that of one it stops at does not; and Work's own walk reads each pair
// once (its reading, counted, stays within the Work it answers). It read
// the const's numbers whole at each visit: [] against 500 $refs to a const
// of 100,000 ones was Work 1,501 and 0.88 s of CPU in the walk, and a value
// differing in its first item (0.6 ms to validate) was Work 50,001,501, so
// it was not validated. Counted, not timed (BenchmarkConstWalk times it).
func TestConstWalkCounted(t *testing.T) {
	lastDiffers := "[" + strings.Repeat("1,", 9_999) + "2]"
	obj := func(n int, v string) string {
		members := make([]string, n)
		for i := range members {
			members[i] = `"k` + strconv.Itoa(i) + `":` + v
		}
		return "{" + strings.Join(members, ",") + "}"
	}
	for _, c := range []struct {
		name          string
		refs          int
		const_, value string
		least, most   int
	}{
		// equals walks every pair at each $ref: at least refs times the
		// const's items.
		{"equal", 50, onesArray(10_000, "1"), onesArray(10_000, "1"), 50 * 10_000, 60 * 10_000},
		{"last differs", 50, onesArray(10_000, "1"), lastDiffers, 50 * 10_000, 60 * 10_000},
		{"equal objects", 50, obj(2_000, "1"), obj(2_000, "1"), 50 * 2_000, 60 * 2_000},
		// equals stops at once: a few steps a $ref, whatever the const's
		// size.
		{"empty", 500, onesArray(100_000, "1"), "[]", 500, 3 * 500},
		{"first differs", 500, onesArray(100_000, "1"), onesArray(100_000, "2"), 500, 4 * 500},
		{"object of another size", 500, obj(2_000, "1"), obj(1_999, "1"), 500, 3 * 500},
		{"not an array", 500, onesArray(100_000, "1"), `{"a":1}`, 500, 3 * 500},
	} {
		schemaText := `{"$defs":{"c":{"const":` + c.const_ + `}},"allOf":[` +
			strings.TrimSuffix(strings.Repeat(`{"$ref":"#/$defs/c"},`, c.refs), ",") + `]}`
		_, cost, inst := compileWorkCase(t, schemaText, c.value)
		ww := cost.work(inst, 1<<40)
		if ww.n < c.least || ww.n > c.most {
			t.Errorf("%s: %d $refs to a const of %d values: Work %d, want %d to %d", c.name, c.refs, Values(mustJSON(t, "["+c.const_+"]")[0])-1, ww.n, c.least, c.most)
		}
		if ww.readings.read > ww.n {
			t.Errorf("%s: Work's walk read %d values for a Work of %d", c.name, ww.readings.read, ww.n)
		}
	}
}

// BenchmarkConstWalk shows, for each of constWalkCases, the validator's
// real cost (validate: ns/op, and ns/step, its time for each step of Work
// counted) beside the estimate's (estimate: Work's own time, ns/op), both
// with the Work counted (steps), unbounded.
func BenchmarkConstWalk(b *testing.B) {
	const unbounded = 1 << 50
	for _, c := range constWalkCases {
		s, cost, inst := compileWorkCase(b, c.schemaText(), c.instText)
		b.Run(c.name+"/validate", func(b *testing.B) {
			steps := cost.Work(inst, unbounded)
			for b.Loop() {
				_ = s.Validate(inst)
			}
			b.ReportMetric(float64(steps), "steps")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(steps), "ns/step")
		})
		b.Run(c.name+"/estimate", func(b *testing.B) {
			steps := 0
			for b.Loop() {
				steps = cost.Work(inst, unbounded)
			}
			b.ReportMetric(float64(steps), "steps")
		})
	}
}
