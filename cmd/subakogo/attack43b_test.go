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

// TestAttack43b_HangupLeavesVolume (attack pass 43b, row 1): the commands
// stop on SIGINT and SIGTERM only (cli.NotifyContext); SIGHUP, which a
// closed terminal or a dropped ssh session sends to the foreground process
// group, kills them by its default action. serve's session volume ("by
// default a fresh temporary volume per session, removed at exit", up to
// its 2 GiB quota of what the module wrote) and call's temporary volume
// (up to a call's 1 GiB write budget) are then left in $TMPDIR, and the
// exit code is 129, none of the documented ones. pack leaves its staged
// package (.subako-pack-*) beside -o, in the user's directory, and its
// go temporary directory (subako-gotmp-*) in $TMPDIR. Here: the signal sent to
// the group once the volume exists; the volume must be gone at exit.
func TestAttack43b_HangupLeavesVolume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	wasm := gowasm.Path(t, "../../internal/serve/testdata/hostile")
	for _, c := range []struct {
		name, prefix string
		args         []string
		sig          syscall.Signal
	}{
		{"call", "subako-volume-", []string{"call", "--timeout", "60s", wasm, "loop", "{}"}, syscall.SIGHUP},
		{"serve", "subako-serve-volume-", []string{"serve", "--force", "--probes", "none", wasm}, syscall.SIGHUP},
		// pack stages its package beside -o (here in TMPDIR too).
		{"pack", ".subako-pack-", []string{"pack", "--probes", "none", "../../examples/hello", "-o", "OUT"}, syscall.SIGHUP},
		// Ctrl-\ on a terminal: Go's default for SIGQUIT dumps every
		// goroutine and exits 2, the code of a usage error.
		{"serve-quit", "subako-serve-volume-", []string{"serve", "--force", "--probes", "none", wasm}, syscall.SIGQUIT},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			for i, a := range c.args {
				if a == "OUT" {
					c.args[i] = tmp + "/out"
				}
			}
			cmd := exec.Command(subakogoBinary(t), c.args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			stdin, err := cmd.StdinPipe() // held open: serve serves on
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			entries := func(prefix string) []string {
				var out []string
				list, _ := os.ReadDir(tmp)
				for _, e := range list {
					if strings.HasPrefix(e.Name(), prefix) {
						out = append(out, e.Name())
					}
				}
				return out
			}
			for deadline := time.Now().Add(2 * time.Minute); len(entries(c.prefix)) == 0; time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					_ = cmd.Wait()
					t.Fatalf("no volume was made in %s", tmp)
				}
			}
			if err := syscall.Kill(-cmd.Process.Pid, c.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var werr error
			select {
			case werr = <-done:
			case <-time.After(time.Minute): // only ends a test that would hang
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				werr = <-done
				t.Errorf("still running a minute after %v", c.sig)
			}
			var exit *exec.ExitError
			if errors.As(werr, &exit) {
				switch exit.ExitCode() {
				case 0, 130, 143: // documented for a signal (2 is a usage error)
				default:
					t.Errorf("%s after %v: %v (exit code %d, not one documented for a signal)", c.name, c.sig, werr, exit.ExitCode())
				}
			}
			if left := append(entries("subako-"), entries(".subako-")...); len(left) > 0 {
				t.Errorf("%s after %v: %v left in %s (removed on SIGINT and SIGTERM); stderr (%d bytes):\n%.200s", c.name, c.sig, left, tmp, stderr.Len(), stderr.String())
			}
		})
	}
}

// fullWriter43b is a stdout on a full disk.
type fullWriter43b struct{}

func (fullWriter43b) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestAttack43b_LostOutputExitsZero (attack pass 43b, row 2): `lint`
// notices that its report could not be written (exit 3, "write
// /dev/stdout: no space left on device"), but `call`, `size` and `explain`
// drop their stdout's write errors: `subakogo call M greet ... >
// result.json` on a full disk exits 0, "a result", with nothing written.
func TestAttack43b_LostOutputExitsZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	wasm := gowasm.Path(t, "../../examples/hello")
	for _, args := range [][]string{
		{"lint", "--static", wasm}, // the control: 3
		{"call", wasm, "greet", `{"name":"Ada"}`},
		{"size", "--static", wasm},
		{"explain", "W001"},
	} {
		var stderr strings.Builder
		code := run(args, fullWriter43b{}, &stderr)
		if code == exitOK {
			t.Errorf("%s with stdout failing (ENOSPC): exit 0, its output lost without a word; stderr: %q", args[0], stderr.String())
		}
	}
}

// TestAttack43b_SizeTruncatedModuleCrashes (attack pass 43b, row 3): `size`
// (with its cold call, the default) reads the module through input.Arg,
// which maps it, but reads the mapping outside input.Guard: wasmsize.Analyze
// and coldCost's host.Compile (its SHA-256 of the bytes) run unguarded, so
// a module truncated while size runs (a build rewriting it, an editor, a
// sync tool) raises SIGBUS: "unexpected fault address ... fatal error:
// fault", "this is a bug in subakogo", exit 4. lint, diff and call read
// the same mapping under Guard and say "the file changed while it was
// read", exit 3 (lint.md). Here: a module with a 256 MiB custom section,
// truncated once a process has it mapped (/proc/PID/maps: a condition,
// not a time).
func TestAttack43b_SizeTruncatedModuleCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	hello, err := os.ReadFile(gowasm.Path(t, "../../examples/hello"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big43b.wasm")
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
	if errors.As(err, &exit) && exit.ExitCode() == 4 || strings.Contains(stderr.String(), "fatal error") {
		t.Errorf("size of a module truncated while it runs: %v (exit 4: a crash), want exit 3 \"changed while it was read\"; stderr:\n%.400s", err, stderr.String())
	}
}

// loopModule43b is (module (memory (export "memory") 1) (func (export
// "_start") (loop (br 0)))): its discovery never answers.
var loopModule43b = []byte("\x00asm\x01\x00\x00\x00" +
	"\x01\x04\x01\x60\x00\x00" + "\x03\x02\x01\x00" + "\x05\x03\x01\x00\x01" +
	"\x07\x13\x02\x06memory\x02\x00\x06_start\x00\x00" +
	"\x0a\x09\x01\x07\x00\x03\x40\x0c\x00\x0b\x0b")

// TestAttack43b_SizeColdCallIgnoresSignal (attack pass 43b, row 5): size's
// cold call (coldCost) compiles and runs discovery with
// context.Background(), not the command's context, so SIGTERM during it
// stops nothing: the module runs on (up to discovery's 10 s of its own
// time), and cli's backstop ends the process InterruptGrace (10 s) later
// with "still not stopped 10s after it (a read the system does not end?);
// exiting without cleaning up". Here a module whose _start loops; SIGTERM
// once the size process has spent CPU on it.
func TestAttack43b_SizeColdCallIgnoresSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo")
	}
	path := filepath.Join(t.TempDir(), "loop43b.wasm")
	if err := os.WriteFile(path, loopModule43b, 0o644); err != nil {
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
	_ = cmd.Wait()
	if strings.Contains(stderr.String(), "still not stopped") {
		t.Errorf("size's cold call did not stop on SIGTERM: %q", stderr.String())
	}
}
