package serve

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSlotHeldUntilGuestLeaves: a call's slot (and with it its memory) is
// freed only once its guest has left the instance: every time a call
// takes the one slot, no other guest is still running. Two calls that
// loop until their timeout stops them, then one that answers, share one
// slot; the loops' answers say they ran out of time, never that they did
// not exit.
func TestSlotHeldUntilGuestLeaves(t *testing.T) {
	s, log := newServer(t, hostile(t), Options{Timeout: 200 * time.Millisecond, MaxConcurrent: 1})
	h, err := s.checker.Host(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var running []int
	s.slotTaken = func(int) {
		mu.Lock()
		running = append(running, h.Running())
		mu.Unlock()
	}
	c := startClient(t, s, true)
	loops := []string{
		c.send("tools/call", map[string]any{"name": "loop"}),
		c.send("tools/call", map[string]any{"name": "loop"}),
	}
	ok := c.send("tools/call", map[string]any{"name": "ok"})
	for _, id := range loops {
		r := c.wait(id)
		var res callResult
		if r.Error != nil || json.Unmarshal(r.Result, &res) != nil || !res.IsError {
			t.Fatalf("loop: %s", r.Raw)
		}
		if text := res.text(); !strings.Contains(text, "ran out of time") || strings.Contains(text, "did not exit") {
			t.Errorf("loop's verdict: %q", text)
		}
	}
	if r := c.wait(ok); r.Error != nil || !strings.Contains(string(r.Result), "fine") {
		t.Errorf("ok: %s", r.Raw)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(running) != 3 {
		t.Fatalf("%d slots taken, want 3\n%s", len(running), log)
	}
	for i, n := range running {
		if n != 0 {
			t.Errorf("call %d took the slot while %d guests were still in their instance", i+1, n)
		}
	}
}
