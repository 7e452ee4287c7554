package probe_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestProbesJudgeOtherRunsMemory (attack pass 43c, row 2): the host's
// memory budget (serve --memory-budget, host.Options.MemoryBudget) is
// shared by every run of the host, serve's clients' calls and a rebuild's
// probes included, and the pause probe runs beside the other probes. A
// probe run whose memory.grow the budget refused because other runs held
// it (Record.MemoryRefused) was judged as the module's own trap: the same
// module, each call of which needs 40 MiB of a 64 MiB budget, drew
// [P030 P037 P031] or [P036] from run to run, and [P030 P031] beside a
// client's call holding 40 MiB. Now such a run is made again alone among
// the probes and only that one is judged, and when the budget refuses it
// again the probes are not judged (probe.MemoryHeldError, exit 3): the
// verdict is the module's, or says it was not given.
func TestProbesJudgeOtherRunsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C module")
	}
	wasm, err := os.ReadFile(subjects.CHooked(t, "GROW_MIB=40"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	h := testHostWith(t, host.Options{MemoryBudget: 64 << 20})
	opt := probe.Options{Level: probe.Safe, Wasm: wasm}

	first := probeModule(t, h, wasm, opt)
	if first.NotJudged != nil {
		t.Fatalf("the probes alone were not judged: %v", first.NotJudged)
	}
	alone := ruleIDs(first.Findings)
	t.Logf("the probes alone: %v", alone)
	for range 4 { // the pause probe runs beside the others: the race the rerun ends
		again := probeModule(t, h, wasm, opt)
		if ids := ruleIDs(again.Findings); !slices.Equal(ids, alone) || again.NotJudged != nil {
			t.Errorf("one module, the probes alone: %v, then %v (not judged: %v)", alone, ids, again.NotJudged)
		}
	}

	// A client's call of the same module that took its 40 MiB and answered,
	// its session still open (as serve's calls are while they run).
	m, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.Start(ctx, m, host.RunConfig{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	s.Send(host.ToolCall(json.RawMessage(`"client-1"`), "add", json.RawMessage(`{"a":1,"b":2}`)))
	if _, ok := s.Answer(json.RawMessage(`"client-1"`), 5*time.Second); !ok {
		t.Fatal("the client's call was not answered")
	}
	beside := probeModule(t, h, wasm, opt)
	s.Wait()

	var held *probe.MemoryHeldError
	switch {
	case beside.NotJudged == nil:
		if ids := ruleIDs(beside.Findings); !slices.Equal(ids, alone) {
			t.Errorf("one module, two verdicts: the probes alone found %v, beside a client's call holding memory %v", alone, ids)
		}
	case !errors.As(beside.NotJudged, &held):
		t.Errorf("beside a client's call holding memory, not judged for another reason: %v", beside.NotJudged)
	default:
		for _, id := range ruleIDs(beside.Findings) {
			if !slices.Contains(alone, id) {
				t.Errorf("beside a client's call holding memory (not judged: %v), a finding the probes alone did not make: %s%s",
					beside.NotJudged, id, messages(beside.Findings))
			}
		}
		t.Logf("beside a client's call holding memory: not judged: %v", beside.NotJudged)
	}
}
