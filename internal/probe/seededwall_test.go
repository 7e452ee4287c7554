package probe_test

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/probe"
)

// TestSeededRunsStartAtTheProbingsStart (attack pass 49a, row 5): every
// probe run is seeded, and its wall clock started at a fixed date,
// 2026-01-01 UTC, months before the real one: a module knows its own build
// date, so a date before it told the module it ran under the probes. The
// subject (mode not-before) traps when its wall clock says a time before
// the one its arguments give, here the real time read before the probing
// starts: no run traps, and every run, the protocol probes' and the
// calls', starts its wall clock at one instant, within the probing.
func TestSeededRunsStartAtTheProbingsStart(t *testing.T) {
	h := testHost(t)
	wasm := subject(t, "not-before")
	before := time.Now()
	bound := json.RawMessage(`{"text":"` + strconv.FormatInt(before.UnixNano(), 10) + `"}`)
	cases := func(json.RawMessage) ([]probe.Case, []string) {
		return []probe.Case{
			{Name: "valid", Args: bound, Valid: true},
			{Name: `invalid: required field "text" missing`, Args: json.RawMessage(`{}`)},
		}, nil
	}
	res := probeModule(t, h, wasm, probe.Options{Cases: cases})
	after := time.Now()
	if len(res.Findings) > 0 || res.NotJudged != nil || res.Err != nil {
		t.Errorf("the module's wall clock was before the probing's start:%s (not judged %v, err %v)", messages(res.Findings), res.NotJudged, res.Err)
	}
	probes := map[string]bool{}
	for _, r := range res.Runs {
		probes[r.Probe] = true
		if !r.WallStart.Equal(res.Runs[0].WallStart) {
			t.Errorf("%s on %s: the wall clock started at %v, the run %s's at %v", r.Probe, r.Case, r.WallStart, res.Runs[0].Probe, res.Runs[0].WallStart)
		}
	}
	if len(res.Runs) < 2 || !probes[probe.ProbeIntegerID] || !probes[probe.ProbeInvalid] {
		t.Fatalf("runs %v: want the protocol probes' and the calls'", probes)
	}
	if start := res.Runs[0].WallStart; start.Before(before) || start.After(after) {
		t.Errorf("the seeded runs' wall clock started at %v, not within the probing (%v to %v)", start, before, after)
	}
}
