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
	wasm := gowasm.Path(t, "../../internal/serve/testdata/hostile")
	for _, c := range []struct {
		name, prefix string
		args         []string
	}{
		{"call", "subako-volume-", []string{"call", "--timeout", "60s", wasm, "loop", "{}"}},
		{"lint", "subako-call-volume-", []string{"lint", wasm}},
	} {
		for _, s := range []struct {
			sig   syscall.Signal
			group bool // to the process group, as a terminal's Ctrl-C and timeout send it
		}{{syscall.SIGINT, false}, {syscall.SIGTERM, false}, {syscall.SIGINT, true}, {syscall.SIGTERM, true}} {
			sig := s.sig
			tmp := t.TempDir()
			cmd := exec.Command(subakogoBinary(t), c.args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			volumes := func() []string {
				var out []string
				entries, _ := os.ReadDir(tmp)
				for _, e := range entries {
					if strings.HasPrefix(e.Name(), c.prefix) {
						out = append(out, e.Name())
					}
				}
				return out
			}
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
			if left := volumes(); len(left) > 0 {
				t.Errorf("%s interrupted by %v (to its group: %v): its volume %v is left in %s", c.name, sig, s.group, left, tmp)
			}
		}
	}
}
