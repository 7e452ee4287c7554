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

// TestHangupRemovesVolumes (attack pass 43b, row 1): the commands
// stopped on SIGINT and SIGTERM only (cli.NotifyContext); SIGHUP, which a
// closed terminal or a dropped ssh session sends to the foreground process
// group, kills them by its default action. serve's session volume ("by
// default a fresh temporary volume per session, removed at exit", up to
// its 2 GiB quota of what the module wrote) and call's temporary volume
// (up to a call's 1 GiB write budget) are then left in $TMPDIR, and the
// exit code is 129, none of the documented ones. pack leaves its staged
// package (.subako-pack-*) beside -o, in the user's directory, and its
// go temporary directory (subako-gotmp-*) in $TMPDIR. Now SIGHUP and
// SIGQUIT stop them as SIGINT and SIGTERM do (supervise.StopSignals), with
// 128 plus the signal (serve: 0). Here: the signal sent to the group once
// the volume exists; the volume must be gone at exit.
func TestHangupRemovesVolumes(t *testing.T) {
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
				case 128 + int(c.sig): // documented for a signal (2 is a usage error)
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
