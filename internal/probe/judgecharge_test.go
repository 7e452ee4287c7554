package probe_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// TestJudgingCharged: the probes' budget charges the host's judging of a
// run by what the module chose (SchemaWorkCharge a step of validating its
// result against the outputSchema, AnswerKiBCharge a KiB of its stdout),
// not RunCharge's fixed 1 ms. The module (testdata/attack47a) lists ten
// tools; built costly each declares an 83-byte outputSchema whose pattern
// compiles to ~1,000 instructions and answers every call with a
// 49,800-byte string for it, a validation of work ~498,000 (within
// offlineschema.MaxWork, ~0.4 s of CPU); built plain, no outputSchema and
// "ok". Each of the costly module's calls is charged at least its work,
// so a 2 s budget is cut after a few calls (P033 found, the rest left
// out: the same on any machine), where the plain module's runs all fit.
// Attack pass 47a, row 3: every run was charged 1 ms, the probes of the 2
// s budget made all 25 runs and took 9-11.5 s of the process's CPU, and
// lint --probe-time 2s was exit 1 quiet and exit 3 ("this machine is too
// busy") at 3% of a core. The test logs the process's CPU time beside
// what was charged; it asserts only what was charged.
func TestJudgingCharged(t *testing.T) {
	h := testHost(t)
	const budget = 2 * time.Second
	text := strings.Repeat("a", 49800)
	schema, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"type":"object","properties":{"s":{"type":"string","pattern":"(?:[abB]{1000}x)"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	work, err := offlineschema.Estimate(schema).CheckWork(map[string]any{"s": text})
	if err != nil {
		t.Fatal(err)
	}
	perCall := probe.JudgeCharge(&host.Record{}, nil, resultcheck.Work{Schema: work}) // the least a call is charged: its validation
	for _, mode := range []string{"plain", "costly"} {
		t.Run(mode, func(t *testing.T) {
			wasm := gowasm.Build(t, "testdata/attack47a", "-ldflags=-X main.mode="+mode)
			ctx := context.Background()
			m, d := discovered(t, h, wasm)
			before := processCPU(t)
			res := probe.Run(ctx, h, m, d.Tools, probe.Options{Level: probe.Safe, Wasm: wasm, Budget: budget, RunLimit: 2 * time.Second})
			cpu := processCPU(t) - before
			calls := 0
			for _, run := range res.Runs {
				if run.Probe == probe.ProbeCall || run.Probe == probe.ProbeValid || run.Probe == probe.ProbeInvalid {
					calls++
				}
			}
			t.Logf("%s: %d runs (%d calls judged against the outputSchema's work %d), %d left out; %v of the budget spent, %v of the process's CPU; not judged: %v; findings:%s",
				mode, len(res.Runs), calls, work, len(res.NotRun), res.Spent, cpu, res.NotJudged, messages(res.Findings))
			if mode == "plain" {
				if len(res.NotRun) > 0 || res.NotJudged != nil {
					t.Errorf("the plain module: %d runs left out, not judged %v; want every run made", len(res.NotRun), res.NotJudged)
				}
				return
			}
			if calls == 0 || res.Spent < time.Duration(calls)*perCall {
				t.Errorf("%d calls whose results cost validation work %d each were charged %v in all (the budget's %v), want at least %v a call", calls, work, res.Spent, budget, perCall)
			}
			if max := int(budget/perCall) + 1; calls > max || len(res.NotRun) == 0 {
				t.Errorf("a %v budget made %d calls of %v each and left out %d runs; want at most %d calls and the rest left out", budget, calls, perCall, len(res.NotRun), max)
			}
			if !strings.Contains(messages(res.Findings), "P033") {
				t.Errorf("the costly module's findings:%s; want P033 (its results fail the outputSchema)", messages(res.Findings))
			}
		})
	}
}

// TestResultNestingCharged: a result's nesting is charged DepthCharge a
// level past the first 16 (judging it grows the stack as deep), counted
// outside strings.
func TestResultNestingCharged(t *testing.T) {
	t.Parallel()
	deep := `{"content":[{"type":"text","text":"[[{"}],"structuredContent":{"a":` + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + `}}`
	for _, c := range []struct {
		result string
		levels int
	}{
		{`{"content":[{"type":"text","text":"ok"}]}`, 0},
		{`{"content":[{"type":"text","text":"[[[{{\\\"[[[` + strings.Repeat("[", 100) + `"}]}`, 0},
		{`{"content":[{"type":"text","text":"ok"}],"structuredContent":{"a":` + strings.Repeat("[", 20) + strings.Repeat("]", 20) + `}}`, 22 - 16},
		{deep, 9002 - 16},
	} {
		rec := &host.Record{StdoutBytes: 1000}
		if got, want := probe.JudgeCharge(rec, json.RawMessage(c.result), resultcheck.Work{}), time.Duration(c.levels)*probe.DepthCharge; got != want {
			t.Errorf("%.60s: charged %v, want %v (%d levels)", c.result, got, want, c.levels)
		}
	}
}

// TestLinksCharged: each link the judging opened is charged LinkCharge,
// beyond RunCharge (attack pass 47d, row 2: a volume walk a link).
func TestLinksCharged(t *testing.T) {
	for _, links := range []int{0, 1, 3000} {
		if got, want := probe.JudgeCharge(&host.Record{}, nil, resultcheck.Work{Links: links}), time.Duration(links)*probe.LinkCharge; got != want {
			t.Errorf("%d links opened: charged %v, want %v", links, got, want)
		}
	}
}
