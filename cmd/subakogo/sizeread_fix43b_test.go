package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestSizeTruncatedModuleChanged (attack pass 43b, row 3): `size`
// (with its cold call, the default) read the module through input.Arg,
// which maps it, but read the mapping outside input.Guard: wasmsize.Analyze
// and coldCost's host.Compile (its SHA-256 of the bytes) ran unguarded, so
// a module truncated while size runs (a build rewriting it, an editor, a
// sync tool) raises SIGBUS: "unexpected fault address ... fatal error:
// fault", "this is a bug in subakogo", exit 4. lint, diff and call read
// the same mapping under Guard and say "the file changed while it was
// read", exit 3 (lint.md). Here: a module with a 256 MiB custom section,
// truncated once a process has it mapped (/proc/PID/maps: a condition,
// not a time).
func TestSizeTruncatedModuleChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	hello, err := os.ReadFile(gowasm.Path(t, "../../examples/hello"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big.wasm")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	const pad = 256 << 20
	name := []byte("\x03pad")
	size := uint64(len(name) + pad)
	var leb []byte
	for {
		b := byte(size & 0x7f)
		size >>= 7
		if size == 0 {
			leb = append(leb, b)
			break
		}
		leb = append(leb, b|0x80)
	}
	if _, err := f.Write(append(append(append(hello, 0), leb...), name...)); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(int64(len(hello)+1+len(leb)+len(name)) + pad); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()
	cmd := exec.Command(subakogoBinary(t), "size", path)
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	mapped := func() bool {
		maps, _ := filepath.Glob("/proc/[0-9]*/maps")
		for _, m := range maps {
			if b, err := os.ReadFile(m); err == nil && bytes.Contains(b, []byte(path)) {
				return true
			}
		}
		return false
	}
wait:
	for !mapped() {
		select {
		case err := <-done:
			t.Skipf("size ended (%v) before its module was seen mapped", err)
			break wait
		default:
		}
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	err = <-done
	var exit *exec.ExitError
	// Read whole before the truncation, size answers (0); else the
	// file changed while it was read (3), never a crash.
	changed := errors.As(err, &exit) && exit.ExitCode() == exitUnreadable && strings.Contains(stderr.String(), "changed while it was read")
	if err != nil && !changed {
		t.Errorf("size of a module truncated while it runs: %v, want exit 3 \"changed while it was read\" (or 0); stderr:\n%.400s", err, stderr.String())
	}
	t.Logf("size: %v; stderr %q", err, stderr.String())
}

// loopModule is (module (memory (export "memory") 1) (func (export
// "_start") (loop (br 0)))): its discovery never answers.
var loopModule = []byte("\x00asm\x01\x00\x00\x00" +
	"\x01\x04\x01\x60\x00\x00" + "\x03\x02\x01\x00" + "\x05\x03\x01\x00\x01" +
	"\x07\x13\x02\x06memory\x02\x00\x06_start\x00\x00" +
	"\x0a\x09\x01\x07\x00\x03\x40\x0c\x00\x0b\x0b")

// TestSizeColdCallStopsOnSignal (attack pass 43b, row 5): size's
// cold call (coldCost) compiled and runs discovery with
// context.Background(), not the command's context, so SIGTERM during it
// stopped nothing: the module runs on (up to discovery's 10 s of its own
// time), and cli's backstop ends the process InterruptGrace (10 s) later
// with "still not stopped 10s after it (a read the system does not end?);
// exiting without cleaning up". Here a module whose _start loops; SIGTERM
// once the size process has spent CPU on it.
func TestSizeColdCallStopsOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo")
	}
	path := filepath.Join(t.TempDir(), "loop.wasm")
	if err := os.WriteFile(path, loopModule, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(subakogoBinary(t), "size", path)
	// Run as the supervised child itself, so its CPU is this process's.
	cmd.Env = append(unsupervisedEnv(), "TMPDIR="+t.TempDir(), "SUBAKO_SUPERVISED_CHILD=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The condition: the process has spent 300 ms of CPU (the loop runs).
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat")
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
		utime, _ := strconv.Atoi(f[11])
		if utime >= 30 { // clock ticks of 10 ms
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if strings.Contains(stderr.String(), "still not stopped") || !errors.As(err, &exit) || exit.ExitCode() != 143 {
		t.Errorf("size's cold call did not stop on SIGTERM: %v, stderr %q; want exit 143", err, stderr.String())
	}
}
