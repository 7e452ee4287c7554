package probe_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/probe"
)

// TestAttack47a_row3_JudgingChargedFixed (attack pass 47a, row 3): the
// probes' budget charges each run 1 ms for the host's work of "starting
// the run, generating its case and judging it" (RunCharge), but judging a
// result is the module's choice up to offlineschema.MaxWork, about half a
// second of CPU: an 83-byte outputSchema with a pattern of ~1,000
// instructions and a 49,800-byte string in every result. Ten such tools:
// the probes of a 2 s budget spent 9 s of the process's CPU (0.5 s with
// the same tools plain), so the budget bounds nothing, and only the wall
// backstop (50 times the budget) does: `lint --probe-time 2s` of the
// module is exit 1 (P033) quiet and exit 3 ("this machine is too busy") at
// 3% of a core, where the plain module is judged; with the default 20 s
// budget ~100 such tools do the same. The test wants the probes' process
// CPU time within twice their budget and a second (the plain module's is a
// quarter of it). Skipped unless SUBAKO_ATTACK=1.
func TestAttack47a_row3_JudgingChargedFixed(t *testing.T) {
	if os.Getenv("SUBAKO_ATTACK") != "1" {
		t.Skip("attack pass 47a reproduction: SUBAKO_ATTACK=1 runs it")
	}
	h := testHost(t)
	const budget = 2 * time.Second
	for _, mode := range []string{"plain", "costly"} {
		t.Run(mode, func(t *testing.T) {
			wasm := gowasm.Build(t, "testdata/attack47a", "-ldflags=-X main.mode="+mode)
			ctx := context.Background()
			m, err := h.Compile(ctx, wasm)
			if err != nil {
				t.Fatal(err)
			}
			d := h.Discover(ctx, m, "")
			if d.Stopped != nil {
				t.Fatalf("discovery stopped: %s", d.Stopped)
			}
			before := processCPU(t)
			res := probe.Run(ctx, h, m, d.Tools, probe.Options{Level: probe.Safe, Wasm: wasm, Budget: budget, RunLimit: 2 * time.Second})
			cpu := processCPU(t) - before
			t.Logf("%s: %d runs, %v of the budget spent, %v of the process's CPU; not judged: %v; findings:%s", mode, len(res.Runs), res.Spent, cpu, res.NotJudged, messages(res.Findings))
			if cpu > 2*budget+time.Second {
				t.Errorf("the probes of a %v budget took %v of the process's CPU (%v charged): the host's judging is charged %v a run whatever it costs", budget, cpu, res.Spent, probe.RunCharge)
			}
		})
	}
}
