package host

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestStderrScanStopsAtLimit: one fd_write to stderr of 1,024 iovecs
// pointing at the same 2 MiB of newlines (2^31-2^11 bytes, within IOVMax
// and the 2^31-1 total; 2^31 lines) stops at the run's limit. The crash
// cause watcher walked every line inside the one host call, under the
// session's lock, with no check that the run went on: a 200 ms limit ran
// 18.4 s of the module's own time (attack pass 42a, row 1). It now reads
// stderr a chunk at a time outside the lock and stops with the run. The
// assertion is on the module's own time, as the host counts it.
func TestStderrScanStopsAtLimit(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack42a/stderrnl.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h := newHost(t)
	m := compile(t, h, wasm)
	m.WaitCompiled(context.Background())
	const limit = 200 * time.Millisecond
	s, err := h.start(context.Background(), m, RunConfig{Timeout: limit})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	t.Logf("timed out %v, own time %v, limit %v, exited %v, stderr bytes %d", r.TimedOut, r.Elapsed, r.Limit, r.Exited, r.StderrBytes)
	if !r.TimedOut || r.Limit != limit || r.Exited || r.Unjudged() {
		t.Errorf("want a run out of time at its %v limit: %+v", limit, r)
	}
	if r.Elapsed > 2*limit {
		t.Errorf("one fd_write of 2^31 newlines to stderr under a %v limit ran %v of the module's own time; want it stopped at its limit", limit, r.Elapsed)
	}
}
