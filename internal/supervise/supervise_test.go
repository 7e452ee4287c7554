package supervise

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodes builds a program that crashes in each way on request and checks
// the codes its supervisor answers: a runtime fatal error and a panic are
// Crash, not the usage code they exit with inside.
func TestCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	bin := filepath.Join(t.TempDir(), "crasher")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/crasher").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for arg, want := range map[string]int{"ok": 0, "usage": Usage, "exit3": 3, "panic": Crash, "overflow": Crash} {
		cmd := exec.Command(bin, arg)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		}
		if code != want {
			t.Errorf("%s: exit %d, want %d\n%s", arg, code, want, stderr.String())
		}
		if crashed := strings.Contains(stderr.String(), "the tool itself crashed"); crashed != (want == Crash) {
			t.Errorf("%s: stderr %q", arg, stderr.String())
		}
	}
	// A reader that stops reading (| head) ends the child by SIGPIPE: not
	// a crash, and nothing said about it.
	cmd := exec.Command(bin, "flood")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Read(make([]byte, 10)); err != nil {
		t.Fatal(err)
	}
	out.Close()
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 128+13 || stderr.Len() != 0 {
		t.Errorf("flood into a closed pipe: %v, stderr %q; want exit 141 and nothing said", err, stderr.String())
	}
}
