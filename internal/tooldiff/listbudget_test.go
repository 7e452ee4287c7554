package tooldiff

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// anyOfTools is a list of n tools whose inputSchema and outputSchema are
// each an anyOf of k {} and, with extra, one {"type": "string"} more
// (attack pass 51e, row 1's diff: 34 tools of k = 9,990, 1 MiB).
func anyOfTools(t *testing.T, n, k int, extra bool) []json.RawMessage {
	t.Helper()
	s := strings.Repeat("{},", k-1) + "{}"
	if extra {
		s += `,{"type":"string"}`
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":"t` + strconv.Itoa(i) + `","inputSchema":{"type":"object","anyOf":[` + s + `]},"outputSchema":{"type":"object","anyOf":[` + s + `]}}`)
	}
	b.WriteString("]")
	l, err := ParseList([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestListJudgmentsBounded: the judgments of a whole list share one
// budget (maxListWork). Each tool's judgments of an anyOf of 9,990 {} that
// gained a branch spend some 4,000 thousandths (compiling each side,
// proof steps, samples); the list's judgments stop once 8,000 are spent,
// and the tools after are D023 "not compared: the diff's budget for the
// list ran out", never passed silently. Before, every tool was judged
// (34 of them ran past 5 minutes of CPU) and each proof wrote the other
// side's 30 KB whole at each of its 9,990 steps (34 s for one tool).
func TestListJudgmentsBounded(t *testing.T) {
	const n = 5
	spent, judges := 0, 0
	chargedHook = func(j *judge) { spent += j.spent(); judges++ }
	defer func() { chargedHook = nil }()
	cs := Compare(anyOfTools(t, n, 9990, false), anyOfTools(t, n, 9990, true))
	if spent > maxListWork+4000 || judges > 4 {
		t.Errorf("the judgments spent %d thousandths in %d judges, past the list's %d and one tool's", spent, judges, maxListWork)
	}
	notCompared := map[string]bool{}
	for _, c := range cs {
		if c.Rule.Severity >= rules.Error {
			t.Errorf("a break: %s", c.Message())
		}
		if c.Rule == rules.DiffUnproven && strings.Contains(c.What, "not compared: the diff's budget for the list ran out") {
			notCompared[c.Tool] = true
		}
	}
	for i := 2; i < n; i++ {
		if name := "t" + strconv.Itoa(i); !notCompared[name] {
			t.Errorf("%s: no D023 for the list's budget:\n%s", name, messages(cs))
		}
	}
}

// TestCompareStopsWhenCancelled: a context cancelled while the first
// tool is judged stops the comparison: no judge is made after it, and no
// later tool is compared (a diff ran on past SIGTERM, its judgments never
// looking at the context).
func TestCompareStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	judges, compared := 0, 0
	chargedHook = func(*judge) { judges++; cancel() }
	comparedHook = func() { compared++ }
	defer func() { chargedHook, comparedHook = nil, nil }()
	CompareContext(ctx, anyOfTools(t, 5, 100, false), anyOfTools(t, 5, 100, true))
	if judges != 1 || compared != 1 {
		t.Errorf("after the cancel: %d judges made, %d tools compared; want 1 and 1", judges, compared)
	}
	judges, compared = 0, 0
	CompareContext(ctx, anyOfTools(t, 5, 100, false), anyOfTools(t, 5, 100, true))
	if judges != 0 || compared != 0 {
		t.Errorf("cancelled before the start: %d judges made, %d tools compared", judges, compared)
	}
}
