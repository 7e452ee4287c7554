package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
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
//
// SIGHUP and SIGQUIT (attack pass 43b, row 1) killed the commands by their
// default action: a closed terminal or a dropped ssh session left serve's
// session volume (up to its 2 GiB quota) and call's in $TMPDIR with exit
// 129, and pack its staged package (.subako-pack-*) beside -o, in the
// user's directory; Ctrl-\ dumped every goroutine and exited 2, the code
// of a usage error. They now stop the commands as SIGINT and SIGTERM do
// (supervise.StopSignals), with 128 plus the signal (serve: 0).
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
	hangup := []signal{{syscall.SIGHUP, true}, {syscall.SIGQUIT, true}}
	for _, c := range []struct {
		name, prefix string
		args         []string // OUT stands for a path in the test's TMPDIR
		dir          string
		signals      []signal
	}{
		{"call", "subako-volume-", []string{"call", "--timeout", "60s", wasm, "loop", "{}"}, "", append(every, hangup...)},
		{"lint", "subako-call-volume-", []string{"lint", wasm}, "", every},
		// serve serves on while its stdin is open, and exits 0 when stopped.
		{"serve", "subako-serve-volume-", []string{"serve", "--force", "--probes", "none", wasm}, "", hangup},
		// pack stages its package beside -o (here in TMPDIR too).
		{"pack", ".subako-pack-", []string{"pack", "--probes", "none", "../../examples/hello", "-o", "OUT"}, "", hangup[:1]},
		// check builds the package first (its temporary build directory
		// is its to remove too), then probes it: once. pack runs the
		// same lint through the same interruptible, but it builds the
		// package for this machine too, which a raw wasip1 module is not.
		{"check", "subako-call-volume-", []string{"check", "."}, hostile, []signal{{syscall.SIGINT, true}}},
	} {
		for _, s := range c.signals {
			sig := s.sig
			tmp := t.TempDir()
			args := slices.Clone(c.args)
			if i := slices.Index(args, "OUT"); i >= 0 {
				args[i] = filepath.Join(tmp, "out")
			}
			cmd := exec.Command(subakogoBinary(t), args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.Dir = c.dir
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
			err = cmd.Wait()
			var exit *exec.ExitError
			switch {
			case c.name == "serve" && err != nil:
				t.Errorf("serve stopped by %v: %v, want exit code 0; stderr:\n%s", sig, err, stderr.String())
			case c.name != "serve" && (!errors.As(err, &exit) || exit.ExitCode() != 128+int(sig)):
				t.Errorf("%s interrupted by %v (to its group: %v): %v, want exit code %d; stderr:\n%s", c.name, sig, s.group, err, 128+int(sig), stderr.String())
			case c.name != "serve" && !strings.Contains(stderr.String(), "subakogo "+c.name+": interrupted by "):
				t.Errorf("%s interrupted by %v (to its group: %v): stderr does not say so:\n%s", c.name, sig, s.group, stderr.String())
			}
			if left := append(entries("subako-"), entries(".subako-")...); len(left) > 0 {
				t.Errorf("%s interrupted by %v (to its group: %v): %v is left in %s", c.name, sig, s.group, left, tmp)
			}
			// Nor the go command's work (attack pass 42n, row 2; see
			// TestInterruptRemovesGoWork for a signal during the build).
			if left := entries("go-build"); len(left) > 0 {
				t.Errorf("%s interrupted by %v (to its group: %v): the go command's %v is left in %s", c.name, sig, s.group, left, tmp)
			}

		}
	}
}

// TestSpecialGoFileRefused (attack pass 40m, row 1): a package directory
// with a FIFO named like a Go file (zz.go, or subako_gen.go) hung check,
// schema, generate -check, serve and pack for ever: the go command
// (go list, started by go/packages or the build) blocks opening the
// FIFO, the load had no context, so SIGTERM stopped nothing, and go list
// runs in a process group of its own, so timeout(1) missed it (613 s
// after `timeout 30`). Every command that loads or builds a package now
// checks the package's Go-relevant files first (input.GoSources, called by
// gocheck.Analyze and every go command gobuild runs) and refuses the FIFO
// with exit 3 and a message naming it, before any go command starts; a
// FIFO made since the check is ended with the command's context
// (TestAnalyzeInterrupted in internal/check/gocheck).
func TestSpecialGoFileRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo")
	}
	bin := subakogoBinary(t)
	for _, fifo := range []string{"zz.go", "subako_gen.go"} {
		dir := t.TempDir()
		for name, text := range map[string]string{
			"go.mod":  "module example.com/fifo\n\ngo 1.22\n",
			"main.go": "package main\n\nfunc main() {}\n",
		} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := syscall.Mkfifo(filepath.Join(dir, fifo), 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		for _, args := range [][]string{
			{"check", "."}, {"schema", "."}, {"generate", "-check", "."}, {"generate", "."},
			{"serve", "."}, {"pack", "--generate", ".", "-o", filepath.Join(t.TempDir(), "out")},
			{"size", "--static", "."}, {"call", ".", "t", "{}"},
		} {
			t.Run(fifo+" "+args[0], func(t *testing.T) {
				cmd := exec.Command(bin, args...)
				cmd.Dir = dir
				cmd.Stdin = strings.NewReader("") // serve's clients are gone at once
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
				var stderr strings.Builder
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				exited := make(chan struct{})
				go func() { _ = cmd.Wait(); close(exited) }()
				select {
				case <-exited:
				case <-time.After(60 * time.Second): // a guard against the hang, not a measure
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					<-exited
					killBlockedIn(t, dir)
					t.Fatalf("subakogo %s still running after 60 s (the go command blocked on the FIFO %s); stderr: %s", strings.Join(args, " "), fifo, stderr.String())
				}
				if code := cmd.ProcessState.ExitCode(); code != exitUnreadable || !strings.Contains(stderr.String(), fifo+": a FIFO, not a regular file") {
					t.Errorf("subakogo %s: exit %d, want 3 with the FIFO named; stderr: %s", strings.Join(args, " "), code, stderr.String())
				}
			})
		}
	}
}

// killBlockedIn kills the processes whose working directory is dir or
// below it: a go command a hung subakogo left blocked on a FIFO there, in
// a process group of its own.
func killBlockedIn(t *testing.T, dir string) {
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		cwd, err := os.Readlink(filepath.Join("/proc", p.Name(), "cwd"))
		if err != nil || !strings.HasPrefix(cwd, dir) {
			continue
		}
		if pid, err := strconv.Atoi(p.Name()); err == nil && pid > 1 {
			t.Logf("killing %d, left in %s", pid, cwd)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
