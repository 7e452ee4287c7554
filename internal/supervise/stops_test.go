package supervise

import (
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestExit2AfterStopIsAStop (attack pass 43g, row 1): a child that ends
// with Go's exit 2 after the supervisor forwarded it a stop signal (Go's
// SIGQUIT dump, the signal come before the child caught it) was stopped,
// 131 "interrupted by SIGQUIT", not "the tool itself crashed", exit 4.
// Without a signal, exit 2 is still a crash.
func TestExit2AfterStopIsAStop(t *testing.T) {
	cmd := exec.Command("sh", "-c", "exit 2")
	_ = cmd.Run()
	var stderr strings.Builder
	if code := exitCode("subakogo", &stderr, cmd.ProcessState, nil, syscall.SIGQUIT); code != 131 || !strings.Contains(stderr.String(), "interrupted by SIGQUIT") {
		t.Errorf("exit 2 after SIGQUIT: exit %d, %q; want 131, interrupted by SIGQUIT", code, stderr.String())
	}
	stderr.Reset()
	if code := exitCode("subakogo", &stderr, cmd.ProcessState, nil, 0); code != Crash {
		t.Errorf("exit 2 and no signal: exit %d; want %d", code, Crash)
	}
	// attack pass 43j, row 4: SIGTERM's default action kills by the
	// signal, so an exit 2 after it is a panic during the stop: a crash.
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		stderr.Reset()
		if code := exitCode("subakogo", &stderr, cmd.ProcessState, nil, sig); code != Crash {
			t.Errorf("exit 2 after %v: exit %d; want %d (a crash)", sig, code, Crash)
		}
	}
}

// TestStopsRouted (attack pass 43g, row 1): CatchStops' routing ends the
// process with 128 plus the signal while no command listens (before
// cli.NotifyContext, or in explain, version, help), hands the signal to a
// listener, and once one took a signal ignores later ones with none
// listening: the command stopping says how.
func TestStopsRouted(t *testing.T) {
	var exited []int
	var said strings.Builder
	stops.Lock()
	caught, stopping, to, name, stderr, exit := stops.caught, stops.stopping, stops.to, stops.name, stops.stderr, stops.exit
	stops.caught, stops.name, stops.stderr = true, "subakogo", &said
	stops.exit = func(code int) { exited = append(exited, code) }
	stops.Unlock()
	defer func() {
		stops.Lock()
		stops.caught, stops.stopping, stops.to, stops.name, stops.stderr, stops.exit = caught, stopping, to, name, stderr, exit
		stops.Unlock()
	}()
	routeStop(syscall.SIGQUIT)
	if !slices.Equal(exited, []int{131}) || !strings.Contains(said.String(), "subakogo: interrupted by SIGQUIT") {
		t.Errorf("SIGQUIT, no listener: exits %v, %q; want 131, interrupted by SIGQUIT", exited, said.String())
	}
	c := make(chan os.Signal, 1)
	NotifyStops(c)
	routeStop(syscall.SIGTERM)
	if s := <-c; s != syscall.SIGTERM || len(exited) != 1 {
		t.Errorf("SIGTERM, a listener: got %v, exits %v", s, exited)
	}
	StopStops(c)
	routeStop(syscall.SIGINT)
	if len(exited) != 1 || len(c) != 0 {
		t.Errorf("SIGINT after a listener stopped on SIGTERM: exits %v; want it ignored", exited)
	}
}

// TestQuitIgnoredWithInterrupt (attack pass 43g, row 4): a script's
// background job starts with SIGINT and SIGQUIT ignored together; Go
// keeps the SIGINT ignore only, so SIGQUIT is taken as ignored with it,
// and neither is a stop signal then.
func TestQuitIgnoredWithInterrupt(t *testing.T) {
	signal.Ignore(syscall.SIGINT)
	defer signal.Reset(syscall.SIGINT, syscall.SIGQUIT)
	list := StopSignals()
	if slices.Contains(list, os.Signal(syscall.SIGINT)) || slices.Contains(list, os.Signal(syscall.SIGQUIT)) {
		t.Errorf("StopSignals() = %v with SIGINT ignored; want neither SIGINT nor SIGQUIT", list)
	}
}
