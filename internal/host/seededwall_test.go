package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestSeededClocksAsWasmtime (attack pass 49a, row 5): a seeded run (the
// probes', RunConfig.Seed) given no SeededWall starts its wall clock at
// the real time, never before it: the seeded wall clock once started at
// 2026-01-01 UTC, months before the real date wasmtime answers, and a
// module knows its own build date, so the date told it that it ran under
// the probes. The rest answers as wasmtime v39 does (clockstart.wasm run by
// a copy of subako/testdata/wasmtimerun, three runs of three):
// clock_res_get 1 ns for both clocks, and a monotonic clock that counts
// from the module's start (wasmtime's from its WASI context's creation),
// under 1 s at the first reading, seeded or not.
func TestSeededClocksAsWasmtime(t *testing.T) {
	const wasmtime = "0,1,0,1,0,1,0," // then the realtime clock's second
	wasm, err := os.ReadFile("testdata/wasmtimeanswers/clockstart.wasm")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range bothEngines {
		h := engineHost(t, e)
		m := compile(t, h, wasm)
		before := time.Now()
		s, err := h.Start(context.Background(), m, RunConfig{Seed: []byte("case 1"), Timeout: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		l, _ := s.Answer(json.RawMessage(`1`), 3*time.Second)
		r := s.Wait()
		h.Close(context.Background())
		var got string
		var secs int64
		if err := json.Unmarshal(l.Result, &struct{ E *string }{&got}); err != nil || !strings.HasPrefix(got, wasmtime) {
			t.Errorf("%v: answered %s (%v), trap %q; wasmtime %s<second>", e, l.Result, err, r.Trap, wasmtime)
			continue
		}
		if _, err := fmt.Sscanf(got[len(wasmtime):], "%d,", &secs); err != nil || secs < before.Unix() {
			t.Errorf("%v: a seeded run's wall clock says %d (%v), before the real time at its start, %d", e, secs, err, before.Unix())
		}
		if r.WallStart.Before(before) {
			t.Errorf("%v: the seeded wall clock started at %v, before the real time at the run's start %v", e, r.WallStart, before)
		}
	}
}
