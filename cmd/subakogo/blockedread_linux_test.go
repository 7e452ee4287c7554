//go:build linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalEndsBlockedRead (attack pass 42b, row 1): a command blocked
// reading its input (`subakogo size /proc/kmsg` as root; here a pipe on
// standard input that is never written nor closed, as `sleep 600 |
// subakogo lint -`) ignored SIGTERM: the signal cancelled the command's
// context, but the read knew nothing of it and Interruptible waited for
// the command to return (still running 630 s after `timeout 20`; only
// SIGKILL ended it). Sent once the command's process is seen blocked in
// the pipe's read (/proc/PID/task/*/wchan), SIGTERM to its group, as
// timeout sends it, ends it with the documented 143 and its line.
func TestSignalEndsBlockedRead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo")
	}
	if _, err := os.ReadFile("/proc/self/wchan"); err != nil {
		t.Skip("no /proc/PID/wchan here:", err)
	}
	bin := subakogoBinary(t)
	for _, args := range [][]string{
		{"lint", "--static", "-"},
		{"size", "-"},
		{"call", "m.wasm", "t", "-"}, // the arguments, read first
	} {
		t.Run(args[0], func(t *testing.T) {
			var fds [2]int
			if err := syscall.Pipe(fds[:]); err != nil { // blocking, as a shell's pipe is
				t.Fatal(err)
			}
			r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
			defer w.Close()
			cmd := exec.Command(bin, args...)
			cmd.Dir = t.TempDir()
			cmd.Stdin = r
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			r.Close()
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			// The condition, not a time: the deadline only ends a test
			// that would otherwise hang.
			for deadline := time.Now().Add(2 * time.Minute); !groupBlockedInPipeRead(cmd.Process.Pid); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					t.Fatalf("subakogo %s never blocked reading its standard input; stderr: %s", strings.Join(args, " "), stderr.String())
				}
			}
			if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-exited:
			case <-time.After(time.Minute): // a guard against the hang, not a measure
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				t.Logf("killed: %v", <-exited)
				t.Fatalf("subakogo %s, blocked reading standard input, still running after SIGTERM; stderr: %s", strings.Join(args, " "), stderr.String())
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 143 {
				t.Errorf("subakogo %s interrupted by SIGTERM while blocked reading: %v; want exit 143; stderr:\n%s", strings.Join(args, " "), err, stderr.String())
			}
			// The line is said by a command that listens; a child the
			// signal reached first ends silently with 143, as a shell
			// reports it (supervise.exitCode). CI under eight busy loops
			// drew that once for call (0.04 s, the group seen in
			// pipe_read): logged, not failed, since exit 143 without a
			// hang is the promise this test keeps (attack pass 42b, row 1).
			if !strings.Contains(stderr.String(), "subakogo "+args[0]+": interrupted by SIGTERM") {
				t.Logf("subakogo %s: exit 143 without the interruption's line (the signal came before the command listened); stderr: %q", strings.Join(args, " "), stderr.String())
			}
		})
	}
}

// groupBlockedInPipeRead says whether a thread of the process pid or of
// one of its children (the supervisor's child runs the command) waits in
// the kernel for a pipe's data.
func groupBlockedInPipeRead(pid int) bool {
	pids := []string{strconv.Itoa(pid)}
	if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children"); err == nil {
		pids = append(pids, strings.Fields(string(b))...)
	}
	for _, p := range pids {
		tasks, _ := filepath.Glob("/proc/" + p + "/task/*/wchan")
		for _, task := range tasks {
			if b, err := os.ReadFile(task); err == nil && strings.Contains(string(b), "pipe_read") {
				return true
			}
		}
	}
	return false
}
