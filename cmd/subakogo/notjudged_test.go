package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// forceBackstops sets the backstops for one test.
func forceBackstops(t *testing.T, host, probes time.Duration) {
	t.Helper()
	backstops.host, backstops.probes = host, probes
	t.Cleanup(func() { backstops.host, backstops.probes = 0, 0 })
}

// notJudged is what every command says of work the backstop gave up on.
const notJudged = "this machine is too busy (or the host is stuck), so it is not judged"

// TestNotJudgedRuns: a compilation or run the host's wall-clock backstop
// gives up on (forced to 1 ns here, not by slowing the machine) makes lint
// and call exit 3, not judged, where a quiet machine would judge the
// module (its loop runs out of time).
func TestNotJudgedRuns(t *testing.T) {
	fixtures(t)
	m := wasmbuild.Command()
	m.CodeSection[0].Body = []byte{wasm.OpcodeLoop, 0x40, wasm.OpcodeBr, 0, wasm.OpcodeEnd, wasm.OpcodeEnd}
	if err := os.WriteFile("loop.wasm", wasmbuild.Encode(m), 0o644); err != nil {
		t.Fatal(err)
	}
	forceBackstops(t, time.Nanosecond, 0)
	for _, args := range [][]string{{"lint", "loop.wasm"}, {"call", "loop.wasm", "any"}} {
		code, _, stderr := runCLI(args...)
		if code != exitUnreadable || !strings.Contains(stderr, notJudged) {
			t.Errorf("subakogo %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
		}
	}
}

// TestNotJudgedProbes: when the probes' wall-clock backstop passes (forced
// to 1 ns), lint and check exit 3, not judged, never a clean exit with an
// info finding; with it, lint passes the same module.
func TestNotJudgedProbes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	hello := gowasm.Build(t, "../../examples/hello")
	dir := t.TempDir()
	path := dir + "/hello.wasm"
	if err := os.WriteFile(path, hello, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI("lint", path); code != exitOK {
		t.Fatalf("lint: exit %d\n%s%s", code, stdout, stderr)
	}
	forceBackstops(t, 0, time.Nanosecond)
	for _, args := range [][]string{{"lint", path}, {"check", "../../examples/hello"}} {
		code, stdout, stderr := runCLI(args...)
		if code != exitUnreadable || !strings.Contains(stderr, notJudged) || strings.Contains(stdout, "P042") {
			t.Errorf("subakogo %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}

// TestNotJudgedBudget (attack pass 42c, rows 1-3): probes whose budget
// leaves runs out before any error is found do not pass the module: lint,
// check and pack exit 3, naming the budget, the runs not made and
// --probe-time. A budget of 1 ns makes no run, whatever the machine.
func TestNotJudgedBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	hello := gowasm.Build(t, "../../examples/hello")
	dir := t.TempDir()
	path := dir + "/hello.wasm"
	if err := os.WriteFile(path, hello, 0o644); err != nil {
		t.Fatal(err)
	}
	const budget = "the probes' budget of 1ns (--probe-time) ran out before any error was found"
	for _, args := range [][]string{
		{"lint", "--probe-time", "1ns", path},
		{"check", "--probe-time", "1ns", "../../examples/hello"},
		{"pack", "--probe-time", "1ns", "-o", dir + "/out", "../../examples/hello"},
	} {
		code, stdout, stderr := runCLI(args...)
		if code != exitUnreadable || !strings.Contains(stderr, budget) || !strings.Contains(stderr, "so the module is not judged: raise --probe-time") {
			t.Errorf("subakogo %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
	}
	if _, err := os.Stat(dir + "/out"); err == nil {
		t.Error("pack wrote a package it did not judge")
	}
}
