package serve

import (
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/host"
)

// TestNoLeftoverAfterHostileCalls (issue 30): issue 30's host calls that
// nothing could stop (8,000,000 one-byte iovecs, 2^24 empty ones, a
// poll_oneoff flood, an endless loop of writes), two of each, four at a
// time, are each answered as out of time; after the last answer no guest
// is left in its instance, the memory budget holds nothing, and the
// process spends no CPU on them any more. That last is measured without a
// wall-clock assertion: over a window as long as the calls took (so a busy
// machine lengthens both alike), the process's CPU time must stay under a
// tenth of what the calls cost. A guest left running, as four were for
// 86 s before, spends in that window about what it spent during the calls.
func TestNoLeftoverAfterHostileCalls(t *testing.T) { // not parallel: measures the process's CPU time
	wasm := buildWasm(t, "./testdata/hostile", "-X main.mode=hostcalls")
	const timeout = 300 * time.Millisecond
	s, log := newServer(t, wasm, Options{Timeout: timeout, MaxConcurrent: 4,
		Host: host.Options{Engine: host.EngineCompiler, MemoryBudget: 2 << 30}})
	h, err := s.checker.Host(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := startClient(t, s, true)

	cpu, wall := cputime.Process(), time.Now()
	var ids, names []string
	for range 2 {
		for _, tool := range []string{"iovecs", "empty_iovecs", "poll_flood", "hostcall_loop"} {
			ids = append(ids, c.send("tools/call", map[string]any{"name": tool}))
			names = append(names, tool)
		}
	}
	for i, id := range ids {
		r := c.wait(id)
		var res callResult
		if r.Error != nil || json.Unmarshal(r.Result, &res) != nil || !res.IsError {
			t.Fatalf("%s: %s", names[i], r.Raw)
		}
		if text := res.text(); !strings.Contains(text, "ran out of time") || strings.Contains(text, "did not exit") {
			t.Errorf("%s's verdict: %q", names[i], text)
		}
	}
	during, callsWall := cputime.Process()-cpu, time.Since(wall)

	if n := h.Running(); n != 0 {
		t.Errorf("%d guests still in their instance after the last answer", n)
	}
	if b := h.MemoryHeld(); b != 0 {
		t.Errorf("%d bytes of guest memory still held after the last answer", b)
	}
	if runtime.GOOS != "linux" {
		t.Logf("the process's CPU time is measured on Linux only")
		return
	}
	// The window is a measurement, not a wait for something to happen:
	// nothing may happen in it.
	idle := cputime.Process()
	time.Sleep(callsWall)
	after := cputime.Process() - idle
	t.Logf("%d calls of %v each: %v of the process's CPU in %v; after the last answer, %v of CPU in as long again",
		len(ids), timeout, during.Round(time.Millisecond), callsWall.Round(time.Millisecond), after.Round(time.Millisecond))
	if after > during/10 {
		t.Errorf("the process spent %v of CPU after the last answer, over a tenth of the %v the calls cost\n%s", after, during, log)
	}
}
