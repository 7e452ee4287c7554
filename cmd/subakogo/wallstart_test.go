package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestWallStartGivenBack: lint --format json names where the probes
// started the module's wall clock (the real time by default, read as they
// started), and --wall-start starts it there, so that a verdict hanging on
// the date is made again (TestProbeVerdictSeededFileTimes lints one such
// module eight times). A time it cannot hold is a usage error.
func TestWallStartGivenBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	path := t.TempDir() + "/hello.wasm"
	if err := os.WriteFile(path, gowasm.Build(t, "../../examples/hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	wallStart := func(args ...string) time.Time {
		t.Helper()
		code, stdout, stderr := runCLI(append([]string{"lint", "--format", "json"}, append(args, path)...)...)
		if code != exitOK {
			t.Fatalf("lint %v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		var rep struct {
			Files []struct{ ProbesWallStart string }
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Files) != 1 {
			t.Fatalf("lint %v: %v\n%s", args, err, stdout)
		}
		at, err := time.Parse(time.RFC3339Nano, rep.Files[0].ProbesWallStart)
		if err != nil {
			t.Fatalf("lint %v: probesWallStart: %v\n%s", args, err, stdout)
		}
		return at
	}
	before := time.Now()
	if at := wallStart(); at.Before(before.Truncate(time.Second)) || at.After(time.Now()) {
		t.Errorf("by default the probes started the clock at %v, not between %v and now", at, before)
	}
	const given = "2031-05-06T07:08:09.123456789Z"
	if at := wallStart("--wall-start", given); at.Format(time.RFC3339Nano) != given {
		t.Errorf("--wall-start %s: probesWallStart %v", given, at)
	}
	// The years' bound is the instant's, in UTC (attack pass 51a, row 1: it
	// was the year in the zone written, so the first two were taken, the
	// first given back as 2200-01-01T23:58:59.999999999Z, and this one
	// refused).
	if at := wallStart("--wall-start", "1999-12-31T23:00:00-05:00"); !at.Equal(time.Date(2000, 1, 1, 4, 0, 0, 0, time.UTC)) {
		t.Errorf("--wall-start 1999-12-31T23:00:00-05:00: probesWallStart %v, want 2000-01-01T04:00:00Z", at)
	}
	for _, bad := range []string{"yesterday", "1969-12-31T23:59:59Z", "2300-01-01T00:00:00Z",
		"2199-12-31T23:59:59.999999999-23:59", "2000-01-01T00:30:00+05:00"} {
		code, _, stderr := runCLI("lint", "--wall-start", bad, path)
		if code != exitUsage || !strings.Contains(stderr, "--wall-start") {
			t.Errorf("--wall-start %s: exit %d, %q", bad, code, stderr)
		}
	}
	if code, _, stderr := runCLI("lint", "--probes", "none", "--wall-start", "x", path); code != exitUsage {
		t.Errorf("--probes none --wall-start x: exit %d, %q", code, stderr)
	}
}
