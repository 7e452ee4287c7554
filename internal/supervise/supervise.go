// Package supervise runs a command as a child of itself, so that a crash of
// the Go runtime gets an exit code of its own. A fatal error (out of
// memory, a stack overflow) and an unrecovered panic make a Go program exit
// with status 2, which is also the usual usage-error code; nothing inside
// the crashing process can change that, so the parent tells them apart: the
// child reports a usage error with another code, and a 2 (or a death by
// signal) from it is a crash.
package supervise

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

// Exit codes the parent answers.
const (
	Usage = 2 // the command's own usage error
	Crash = 4 // the command crashed
)

// env marks the child.
const env = "SUBAKO_SUPERVISED_CHILD"

// childUsage is how the child reports Usage, since 2 is the runtime's.
const childUsage = 64

// Main runs main in a child process of this executable, with the same
// arguments, standard streams and environment, and returns the exit code
// to use: main's own, or Crash when the child crashed (after saying so on
// stderr, under name). In the child it runs main and returns its code.
// When the executable cannot be started again, main runs in this process.
func Main(name string, stderr io.Writer, main func() int) int {
	if os.Getenv(env) != "" {
		if code := main(); code != Usage {
			return code
		}
		return childUsage
	}
	exe, err := os.Executable()
	if err != nil {
		return main()
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), env+"=1")
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	if err := cmd.Start(); err != nil {
		return main()
	}
	go func() {
		for s := range signals {
			_ = cmd.Process.Signal(s)
		}
	}()
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case !errors.As(err, &exit):
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return Crash
	}
	status, _ := exit.Sys().(syscall.WaitStatus)
	switch {
	case status.Signaled():
		if s := status.Signal(); s == syscall.SIGINT || s == syscall.SIGTERM || s == syscall.SIGPIPE {
			// Stopped by the user, or by a reader of its output that is
			// done (subakogo explain --list | head): as a shell reports it.
			return 128 + int(s)
		}
		fmt.Fprintf(stderr, "%s: the tool itself crashed (killed by %v, perhaps for lack of memory); exit code %d\n", name, status.Signal(), Crash)
		return Crash
	case exit.ExitCode() == Usage:
		fmt.Fprintf(stderr, "%s: the tool itself crashed (the Go runtime's error is above); this is a bug in %s, not in its input; exit code %d\n", name, name, Crash)
		return Crash
	case exit.ExitCode() == childUsage:
		return Usage
	}
	return exit.ExitCode()
}
