package probe_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
)

// TestPackageCopyCharged: a module whose every run makes one change in
// /package (testdata/pkgchange: a destructor creating /package/done) has
// the host copy the package in every probe run, and the probes' budget
// counts each copy by what it walked and copied (host.CopyEntryCharge,
// CopyMiBCharge): with 2,000 files a run's copy counts 4,000 entries,
// 400 ms, so a budget of 200 ms is cut after the first and the probes are
// not judged, on any machine; with an empty package every run fits.
// Attack pass 46f, row 1: the copy was no one's time, the budget counted
// 11 ms more for 7 s more of the process's CPU, and only the wall
// backstop bounded it, so lint was exit 0 quiet and exit 3 ("this machine
// is too busy") at 3% of a core or with $TMPDIR on ext4. The test logs
// the process's CPU time a counted entry, the constant's measure.
func TestPackageCopyCharged(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a package of 2,000 files and runs the probes")
	}
	wasm, err := os.ReadFile("testdata/pkgchange/pkgchange.wasm")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	m, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	probes := func(files int) (*probe.Result, time.Duration) {
		pkg := t.TempDir()
		for i := range files {
			if err := os.WriteFile(filepath.Join(pkg, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		d := h.Discover(ctx, m, pkg)
		if d.Stopped != nil {
			t.Fatalf("discovery stopped: %s", d.Stopped)
		}
		opt := probe.Options{Level: probe.Safe, Wasm: wasm, Assets: pkg, Budget: 200 * time.Millisecond, RunLimit: 2 * time.Second}
		before := processCPU(t)
		res := probe.Run(ctx, h, m, d.Tools, opt)
		return res, processCPU(t) - before
	}
	empty, cpu0 := probes(0)
	if empty.NotJudged != nil {
		t.Fatalf("an empty package: not judged: %s", empty.NotJudged)
	}
	full, cpuN := probes(2000)
	if full.NotJudged == nil || len(full.Runs) >= len(empty.Runs) {
		t.Errorf("a package of 2,000 files copied each run: %d runs (%d with an empty package), spent %v of 200 ms, not judged %v: want the budget cut", len(full.Runs), len(empty.Runs), full.Spent, full.NotJudged)
	}
	if entries := int64(len(full.Runs)) * 4000; entries > 0 {
		t.Logf("%d runs with copies: %v more of the process's CPU time, %v an entry counted (CopyEntryCharge %v)", len(full.Runs), cpuN-cpu0, (cpuN-cpu0)/time.Duration(entries), host.CopyEntryCharge)
	}
}

// processCPU is this process's CPU time, user and system, every thread.
func processCPU(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
