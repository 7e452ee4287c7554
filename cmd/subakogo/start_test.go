package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
)

// BenchmarkVersion measures the start of the binary: `subakogo version`,
// which does nothing but start. It reports the CPU time of the process
// (user + system), and from GODEBUG=inittrace=1 the allocations of every
// package initialiser and of this module's own, which are steadier than
// times on a loaded machine.
func BenchmarkVersion(b *testing.B) {
	bin := subakogoBinary(b)
	var cpu float64
	var allAllocs, ownAllocs int
	for b.Loop() {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("version: %v\n%s", err, stderr.Bytes())
		}
		cpu += float64(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()) / 1e6
		all, own := initAllocs(stderr.Bytes())
		allAllocs += all
		ownAllocs += own
	}
	b.ReportMetric(cpu/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(allAllocs)/float64(b.N), "init-allocs/op")
	b.ReportMetric(float64(ownAllocs)/float64(b.N), "own-init-allocs/op")
}

// initAllocs sums the allocations in inittrace lines ("init PKG @T ms, C ms
// clock, B bytes, N allocs"): of all packages, and of this module's.
func initAllocs(trace []byte) (all, own int) {
	s := bufio.NewScanner(bytes.NewReader(trace))
	for s.Scan() {
		f := strings.Fields(s.Text())
		if len(f) != 11 || f[0] != "init" || f[10] != "allocs" {
			continue
		}
		n, err := strconv.Atoi(f[9])
		if err != nil {
			continue
		}
		all += n
		if f[1] == "main" || strings.HasPrefix(f[1], "github.com/subako-ai/subako-go/") {
			own += n
		}
	}
	return all, own
}

// built is the command, built once for this test process.
var built struct {
	once sync.Once
	path string
	err  error
}

// subakogoBinary builds subakogo for the tests that run it as a process.
func subakogoBinary(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "subakogo-test-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "subakogo")
		if out, err := exec.Command("go", "build", "-o", built.path, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if built.err != nil {
		tb.Fatal(built.err)
	}
	return built.path
}

func TestMain(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code) // the host's compile worker
	}
	// A go test run as a script's background job inherits SIGINT
	// ignored, and subakogo leaves an inherited ignore (attack pass 43g,
	// row 4): caught here, the commands the tests start get it at its
	// default, so the interrupt tests can send it.
	if signal.Ignored(syscall.SIGINT) {
		signal.Notify(make(chan os.Signal, 1), syscall.SIGINT)
	}
	code := m.Run()
	if built.path != "" {
		os.RemoveAll(filepath.Dir(built.path))
	}
	os.Exit(code)
}

// TestSupervisorStartsLight: the parent of a supervised command (see
// internal/early) runs only the initialisers of the few standard packages
// it needs, and supervises from early's, before the command's
// dependencies start: no initialiser of this module, the JSON Schema
// compiler, wazero or x/tools runs in it. With GODEBUG=inittrace=1 both
// processes trace to the same stderr, the parent's lines first.
func TestSupervisorStartsLight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo")
	}
	cmd := exec.Command(subakogoBinary(t), "explain", "P001")
	cmd.Env = append(unsupervisedEnv(), "GODEBUG=inittrace=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || !strings.Contains(stdout.String(), "P001") {
		t.Fatalf("explain P001: %v\n%s%s", err, stdout.Bytes(), stderr.Bytes())
	}
	var inits []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			inits = append(inits, f[1])
		}
	}
	second := -1 // where the child's trace starts: its first package again
	for i := 1; i < len(inits); i++ {
		if inits[i] == inits[0] {
			second = i
			break
		}
	}
	if second < 0 {
		t.Fatalf("one process's trace only: %v", inits)
	}
	for _, pkg := range inits[:second] {
		if strings.Contains(pkg, ".") { // a module's package, not the standard library's
			t.Errorf("the supervisor ran the initialiser of %s", pkg)
		}
	}
	if !slices.Contains(inits[second:], "github.com/santhosh-tekuri/jsonschema/v6") {
		t.Errorf("the child's trace has no JSON Schema compiler: %v", inits[second:])
	}
	t.Logf("the supervisor ran %d initialisers, the command %d", second, len(inits)-second)
}

// BenchmarkSupervisor measures what the supervisor adds to a command:
// `subakogo explain P001` run as users run it (a supervisor and its
// child) and with the child's mark set (the command alone, as the child
// runs it), interleaved; cpu-ms/op is the first's CPU time (user + system,
// both processes), alone-cpu-ms/op the second's, and supervisor-cpu-ms/op
// their difference.
func BenchmarkSupervisor(b *testing.B) {
	bin := subakogoBinary(b)
	var with, alone float64
	run := func(env ...string) float64 {
		cmd := exec.Command(bin, "explain", "P001")
		cmd.Env = append(unsupervisedEnv(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("explain: %v\n%s", err, out)
		}
		return float64(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()) / 1e6
	}
	for b.Loop() {
		with += run()
		alone += run("SUBAKO_SUPERVISED_CHILD=1")
	}
	b.ReportMetric(with/float64(b.N), "cpu-ms/op")
	b.ReportMetric(alone/float64(b.N), "alone-cpu-ms/op")
	b.ReportMetric((with-alone)/float64(b.N), "supervisor-cpu-ms/op")
}

// unsupervisedEnv is this process's environment without the supervised
// child's mark, which a test binary run without -test. flags (so under a
// supervisor of its own) would pass on to the command it starts.
func unsupervisedEnv() []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "SUBAKO_SUPERVISED_CHILD=") })
}
