package host

import "testing"

// TestAttack43e_OSPipeLongLine: the pause probe's stdin (an OS pipe) given
// one request line longer than the pipe holds (65,536 bytes on Linux by
// default; the probes' arguments may be 64 KiB encoded, and the tools/call
// envelope is added to them). The feeder (osPipe.feed) blocks writing the
// full pipe; the module's fd_read is held before the read
// (beforeStdinReadv -> beforeStdinRead -> awaitInput, or the non-blocking
// loop) until the queue is settled, which only that read can let happen.
// Neither side moves: the module's clock stops and the run ends Stalled
// at the wall backstop ("not judged"), for a module that answers at once
// on a real pipe. 65,536 bytes are answered; 65,537 stall.
func TestAttack43e_OSPipeLongLine(t *testing.T) {
	for _, name := range []string{"readv", "readvnb"} {
		for _, n := range []int{65536, 65537} {
			r, ok := readvRun(t, name, true, n)
			t.Logf("%s, %d-byte line: answered %v, stalled %v, waited for input %v, timed out %v, wall %v, own %v", name, n, ok, r.Stalled, r.WaitedForInput, r.TimedOut, r.Wall, r.Elapsed)
			if !ok || r.Stalled {
				t.Errorf("%s: a %d-byte request on the OS pipe: answered %v, stalled (not judged) %v; a real pipe's reader takes it in pieces and answers", name, n, ok, r.Stalled)
			}
		}
	}
}
