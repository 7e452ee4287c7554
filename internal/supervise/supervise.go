// Package supervise runs a command as a child of itself, so that a crash of
// the Go runtime gets an exit code of its own. A fatal error (out of
// memory, a stack overflow) and an unrecovered panic make a Go program exit
// with status 2, which is also the usual usage-error code; nothing inside
// the crashing process can change that, so the parent tells them apart: the
// child reports a usage error with another code, and a 2 (or a death by
// signal) from it is a crash.
package supervise

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"
)

// Exit codes the parent answers.
const (
	Usage = 2 // the command's own usage error
	Crash = 4 // the command crashed
)

// envName marks the child ("1").
const (
	envName = "SUBAKO_SUPERVISED_CHILD"
	child   = "1"
)

// childUsage is how the child reports Usage, since 2 is the runtime's.
const childUsage = 64

// Main is Parent, then Child: a command that calls it from main pays for
// its start-up in both processes.
func Main(name string, stderr io.Writer, main func() int) int {
	Parent(name, stderr)
	return Child(main)
}

// Child runs main, the command, and returns its exit code; in the child
// of Parent it reports a usage error with a code of its own, since 2 is
// also what a crash of the Go runtime exits with.
func Child(main func() int) int {
	code := main()
	if code == Usage && os.Getenv(envName) == child {
		return childUsage
	}
	return code
}

// InChild reports whether this process is a supervisor's child.
func InChild() bool { return os.Getenv(envName) == child }

// Started reports whether this process was started by a supervisor, and
// so must not supervise.
func Started() bool { return os.Getenv(envName) != "" }

// Parent makes this process the supervisor of the command: it runs the
// executable again as a child, with the same arguments, standard streams
// and environment, and exits with the code to use: the child's own, or
// Crash when the child crashed (after saying so on stderr, under name).
// It returns in the child, and when the executable cannot be started
// again: the command then runs its main through Child.
//
// Called from an initialiser that Go runs before those of the command's
// heavier dependencies (see cmd/subakogo/internal/early), the supervisor
// pays for none of them; for that, this package imports only standard
// packages that Go initialises first (os.StartProcess, not os/exec).
func Parent(name string, stderr io.Writer) {
	if os.Getenv(envName) != "" {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		return
	}
	IgnoreInherited()
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, StopSignals()...)
	// The child dies with its supervisor (diesWithParent): a supervisor
	// killed by a signal it does not forward (SIGKILL) left the
	// command running as an orphan (attack pass 42k, row 5). Linux sends
	// the signal when the thread that started the child ends, not the
	// process: this goroutine keeps its thread until the supervisor exits.
	runtime.LockOSThread()
	p, err := os.StartProcess(exe, append([]string{exe}, os.Args[1:]...), &os.ProcAttr{
		Env:   append(os.Environ(), envName+"="+child),
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
		Sys:   diesWithParent(),
	})
	if err != nil {
		runtime.UnlockOSThread()
		signal.Stop(signals)
		return
	}
	var stopped atomic.Int32 // the last stop signal forwarded
	var quit atomic.Bool     // SIGQUIT was forwarded
	var killed atomic.Bool   // the child outlived KillGrace after a stop
	forwarded := make(chan struct{})
	go func() {
		for s := range signals {
			if s == syscall.SIGQUIT {
				quit.Store(true)
			}
			if stopped.Swap(int32(s.(syscall.Signal))) == 0 {
				close(forwarded)
				time.AfterFunc(KillGrace, func() {
					killed.Store(true)
					_ = p.Kill()
				})
			}
			_ = p.Signal(s)
		}
	}()
	state, err := p.Wait()
	if killed.Load() && err == nil && killedBy(state, syscall.SIGKILL) { // not a child that ended on its own as the timer fired
		sig := syscall.Signal(stopped.Load())
		fmt.Fprintf(stderr, "%s: interrupted by %s: still not stopped %v after it (a read the system does not end?); killed, nothing cleaned up\n", name, SignalName(sig), KillGrace)
		os.Exit(128 + int(sig))
	}
	if err == nil && !state.Success() && stopped.Load() == 0 {
		// A signal sent to the process group reaches the child and this
		// process at once; the child may end of it (Go's SIGQUIT
		// action, before the child caught it) before this process's
		// signal goroutine has passed it on. Its wait is bounded:
		// StopGrace, only when the child failed.
		t := time.NewTimer(StopGrace)
		select {
		case <-forwarded:
		case <-t.C:
		}
		t.Stop()
	}
	sig := syscall.Signal(stopped.Load())
	if quit.Load() {
		sig = syscall.SIGQUIT // the one stop signal whose default action is exit 2
	}
	os.Exit(exitCode(name, stderr, state, err, sig))
}

// killedBy says whether the process state is a death by signal s.
func killedBy(state *os.ProcessState, s syscall.Signal) bool {
	status, ok := state.Sys().(syscall.WaitStatus)
	return ok && status.Signaled() && status.Signal() == s
}

// InterruptGrace is how long a command a stop signal interrupted has to
// stop and clean up before it ends itself (cli.NotifyContext): a backstop
// against work the kernel does not let end (a read of a hung network or
// FUSE file system under a package's files, attack pass 42g, row 1),
// never part of a verdict.
const InterruptGrace = 10 * time.Second

// KillGrace is how long after the first stop signal it forwarded the
// supervisor kills a child that has not ended: the child's own backstop
// (InterruptGrace) needs its signal handler to run, and the kernel hands
// a process's signal to one thread, which waits with it when that thread
// is the one a read of a file system that does not answer holds
// (TestSignalEndsHungFileRead, CI of stop 44). SIGKILL ends such a wait.
// A variable, for tests.
var KillGrace = InterruptGrace + 5*time.Second

// StopGrace is how long the supervisor waits, for a child that failed,
// for a stop signal it may have been sent with the child: never part of
// a verdict, only of telling a stop from a crash.
const StopGrace = 200 * time.Millisecond

// exitCode is the code the supervisor exits with, given how its child
// ended and the stop signal the supervisor forwarded to it (0: none). A
// child that ends with Go's exit 2 after SIGQUIT (Go's SIGQUIT action:
// the goroutines dumped, before the child caught the signal) was stopped,
// not crashed: 128 plus the signal, as the shell reports it (attack pass
// 43g, row 1). After SIGINT, SIGTERM or SIGHUP, whose default action
// kills by the signal, an exit 2 is a panic or a fatal error: a crash
// (attack pass 43j, row 4).
func exitCode(name string, stderr io.Writer, state *os.ProcessState, err error, stopped syscall.Signal) int {
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return Crash
	}
	status, _ := state.Sys().(syscall.WaitStatus)
	switch {
	case state.Success():
		return 0
	case status.Signaled():
		switch s := status.Signal(); s {
		case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE:
			// Stopped by the user (a child that had not yet started
			// listening for the signal), or by a reader of its output
			// that is done: as a shell reports it.
			return 128 + int(s)
		case syscall.SIGKILL:
			// Nothing catches SIGKILL: what the child had to remove (a
			// session's volume) is left.
			fmt.Fprintf(stderr, "%s: the tool itself was killed (SIGKILL: perhaps by the system, for lack of memory); exit code %d\n", name, Crash)
		default:
			fmt.Fprintf(stderr, "%s: the tool itself crashed (killed by %s); exit code %d\n", name, SignalName(s), Crash)
		}
		return Crash
	case state.ExitCode() == Usage && stopped == syscall.SIGQUIT:
		fmt.Fprintf(stderr, "%s: interrupted by %s\n", name, SignalName(stopped))
		return 128 + int(stopped)
	case state.ExitCode() == Usage:
		fmt.Fprintf(stderr, "%s: the tool itself crashed (the Go runtime's error is above); this is a bug in %s, not in its input; exit code %d\n", name, name, Crash)
		return Crash
	case state.ExitCode() == childUsage:
		return Usage
	}
	return state.ExitCode()
}
