package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The copy of /package that a module's first change there makes
// (sandboxfs.Private) is the host's work: its cost is the package's size
// and $TMPDIR's disk. These tests (attack pass 45h) hold that it is never
// the module's time, and that a copy that fails is not made again at the
// module's every change.

// packageOfFiles is a package directory of n empty files beside an asset.
func packageOfFiles(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "asset"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%05d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runPackageModule runs the module at path with the package dir, a limit
// and an exit grace of its own time, sends one ping and waits for its
// answer and its end.
func runPackageModule(t *testing.T, path, dir string, limit, grace time.Duration) (answer string, ok bool, r *Record) {
	t.Helper()
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	s, err := h.Start(context.Background(), compile(t, h, wasm), RunConfig{Mounts: Mounts{Package: dir}, Timeout: limit, ExitGrace: grace})
	if err != nil {
		t.Fatal(err)
	}
	s.Send([]byte(pingLine))
	l, ok := s.Answer(json.RawMessage(`1`), limit)
	r = s.Wait()
	return string(l.Result), ok, r
}

// TestPackageCopyNotTheModulesTime (attack pass 45h, row 1): a module
// whose first change in /package copies 4,000 files answers within a
// limit of 15 ms of its own time, as with a package of one file. The copy
// was made on the module's thread, its CPU time taken out of the module's
// only once it ended: the answer's wait, read on the module's clock while
// the copy ran, expired first (and so with $TMPDIR on ext4, not on tmpfs).
func TestPackageCopyNotTheModulesTime(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	const limit = 15 * time.Millisecond
	for _, n := range []int{0, 4000} {
		got, ok, r := runPackageModule(t, "testdata/pkgwrite/pkgwrite.wasm", packageOfFiles(t, n), limit, limit)
		if !ok || got != `{"e":"0,0,0"}` || r.TimedOut {
			t.Errorf("a package of %d files: answered %v %s, timed out %v, module time %v of %v (wall %v); the copy is the host's", n, ok, got, r.TimedOut, r.Elapsed, limit, r.Wall)
		}
	}
}

// TestPackageCopyInExitGrace (attack pass 45h, rows 1 and 2): a module
// that answers, then makes its first change in /package either after
// reading stdin to its end (pkgexit) or before (pkgexitearly), exits
// within a 15 ms or 150 ms exit grace whatever the package's size, every
// time: the copy's CPU time had been on the module's clock while it ran,
// so "did not exit within ... of stdin closing" (P010) followed the
// package and the disk, and varied from run to run.
func TestPackageCopyInExitGrace(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	big := packageOfFiles(t, 4000)
	for _, c := range []struct {
		module string
		grace  time.Duration
		runs   int
	}{
		{"testdata/pkgcopytime/pkgexit.wasm", 15 * time.Millisecond, 1},
		{"testdata/pkgcopytime/pkgexitearly.wasm", 150 * time.Millisecond, 4},
	} {
		for _, dir := range []string{packageOfFiles(t, 0), big} {
			for range c.runs {
				_, ok, r := runPackageModule(t, c.module, dir, time.Second, c.grace)
				if !ok || r.NoExit || !r.Exited || r.CloseToExit < 0 {
					t.Errorf("%s, package %s: answered %v, exited %v, no exit %v, from stdin's close to exit %v (module time %v, wall %v)", c.module, dir, ok, r.Exited, r.NoExit, r.CloseToExit, r.Elapsed, r.Wall)
				}
			}
		}
	}
}

// TestFailedPackageCopyNotRetried (attack pass 45h, row 3): a copy of
// /package that fails ($TMPDIR not a directory here) is the host's
// refusal, kept: a module making changes in a loop meets it at once each
// time and runs out of its own time at its limit. Each change made the
// host walk and copy the package again, none of it the module's time, so
// the run went on until the wall backstop gave it up as stalled.
func TestFailedPackageCopyNotRetried(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", f)
	const limit = 30 * time.Millisecond
	_, _, r := runPackageModule(t, "testdata/pkgcopytime/pkgloop.wasm", packageOfFiles(t, 2000), limit, limit)
	if !r.TimedOut || r.Stalled || r.HostRefused == "" {
		t.Errorf("a module making changes in /package in a loop while its copy cannot be made: timed out %v, stalled %v, host refused %q (module time %v, wall %v); want out of its own time, the host's refusal recorded", r.TimedOut, r.Stalled, r.HostRefused, r.Elapsed, r.Wall)
	}
}

// TestPackageCopyGrowsBackstop (attack pass 46h, row 5): the run's wall
// backstop grows by BackstopFactor times the charge of the host's copy of
// /package (CopyCharge, the probes' charge, Record.CopyCharge), as the
// copy goes: a copy of 3,001 entries (walked twice, 6,002 counted) gives
// the run 50 * 600.2 ms more of the wall, with the host's backstop fixed
// or not; a run that copies nothing keeps the backstop it started with.
// The backstop was fixed at the run's start, so a package of 99,999
// files copied at 3% of a core used it up and discovery or a call was
// given up as "this machine is too busy" where a quiet machine judged it.
func TestPackageCopyGrowsBackstop(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	wasm, err := os.ReadFile("testdata/pkgwrite/pkgwrite.wasm")
	if err != nil {
		t.Fatal(err)
	}
	const limit = time.Second
	for _, c := range []struct {
		files   int
		fixed   time.Duration // Options.Backstop
		entries int64
	}{
		{3000, 0, 2 * 3001},
		{3000, 20 * time.Second, 2 * 3001},
		{0, 0, 2},
	} {
		h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: c.fixed})
		if err != nil {
			t.Fatal(err)
		}
		s, err := h.Start(context.Background(), compile(t, h, wasm), RunConfig{Mounts: Mounts{Package: packageOfFiles(t, c.files)}, Timeout: limit})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		s.Answer(json.RawMessage(`1`), limit)
		r := s.Wait()
		charge := CopyCharge(r.CopiedEntries, r.CopiedBytes)
		if r.CopiedEntries != c.entries || r.CopyCharge != charge {
			t.Errorf("%d files: %d entries and %d bytes counted, charged %v; want %d entries, charged %v", c.files, r.CopiedEntries, r.CopiedBytes, r.CopyCharge, c.entries, charge)
		}
		start := c.fixed // the backstop the run starts with
		if start == 0 {
			start = max(BackstopFactor*s.s.runLimit, MinBackstop) // the limit and twice the exit grace (Start)
		}
		if s.s.backstop.Wall != start {
			t.Errorf("%d files: the run started with a backstop of %v, want %v", c.files, s.s.backstop.Wall, start)
		}
		got := s.s.backstopNow()
		if want := start + BackstopFactor*charge; got.Wall != want || !got.Deadline.Equal(s.s.backstop.Deadline.Add(BackstopFactor*charge)) {
			t.Errorf("%d files, copy charged %v: the run's backstop is %v after the copy (deadline %v past the start's), want %v", c.files, charge, got.Wall, got.Deadline.Sub(s.s.backstop.Deadline), want)
		}
		_ = h.Close(context.Background())
	}
}
