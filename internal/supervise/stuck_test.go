package supervise

import (
	"bufio"
	"errors"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestStuckChildKilled (CI of stop 44): a child whose stop signal never
// reaches its handler is killed KillGrace after the supervisor forwarded
// the signal, and the supervisor exits with 128 plus the signal and a line
// that says so. The kernel hands a process's signal to one of its
// threads; when that thread is held by a read of a file system that does
// not answer, the signal waits with it, and the child's own backstop
// (cli.NotifyContext's InterruptGrace) never starts: `call --http-fixture`
// on such a file ran on after SIGTERM until SIGKILL. The crasher's "deaf"
// child stands for it, ignoring the signal; its KillGrace is 100 ms.
func TestStuckChildKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM")
	}
	bin := filepath.Join(t.TempDir(), "crasher")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/crasher").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	cmd := exec.Command(bin, "deaf")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
		t.Fatalf("the child never said ready: %q, %v", line, err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err = <-exited:
	case <-time.After(2 * time.Minute): // a guard against the hang, not a measure
		_ = cmd.Process.Kill()
		t.Fatalf("the supervisor still runs 2 minutes after SIGTERM; stderr %q", stderr.String())
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 143 || !strings.Contains(stderr.String(), "crasher: interrupted by SIGTERM: still not stopped 100ms after it") {
		t.Errorf("a child deaf to SIGTERM: %v, stderr %q; want exit 143 and the line that it was killed", err, stderr.String())
	}
}
