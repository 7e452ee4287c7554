package callcheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestSaveCasesKeepsOtherRunsCases (attack pass 42n, row 3): two lints
// with one --save-cases file both open it before either adds; each run's
// cases stay, whichever adds first, and so do those of runs adding at
// the same moment.
func TestSaveCasesKeepsOtherRunsCases(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "testdata", "calls.json")
	const runs = 8
	opened := make([]*Cases, runs)
	for i := range opened {
		c, err := OpenCases(path)
		if err != nil {
			t.Fatal(err)
		}
		opened[i] = c
	}
	var wg sync.WaitGroup
	for i, c := range opened {
		wg.Go(func() {
			call := Call{Tool: fmt.Sprint("run", i), Arguments: json.RawMessage(`{"x":1}`)}
			if n, err := c.Add([]Call{call, call}); err != nil || n != 1 {
				t.Errorf("run %d: added %d, %v", i, n, err)
			}
		})
	}
	wg.Wait()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []Call
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	tools := map[string]bool{}
	for _, c := range got {
		tools[c.Tool] = true
	}
	for i := range runs {
		if !tools[fmt.Sprint("run", i)] {
			t.Errorf("run %d's case is lost; the file holds:\n%s", i, data)
		}
	}
	if len(got) != runs {
		t.Errorf("%d entries, want %d:\n%s", len(got), runs, data)
	}
}
