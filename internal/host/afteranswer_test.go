package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// A wait the module asks for after writing the line the host waits for
// (its answer) is granted against the host's next wait, never against the
// wait the answer ended: the host's wait for a line is over as the
// module's fd_write completes the line, on the guest's thread (attack pass
// 43c, rows 3-5). It was over only once the host's goroutine had read the
// line, so a poll or sleep the module made in between was granted at once
// against the spent wait's deadline if the guest got there first, and
// waited for the host (which closes stdin or sends the next request) if
// the host did: a race of two threads, decided anew each run. These tests
// run each case many times and require one outcome, the one a real pipe
// gives: the next request (or end of input) comes as the wait begins.
// Under load: .ci/with-busy-loops 4 go test -count=20 -run 'AfterAnswer|IdlePoll' ./internal/host/

// idleBuilt holds the subjects idleModule built, by their -D switches, so
// that -count=N builds each once.
var idleBuilt sync.Map

// idleModule builds the C probe subject add.c (internal/subjects) with the
// -D switches given; it skips without clang and wasi-libc.
func idleModule(t *testing.T, h *Host, defs ...string) *Module {
	t.Helper()
	b, ok := idleBuilt.Load(strings.Join(defs, " "))
	if !ok {
		wasm, err := os.ReadFile(subjects.CHooked(t, defs...))
		if err != nil {
			t.Fatal(err)
		}
		b, _ = idleBuilt.LoadOrStore(strings.Join(defs, " "), wasm)
	}
	m := compile(t, h, b.([]byte))
	m.WaitCompiled(context.Background())
	return m
}

// callOnce runs one call as a probe does (a fresh session, one request,
// its answer, stdin closed) and returns the record.
func callOnce(t *testing.T, h *Host, m *Module, osPipe bool) *Record {
	t.Helper()
	s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe, Mounts: Mounts{Volume: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	id := json.RawMessage(`"c1"`)
	s.Send(ToolCall(id, "add", json.RawMessage(`{"a":1,"b":2}`)))
	if _, ok := s.Answer(id, 3*time.Second); !ok {
		t.Fatal("not answered")
	}
	return s.Wait()
}

// TestPollAfterAnswerCharged (attack pass 43c, row 3): an idle server
// answers a call, works a little (GAP_ITER iterations) and polls stdin
// 2.9 s for its next request (IDLE_POLL), exiting without one. The poll
// waits for the host, which closes stdin: the module sees end of input and
// exits, charged no part of the poll, every run, on either kind of pipe.
// It was charged 2.9 s or nothing run to run (20 runs with a gap of 5,000
// iterations: 0 s ×10, 2.9 s ×10; with no gap 2.9 s every run), so the
// probes' budget, the runs it let start and lint's exit code (0 or 3)
// moved run to run.
func TestPollAfterAnswerCharged(t *testing.T) {
	h := newHost(t)
	for _, gap := range []string{"0", "5000"} {
		m := idleModule(t, h, "IDLE_POLL=2900", "GAP_ITER="+gap)
		for _, osPipe := range []bool{false, true} {
			charged := map[string]int{}
			for range 20 {
				rec := callOnce(t, h, m, osPipe)
				if !rec.Exited || rec.ExitCode != 0 {
					t.Fatalf("GAP_ITER=%s, OS pipe %v: did not exit 0: %+v", gap, osPipe, rec)
				}
				charged[fmt.Sprint(rec.Elapsed.Round(100*time.Millisecond))]++
			}
			if len(charged) != 1 || charged["0s"] != 20 {
				t.Errorf("GAP_ITER=%s, OS pipe %v: module time charged over 20 runs: %v; want 0s (the poll waits for the host, which closes stdin)", gap, osPipe, charged)
			}
		}
	}
}

// TestPauseAfterIdlePoll (attack pass 43c, row 3): the pause probe's
// shape. A server that polls stdin 250 ms for its next request gets the
// second request 100 ms into that wait (a real pipe's order: the host
// pauses 100 ms of the module's time after the first answer, then
// sends), and answers it, every run. Its poll was granted its 250 ms at
// once against the host's spent wait for the first answer, so the module
// exited before the pause and the pause probe said P036 "no answer to
// request probe-pause-2" every time.
func TestPauseAfterIdlePoll(t *testing.T) {
	h := newHost(t)
	m := idleModule(t, h, "IDLE_POLL=250")
	seen := map[string]int{}
	for range 20 {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 7 * time.Second, OSPipe: true})
		if err != nil {
			t.Fatal(err)
		}
		first, second := json.RawMessage(`"p1"`), json.RawMessage(`"p2"`)
		s.Send(ToolCall(first, "add", json.RawMessage(`{"a":1,"b":2}`)))
		_, ok1 := s.Answer(first, 3*time.Second)
		s.Pause(100 * time.Millisecond)
		s.Send(ToolCall(second, "add", json.RawMessage(`{"a":1,"b":2}`)))
		_, ok2 := s.Answer(second, 3*time.Second)
		rec := s.Wait()
		seen[fmt.Sprintf("answered %v %v, exited %v, %v charged", ok1, ok2, rec.Exited, rec.Elapsed.Round(10*time.Millisecond))]++
	}
	if want := "answered true true, exited true, 100ms charged"; len(seen) != 1 || seen[want] != 20 {
		t.Errorf("20 runs: %v; want %q", seen, want)
	}
}

// TestDiscoveryIdlePoll (attack pass 43c, row 4): a server that, after
// every answer, polls stdin 2.9 s for its next request answers
// server/discover; the host sends tools/list, which the poll gets, and
// discovery lists the tool, every run. The poll was granted at once
// against discovery's spent wait for the first answer when the guest got
// there before the host's goroutine had read it, and the module exited
// without a request: a false P008 "no answer to tools/list" every run
// with no gap, and run to run with a gap of 5,000 iterations (lint
// --probes=none: exit 0 0 1 1 1 1).
func TestDiscoveryIdlePoll(t *testing.T) {
	h := newHost(t)
	for _, gap := range []string{"0", "5000"} {
		m := idleModule(t, h, "IDLE_POLL=2900", "IDLE_POLL_ALL", "GAP_ITER="+gap)
		outcome := map[string]int{}
		for range 12 {
			d := h.Discover(context.Background(), m, "")
			if d.Stopped != nil {
				outcome["stopped: "+d.Stopped.String()]++
			} else {
				outcome[fmt.Sprintf("listed %d tools", len(d.Tools))]++
			}
		}
		if len(outcome) != 1 || outcome["listed 1 tools"] != 12 {
			t.Errorf("GAP_ITER=%s: 12 discoveries: %v", gap, outcome)
		}
	}
}

// TestSleepAfterAnswerExitGrace (attack pass 43c, row 5): a module that
// answers, sleeps 1.5 s of its time and only then reads on, sees end of
// input and exits, exits 1.5 s after stdin closed (on Subako stdin closes
// once the answer is read): past its 1 s exit grace, stopped (NoExit) as
// the C subject SLOW_EXIT is, every run. The sleep was granted against
// the host's spent wait for the answer when the guest got there before the
// host had read it, and the module exited microseconds after the close:
// NoExit false 8 of 8 with no gap, run to run with a spin of 2,500
// iterations first (lint: P039 1 0 1 0 1). A sleep of 0.5 s exits within
// the grace, charged from the close.
func TestSleepAfterAnswerExitGrace(t *testing.T) {
	h := newHost(t)
	for _, c := range []struct {
		sleep, gap string
		noExit     bool
	}{
		{"1500", "0", true},
		{"1500", "2500", true},
		{"500", "0", false},
	} {
		m := idleModule(t, h, "SLEEP_AFTER="+c.sleep, "GAP_ITER="+c.gap)
		seen := map[string]int{}
		for range 8 {
			rec := callOnce(t, h, m, false)
			v := fmt.Sprintf("no exit %v", rec.NoExit)
			if rec.Exited {
				v += fmt.Sprintf(", exited %v after stdin closed", rec.CloseToExit.Round(100*time.Millisecond))
			}
			seen[v]++
		}
		want := "no exit true"
		if !c.noExit {
			want = "no exit false, exited " + c.sleep + "ms after stdin closed"
		}
		if len(seen) != 1 || seen[want] != 8 {
			t.Errorf("SLEEP_AFTER=%s GAP_ITER=%s, 8 runs: %v; want %q", c.sleep, c.gap, seen, want)
		}
	}
}
