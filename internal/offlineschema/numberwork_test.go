package offlineschema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// hugeNumbers are numbers the validator is slow to read exactly, each with
// the least Work it must count for one reading: at about a microsecond a
// step, what reading it took here (numberWork's comment).
var hugeNumbers = []struct {
	text string
	work int
}{
	{"1e999999", 41_000},
	{"1e-999999", 28_000},
	{"1e100000", 540},
	{strings.Repeat("7", 100_000), 26_000},
	{"0." + strings.Repeat("7", 100_000), 24_000},
	{strings.Repeat("7", 10_000), 200},
}

// TestNumberReadingCounted: a number the validator reads exactly (an
// integer type, the bounds, multipleOf, const, an enum's entries,
// uniqueItems) counts what reading it costs, at least its measured time
// in steps, so sixty of 1e999999 are past MaxWork. Attack pass 46c, row
// 5: each was one step, sixty were Work 61 and took 1.2 s to validate. A
// small number stays one step.
func TestNumberReadingCounted(t *testing.T) {
	schemas := []string{
		`{"type":"integer"}`,
		`{"type":["null","integer"]}`,
		`{"minimum":0.5}`,
		`{"multipleOf":3}`,
		`{"const":1}`,
		`{"enum":[1,"a"]}`,
		`{"type":"array","uniqueItems":true}`,
	}
	for _, sch := range schemas {
		small := estimate(t, sch).Work(mustJSON(t, "[12345]")[0], MaxWork)
		if sch == schemas[len(schemas)-1] {
			small = estimate(t, sch).Work(mustJSON(t, "[[1,2]]")[0], MaxWork)
		}
		if small > 5 {
			t.Errorf("%s: a small number is Work %d", sch, small)
		}
		for _, h := range hugeNumbers {
			inst := mustJSON(t, "["+h.text+"]")[0]
			if sch == schemas[len(schemas)-1] {
				inst = mustJSON(t, "[["+h.text+",1]]")[0]
			}
			if got := estimate(t, sch).Work(inst, MaxWork); got < h.work {
				t.Errorf("%s, %.12s (%d bytes): Work %d, want at least %d", sch, h.text, len(h.text), got, h.work)
			}
		}
	}
	sixty := mustJSON(t, "[["+strings.TrimSuffix(strings.Repeat("1e999999,", 60), ",")+"]]")[0]
	if _, err := estimate(t, `{"type":"array","items":{"type":"integer"}}`).CheckWork(sixty); err == nil {
		t.Error("sixty items of 1e999999 against an integer type are within MaxWork")
	}
}

// mustJSON decodes text (a JSON array) as jsonschema.UnmarshalJSON does.
func mustJSON(t *testing.T, text string) []any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return v.([]any)
}

// BenchmarkNumberRead measures what numberWork models: the validator's
// exact reading of each of hugeNumbers (a big.Rat), and reports the time
// of a step of Work it counts for it (ns/step; the model's step is about
// a microsecond, so a value under 1,000 is a bound that holds).
func BenchmarkNumberRead(b *testing.B) {
	for _, h := range hugeNumbers {
		b.Run(fmt.Sprintf("%.8s_%dB", h.text, len(h.text)), func(b *testing.B) {
			for b.Loop() {
				new(big.Rat).SetString(h.text)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(numberWork(json.Number(h.text))), "ns/step")
		})
	}
}

// TestNumbersInArraysCountedBothSides: a const or an enum entry that is an
// array compared with a value that is one has the numbers of both read
// exactly, pair by pair, and Work counts both: an array of a thousand 1s
// against a thousand numbers of 1,000 bytes equal to 1 counts each of
// those. Attack pass 46e, row 3: Work counted the cheaper side (a step a
// pair), so 490 $refs to such a const were Work 491,471, within MaxWork,
// and took 8-10 s a validation.
func TestNumbersInArraysCountedBothSides(t *testing.T) {
	const n = 1000
	costly := "1." + strings.Repeat("0", 998) // within HugeNumber's bound
	ones := "[" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]"
	value := mustJSON(t, "[["+strings.TrimSuffix(strings.Repeat(costly+",", n), ",")+"]]")[0]
	want := n * numberWork(json.Number(costly))
	for _, sch := range []string{`{"const":` + ones + `}`, `{"enum":[` + ones + `]}`, `{"enum":["a",{"k":` + ones + `},` + ones + `]}`} {
		if got := estimate(t, sch).Work(value, MaxWork); got < want {
			t.Errorf("%.24s... against %d numbers of %d bytes: Work %d, want at least %d", sch, n, len(costly), got, want)
		}
	}
	// Honest arrays of small numbers cost what they did.
	if got := estimate(t, `{"const":[1,2,3]}`).Work(mustJSON(t, "[[1,2,3]]")[0], MaxWork); got > 6 {
		t.Errorf("const [1,2,3] against [1,2,3]: Work %d", got)
	}
}
