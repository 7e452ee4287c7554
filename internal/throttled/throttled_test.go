package throttled

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// cgroupCPU is where this machine's cgroup v1 cpu controller is mounted.
const cgroupCPU = "/sys/fs/cgroup/cpu"

// throttledPercent is the share of one core the throttled lint gets: about
// what one process gets on a 2-core runner at a load of 35.
const throttledPercent = 3

// TestThrottledVerdicts: a verdict is a function of the module, not of the
// machine. lint (with its default probes) on the examples, on the probe
// subjects of every language and variant and on probe's Go subject in
// each of its modes, each lint process held to 3% of
// one core in a cgroup of its own, draws exactly the findings it draws
// unthrottled: with a warm compilation cache, and with a cold one for a
// module of each language. It needs Linux, root and the cgroup v1 cpu
// controller; elsewhere it skips saying why, and under CI (whose machines
// have them) it fails. The throttled lints run side by side, one path
// each, so that the test takes a minute or two and not ten.
func TestThrottledVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("lints every subject twice, once at 3% of a core")
	}
	if err := canThrottle(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%v; CI runs as root on machines with it", err)
		}
		t.Skip(err)
	}
	bin := subakogoBinary(t)
	var paths, firsts []string
	for _, ex := range []string{"hello", "weather", "chart"} {
		p := filepath.Join(t.TempDir(), ex+".wasm")
		if err := os.WriteFile(p, gowasm.Build(t, "../../examples/"+ex), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	firsts = append(firsts, paths[0])
	// probe's own Go subject, in each of its modes (one misbehaviour each,
	// several of them about time: slow exits, sleeps, pauses).
	for _, mode := range []string{"good", "eof", "slow-exit", "exit-code", "notify", "string-id", "float-id",
		"extra", "pause", "rpc-error", "accept", "trap", "bad-output", "bad-text", "slow"} {
		p := filepath.Join(t.TempDir(), mode+".wasm")
		if err := os.WriteFile(p, gowasm.Build(t, "../probe/testdata/subject", "-ldflags=-X main.mode="+mode), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, lang := range subjects.Langs {
		for i, v := range subjects.Variants {
			if !subjects.Has(lang, v) {
				continue // this variant is written in other languages only
			}
			p := subjects.Package(t, lang, v)
			paths = append(paths, p)
			if i == 0 || v == subjects.SlowExit {
				firsts = append(firsts, p)
			}
		}
	}
	sameVerdictsThrottled(t, bin, nil, paths, firsts)
}

// TestThrottledSearchVerdicts: the search of --probes=deep is counted in
// runs and seeded from the module's hash, so at 3% of a core it draws
// exactly its unthrottled findings, with a warm cache and a cold one. It
// takes C and Rust search subjects, a few seconds of CPU each (a Go one
// takes half a minute of CPU, twenty minutes at 3%; an AssemblyScript one
// 15 to 30 s, ten minutes and more: see TestThrottledSearchSlow): two faults
// the search's dictionary finds, the staged fault that only its coverage
// feedback reaches (the case kept at each stage, see search.go), and a
// well-behaved twin it must not flag.
func TestThrottledSearchVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("lints search subjects twice, once at 3% of a core")
	}
	if err := canThrottle(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%v; CI runs as root on machines with it", err)
		}
		t.Skip(err)
	}
	bin := subakogoBinary(t)
	paths := []string{
		subjects.Package(t, subjects.C, subjects.MagicString),
		subjects.Package(t, subjects.Rust, subjects.Relation),
		subjects.Package(t, subjects.C, subjects.Staged),
		subjects.Package(t, subjects.C, subjects.SearchGood),
	}
	sameVerdictsThrottled(t, bin, []string{"--probes", "deep"}, paths, paths[:3])
}

// TestThrottledSearchSlow is TestThrottledSearchVerdicts for the search
// subjects whose deep lint costs the most CPU, warm and cold cache: an
// AssemblyScript one and a Go one by hand and with the subako runtime
// (some 30 s of CPU each). At 3% of a core that is twenty minutes to half
// an hour of wall time, if little CPU (it can run beside other work), so
// it runs only when asked, with SUBAKO_THROTTLED_ALL=1 (docs/testing.md).
// It shows the backstop's factor (host.BackstopFactor) leaves the deep
// search of a Go module judged at 3% of a core, not given up.
func TestThrottledSearchSlow(t *testing.T) {
	if os.Getenv("SUBAKO_THROTTLED_ALL") == "" {
		t.Skip("set SUBAKO_THROTTLED_ALL=1: half an hour of wall time")
	}
	if err := canThrottle(); err != nil {
		t.Fatal(err)
	}
	bin := subakogoBinary(t)
	paths := []string{
		subjects.Package(t, subjects.AssemblyScript, subjects.MidNumber),
		subjects.Package(t, subjects.Go, subjects.MagicString),
		subjects.Package(t, subjects.GoRuntime, subjects.Relation),
	}
	sameVerdictsThrottled(t, bin, []string{"--probes", "deep"}, paths, paths)
}

// sameVerdictsThrottled lints paths with flags unthrottled, then each
// path at 3% of a core with the cache that run filled, and firsts at 3%
// with a cold cache, and requires the same findings every time.
func sameVerdictsThrottled(t *testing.T, bin string, flags, paths, firsts []string) {
	t.Helper()
	cache := t.TempDir()
	want := lintVerdicts(t, bin, "", cache, flags, paths) // fills the cache too
	t.Logf("unthrottled: %s", summary(want))
	// The warm and the cold runs go side by side: each lint has its own
	// group and its own share of a core, so the test takes as long as its
	// slowest lint and not the sum of the two runs.
	runs := []struct {
		name  string
		cache string
		paths []string
	}{
		{"warm cache", cache, paths},
		{"cold cache", t.TempDir(), firsts},
	}
	got := make([]map[string][]string, len(runs))
	var mu sync.Mutex
	var wg sync.WaitGroup
	slots := make(chan struct{}, maxLints)
	for i, run := range runs {
		got[i] = map[string][]string{}
		for chunk := range slices.Chunk(run.paths, pathsPerLint) {
			group := throttleGroup(t, throttledPercent)
			wg.Go(func() {
				slots <- struct{}{}
				defer func() { <-slots }()
				v := lintVerdicts(t, bin, group, run.cache, flags, chunk)
				mu.Lock()
				maps.Copy(got[i], v)
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	for i, run := range runs {
		for _, p := range run.paths {
			if !slices.Equal(got[i][p], want[p]) {
				t.Errorf("%s, at %d%% of a core: %s draws %v, unthrottled %v", run.name, throttledPercent, p, got[i][p], want[p])
			}
		}
	}
}

// pathsPerLint is how many paths one throttled lint takes, and maxLints
// how many run at once (each at 3% of a core): the heaviest path, a Go
// module interpreted while its cache is cold, sets the test's time.
const (
	pathsPerLint = 1
	maxLints     = 16
)

// lintVerdicts runs subakogo lint --format json with flags on paths (in
// the cgroup group unless it is ""), and returns each path's rule IDs,
// sorted.
func lintVerdicts(t *testing.T, bin, group, cache string, flags, paths []string) map[string][]string {
	t.Helper()
	args := append(append([]string{"lint", "--format", "json"}, flags...), paths...)
	cmd := exec.Command(bin, args...)
	if group != "" {
		// The shell enters the group before it becomes subakogo, so every
		// process of the command (its supervisor, the compile workers) is
		// in it from the start.
		cmd = exec.Command("/bin/sh", append([]string{"-c", `echo $$ > "$0/cgroup.procs" && exec "$@"`, group, bin}, args...)...)
	}
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && (!errors.As(err, &exit) || exit.ExitCode() != 1) {
		t.Errorf("lint: %v\n%s", err, stderr.Bytes())
		return nil
	}
	t.Logf("lint of %d paths (group %q): %v wall, %v CPU", len(paths), group, time.Since(start).Round(time.Millisecond),
		(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Round(time.Millisecond))
	var rep struct {
		Files []struct {
			Path     string
			Findings []struct{ Rule, Message string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Errorf("lint's JSON: %v\n%s", err, stdout.Bytes())
		return nil
	}
	got := map[string][]string{}
	for _, f := range rep.Files {
		key := f.Path
		if filepath.Base(key) == "module.wasm" || filepath.Base(key) == "subako-package.json" {
			key = filepath.Dir(key)
		}
		ids := got[key]
		for _, fd := range f.Findings {
			ids = append(ids, fd.Rule)
			if strings.Contains(fd.Message, "too busy") {
				t.Errorf("%s: %s", f.Path, fd.Message)
			}
		}
		slices.Sort(ids)
		got[key] = ids
	}
	return got
}

func summary(v map[string][]string) string {
	var parts []string
	for p, ids := range v {
		if len(ids) > 0 {
			parts = append(parts, filepath.Base(p)+": "+strings.Join(ids, " "))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, "; ")
}

// canThrottle says why this process cannot make throttled cgroups, if it
// cannot.
func canThrottle() error {
	switch {
	case runtime.GOOS != "linux":
		return errors.New("throttling needs Linux's cgroup cpu controller")
	case os.Geteuid() != 0:
		return errors.New("throttling needs root, to make a cgroup")
	}
	if _, err := os.Stat(filepath.Join(cgroupCPU, "cpu.cfs_quota_us")); err != nil {
		return fmt.Errorf("no cgroup v1 cpu controller at %s: %w", cgroupCPU, err)
	}
	return nil
}

var groups atomic.Int32

// throttleGroup makes a cgroup (v1 cpu controller) that holds its
// processes to percent of one core, removed when the test ends.
func throttleGroup(t *testing.T, percent int) string {
	t.Helper()
	group := filepath.Join(cgroupCPU, fmt.Sprintf("subako-throttle-%d-%d", os.Getpid(), groups.Add(1)))
	if err := os.Mkdir(group, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// A group can be removed once it is empty: the compile workers a
		// lint leaves behind to fill the cache end within their limit.
		for range 600 {
			if os.Remove(group) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("could not remove %s", group)
	})
	const period = 100_000 // µs
	for file, v := range map[string]int{"cpu.cfs_period_us": period, "cpu.cfs_quota_us": period * percent / 100} {
		if err := os.WriteFile(filepath.Join(group, file), []byte(strconv.Itoa(v)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return group
}

// subakogoBinary builds the command once for the test.
func subakogoBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "subakogo")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/subakogo").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
