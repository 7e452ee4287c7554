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

// TestKilledBySignalNamed (attack pass 43b, row 4): a child ended by
// SIGKILL (the OOM killer, kill -9) was reported with the signal's
// String(), which for SIGKILL is "killed": "the tool itself crashed
// (killed by killed, perhaps for lack of memory)". Seen end to end: kill
// -9 of serve's child. Signals are now named as a person types them.
func TestKilledBySignalNamed(t *testing.T) {
	for _, c := range []struct {
		sig  string
		want string
	}{
		{"9", "SIGKILL"},
		{"11", "killed by SIGSEGV"},
	} {
		cmd := exec.Command("sh", "-c", "kill -"+c.sig+" $$")
		_ = cmd.Run()
		var stderr strings.Builder
		code := exitCode("subakogo", &stderr, cmd.ProcessState, nil, 0)
		if got := stderr.String(); code != Crash || strings.Contains(got, "killed by killed") || !strings.Contains(got, c.want) {
			t.Errorf("kill -%s: exit %d, message %q; want %d naming %s", c.sig, code, got, Crash, c.want)
		}
	}
}

// TestStoppedBySignal (attack pass 43b, row 1): a child a stop signal
// ended before it listened for it (SIGHUP's and SIGQUIT's default
// action) stopped, as a shell reports it, 128 plus the signal: not a
// crash.
func TestStoppedBySignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command("sh", "-c", "kill -"+strings.TrimPrefix(SignalName(sig), "SIG")+" $$")
		_ = cmd.Run()
		var stderr strings.Builder
		if code := exitCode("subakogo", &stderr, cmd.ProcessState, nil, 0); code != 128+int(sig) || stderr.Len() > 0 {
			t.Errorf("%s: exit %d, %q; want %d and nothing said", SignalName(sig), code, stderr.String(), 128+int(sig))
		}
	}
}

// TestStopSignalsKeepIgnored: a signal this process ignores (SIGHUP under
// nohup) is not taken to stop it: nohup asked for the command to run on.
func TestStopSignalsKeepIgnored(t *testing.T) {
	if !slices.Contains(StopSignals(), os.Signal(syscall.SIGHUP)) || !slices.Contains(StopSignals(), os.Signal(syscall.SIGQUIT)) {
		t.Fatalf("StopSignals() = %v, want SIGHUP and SIGQUIT among them", StopSignals())
	}
	signal.Ignore(syscall.SIGHUP)
	defer signal.Reset(syscall.SIGHUP)
	if slices.Contains(StopSignals(), os.Signal(syscall.SIGHUP)) {
		t.Errorf("StopSignals() = %v with SIGHUP ignored", StopSignals())
	}
}
