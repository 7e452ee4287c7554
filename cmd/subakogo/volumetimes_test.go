package main

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestLintSeesVolumeTimesCloak (attack pass 51a, row 2): the module of
// testdata/volcloak is examples/hello whose greet panics unless
// (REALTIME - mtim(/volume/tmp)) - MONOTONIC is under 100 µs. In the
// probes' seeded runs /volume/tmp showed the seeded wall clock's start,
// the monotonic clock's own, so that gap was ~3 µs and lint passed it
// (exit 0, "No findings"), while it panicked in every call (3.5-6.6 ms
// unseeded, 99-540 ms under wasmtime v39). The seeded volume now shows a
// setup's time, 2 to 512 ms drawn from the seed, before the clock's
// start: lint finds the panic (P053, exit 1).
func TestLintSeesVolumeTimesCloak(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	code, stdout, stderr := runCLI("lint", gowasm.Path(t, "testdata/volcloak"))
	if code != exitFindings || !strings.Contains(stdout, "P053") {
		t.Errorf("lint: exit %d, want %d with P053 (greet panics outside a volume made at the clock's start)\n%s%s", code, exitFindings, stdout, stderr)
	}
}
