package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestInterruptRemovesVolumes (from attack pass 38): `call` and `lint`
// (its probes) make a temporary volume for each run and removed it when
// the run ended, but not when the command was interrupted (Ctrl-C, or
// SIGTERM from `timeout` or a CI runner): the volume kept what the module
// wrote (201 MB of a module that wrote 200 MiB and looped, every time; a
// call's write budget is 1 GiB). Here the hostile module's loop tool,
// interrupted once its run's volume exists: the volume is gone when the
// command exits, and it exits 130 for SIGINT and 143 for SIGTERM, the
// signal sent to the process or to its group (then the supervisor's child
// gets it twice: once itself, once forwarded).
func TestInterruptRemovesVolumes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	const hostile = "../../internal/serve/testdata/hostile"
	wasm := gowasm.Path(t, hostile)
	type signal struct {
		sig   syscall.Signal
		group bool // to the process group, as a terminal's Ctrl-C and timeout send it
	}
	every := []signal{{syscall.SIGINT, false}, {syscall.SIGTERM, false}, {syscall.SIGINT, true}, {syscall.SIGTERM, true}}
	for _, c := range []struct {
		name, prefix string
		args         []string
		dir          string
		signals      []signal
	}{
		{"call", "subako-volume-", []string{"call", "--timeout", "60s", wasm, "loop", "{}"}, "", every},
		{"lint", "subako-call-volume-", []string{"lint", wasm}, "", every},
		// check builds the package first (its temporary build directory
		// is its to remove too), then probes it: once. pack runs the
		// same lint through the same interruptible, but it builds the
		// package for this machine too, which a raw wasip1 module is not.
		{"check", "subako-call-volume-", []string{"check", "."}, hostile, []signal{{syscall.SIGINT, true}}},
	} {
		for _, s := range c.signals {
			sig := s.sig
			tmp := t.TempDir()
			cmd := exec.Command(subakogoBinary(t), c.args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.Dir = c.dir
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
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
			volumes := func() []string { return entries(c.prefix) }
			// Wait for the run's volume: the condition, not a time (the
			// deadline only ends a test that would otherwise hang).
			for deadline := time.Now().Add(2 * time.Minute); len(volumes()) == 0; time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					_ = cmd.Process.Kill()
					_ = cmd.Wait()
					t.Fatalf("%s: no volume was made in %s", c.name, tmp)
				}
			}
			pid := cmd.Process.Pid
			if s.group {
				pid = -pid // its group: the supervisor and its child, each signalled
			}
			if err := syscall.Kill(pid, sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 128+int(sig) {
				t.Errorf("%s interrupted by %v (to its group: %v): %v, want exit code %d; stderr:\n%s", c.name, sig, s.group, err, 128+int(sig), stderr.String())
			}
			if !strings.Contains(stderr.String(), "subakogo "+c.name+": interrupted by ") {
				t.Errorf("%s interrupted by %v (to its group: %v): stderr does not say so:\n%s", c.name, sig, s.group, stderr.String())
			}
			if left := entries("subako-"); len(left) > 0 {
				t.Errorf("%s interrupted by %v (to its group: %v): %v is left in %s", c.name, sig, s.group, left, tmp)
			}

		}
	}
}
