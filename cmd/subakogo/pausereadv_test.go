package main

import (
	"testing"
	"time"
)

// TestLintPauseProbeReadv (attack pass 43a, row 1, end to end): a module
// that reads stdin, on the pause probe's OS pipe only, with a first iovec
// of exactly the bytes poll_oneoff says are waiting and a second of 4,096
// (testdata/attack43a/pausestall.c) had its second read block in the
// kernel, unseen: its clock stopped and lint gave the pause probe up at
// the wall backstop, exit 3 "this machine is too busy" (after 6m45s with
// --probe-time 2s). A pipe's readv answers what is there at once, and so
// does the host's now: lint passes it, as it does the same module reading
// one iovec. The backstop is forced to a minute (its least), so that the
// old code fails in one, not in minutes.
func TestLintPauseProbeReadv(t *testing.T) {
	forceBackstops(t, time.Minute, 0)
	code, stdout, stderr := runCLI("lint", "--probe-time", "2s", "../../internal/host/testdata/attack43a/pausestall.wasm")
	if code != exitOK {
		t.Errorf("lint of a module reading stdin as a pipe's readv allows: exit %d, want %d\n%s%s", code, exitOK, stdout, stderr)
	}
}
