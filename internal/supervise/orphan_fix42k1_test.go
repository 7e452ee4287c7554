package supervise

import (
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestChildDiesWithKilledSupervisor (attack pass 42k, row 5): a supervisor
// killed by a signal it does not forward (SIGKILL here: exec's on a
// context's end, a CI runner's last resort)
// takes its child, the command, with it. Nothing tied the child's life to
// the supervisor's: `subakogo lint spin.wasm & kill -9 $!` left the lint
// running under init, and it printed its findings 13 s later. Here the
// crasher's "flood" child writes to a pipe without end; once its
// supervisor is dead, a dead child leaves at most the pipe's buffer to
// read, an orphan 8 MiB more and on.
func TestChildDiesWithKilledSupervisor(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	bin := filepath.Join(t.TempDir(), "crasher")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/crasher").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	cmd := exec.Command(bin, "flood")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer out.Close() // an orphan, if any, then dies of SIGPIPE
	if _, err := io.ReadFull(out, make([]byte, 10)); err != nil {
		t.Fatal(err) // the child runs: the flood comes from it
	}
	_ = cmd.Process.Kill()
	_, _ = cmd.Process.Wait() // the supervisor is gone
	if n, _ := io.CopyN(io.Discard, out, 8<<20); n == 8<<20 {
		t.Errorf("the supervisor was killed, and its child wrote 8 MiB more: it runs on as an orphan")
	}
}
