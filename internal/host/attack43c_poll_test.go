package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"
)

// pollAfterAnswerAttack43c runs the subject built with defs n times as a
// probe runs a call (a fresh session, one request, its answer, stdin
// closed) and counts the runs by the module time they were charged,
// rounded to a tenth of a second.
func pollAfterAnswerAttack43c(t *testing.T, n int, osPipe bool, defs ...string) map[string]int {
	t.Helper()
	h := newHost(t)
	m := compile(t, h, fsModuleAttack43c(t, defs...))
	charged := map[string]int{}
	for range n {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe, Mounts: Mounts{Volume: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		id := json.RawMessage(`"c1"`)
		s.Send(ToolCall(id, "add", json.RawMessage(`{"a":1,"b":2}`)))
		if _, ok := s.Answer(id, 3*time.Second); !ok {
			t.Fatal("not answered")
		}
		rec := s.Wait()
		charged[fmt.Sprint(rec.Elapsed.Round(100*time.Millisecond))]++
	}
	return charged
}

// TestAttack43c_PollAfterAnswerRace (attack pass 43c, row 3): an idle
// server answers a call, works a little (GAP43C=5000 iterations, microseconds)
// and then polls stdin for its next request with a timeout of 2.9 s
// (POLL43C), as a server with an idle timeout or a runtime with a pending
// timer does. Whether the host has yet taken in the answer when the poll
// comes decides what the poll is granted: before, the host's wait for
// that answer (3 s, already met) is still its deadline, so the poll's
// 2.9 s are granted at once and charged as the module's time; after, the
// poll waits for the host, which closes stdin, and the module exits at
// once. docs/time-model.md: "Which limit a wait meets is the module's
// clock's decision, never a race with the host". Observed: one module,
// one call, 2.9 s or ~0 s of module time from run to run, so the probes'
// budget, the runs it lets start, the exit code (3 or 0) and the pause
// probe's P036 move run to run and with load.
func TestAttack43c_PollAfterAnswerRace(t *testing.T) {
	gap := os.Getenv("ATTACK43C_GAP")
	if gap == "" {
		gap = "5000"
	}
	charged := pollAfterAnswerAttack43c(t, 20, false, "POLL43C=2900", "GAP43C="+gap)
	t.Logf("module time charged over 20 runs: %v", charged)
	if len(charged) > 1 {
		t.Errorf("one module, one call, %d different charges of its own time: %v", len(charged), charged)
	}
}

// TestAttack43c_DiscoveryIdlePoll (attack pass 43c, row 4): row 3's race
// at discovery. A server that, after each answer, polls stdin 2.9 s for
// the next request (POLLANY43C) answers server/discover; the host then
// sends tools/list. If the module's poll comes before the host has taken
// in the first answer, the host's spent wait for it (discovery's 10 s) is
// still the deadline and the poll's 2.9 s are granted at once: the module
// sees no request and exits, and discovery fails ("no answer to request
// tools-list-1", P008, lint exit 1); if after, the poll waits for the host,
// which sends tools/list, and discovery passes. With no gap (GAP43C=0)
// the guest always wins: a false P008 on every run, where a real pipe
// would give it tools/list at once; with GAP43C=5000 the verdict is drawn
// run to run (lint --probes=none: exit 0 0 1 1 1 1).
func TestAttack43c_DiscoveryIdlePoll(t *testing.T) {
	h := newHost(t)
	for _, gap := range []string{"0", "5000"} {
		m := compile(t, h, fsModuleAttack43c(t, "POLL43C=2900", "POLLANY43C", "GAP43C="+gap))
		outcome := map[string]int{}
		for range 12 {
			d := h.Discover(context.Background(), m, "")
			if d.Stopped != nil {
				outcome["stopped: "+d.Stopped.String()]++
			} else {
				outcome[fmt.Sprintf("listed %d tools", len(d.Tools))]++
			}
		}
		t.Logf("GAP43C=%s, 12 discoveries: %v", gap, outcome)
		if len(outcome) > 1 || outcome["listed 1 tools"] != 12 {
			t.Errorf("GAP43C=%s: one module that answers every request it is sent, 12 discoveries: %v", gap, outcome)
		}
	}
}

// TestAttack43c_SleepAfterAnswerEscapesGrace (attack pass 43c, row 5):
// row 3's stale wait lets a module's work after its answer escape the
// exit grace. The module answers, sleeps 1.5 s of its time
// (SLEEPAFTER43C=1500) and only then reads on, sees end of input and
// exits: on Subako stdin closes once the answer is read, so it exits
// 1.5 s after stdin closed, past the 1 s grace (the C subject SLOW_EXIT,
// which sleeps 2 s after end of input, is P039 every time). Here the
// sleep is granted against the host's wait for the answer it already
// wrote, before the host closes stdin, so the run exits "at once" after
// the close: NoExit is false and lint finds nothing. (With GAP43C=2500
// before the sleep the host sometimes wins: lint exit 1 P039, 0, 1, 1, 0,
// 1 on six runs.)
func TestAttack43c_SleepAfterAnswerEscapesGrace(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, fsModuleAttack43c(t, "SLEEPAFTER43C=1500"))
	escaped := 0
	for range 8 {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		id := json.RawMessage(`"c1"`)
		s.Send(ToolCall(id, "add", json.RawMessage(`{"a":1,"b":2}`)))
		if _, ok := s.Answer(id, 3*time.Second); !ok {
			t.Fatal("not answered")
		}
		rec := s.Wait()
		if !rec.NoExit {
			escaped++
			t.Logf("exited %v after stdin closed, %v of module time in all", rec.CloseToExit, rec.Elapsed)
		}
	}
	if escaped > 0 {
		t.Errorf("a module that sleeps 1.5 s after its answer, then exits at end of input: within the 1 s exit grace in %d of 8 runs", escaped)
	}
}
