package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// fullWriter is a stdout on a full disk.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestLostOutputExits3 (attack pass 43b, row 2): `lint`
// noticed that its report could not be written (exit 3, "write
// /dev/stdout: no space left on device"), but `call`, `size` and `explain`
// dropped their stdout's write errors: `subakogo call M greet ... >
// result.json` on a full disk exited 0, "a result", with nothing written.
// Every command's stdout is now a cli.Output (run), and a failed write
// makes 0 or 1 a 3, with a line saying so.
func TestLostOutputExits3(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	wasm := gowasm.Path(t, "../../examples/hello")
	for _, args := range [][]string{
		{"lint", "--static", wasm}, // the control: 3
		{"call", wasm, "greet", `{"name":"Ada"}`},
		{"size", "--static", wasm},
		{"explain", "W001"},
	} {
		var stderr strings.Builder
		code := run(args, fullWriter{}, &stderr)
		if code != exitUnreadable || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%s with stdout failing (ENOSPC): exit %d, want 3 and a line saying why; stderr: %q", args[0], code, stderr.String())
		}
	}
}

// TestServeStdoutFullExits3 (attack pass 43b, row 2): serve over stdio
// whose stdout fails for a full disk returned from ServeStdio as if its
// client had gone, said "stdin ended while the package is loading" though
// stdin stayed open, and exited 0. Now the session ends on the failed
// write, serve says so and exits 3. stdin is held open: serve must end
// on the write's failure alone.
func TestServeStdoutFullExits3(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	wasm := gowasm.Path(t, "../../internal/serve/testdata/hostile")
	tmp := t.TempDir()
	cmd := exec.Command(subakogoBinary(t), "serve", "--force", "--probes", "none", wasm)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	cmd.Stdout = full
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"
	if _, err := stdin.Write([]byte(ping)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute): // only ends a test that would hang
		_ = cmd.Process.Kill()
		err = <-done
		t.Errorf("serve still running 2 minutes after its answer could not be written")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitUnreadable || !strings.Contains(stderr.String(), "no space left on device") || strings.Contains(stderr.String(), "stdin ended") {
		t.Errorf("serve with stdout on a full disk: %v, want exit 3 saying why; stderr:\n%s", err, stderr.String())
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "subako-*")); len(left) > 0 {
		t.Errorf("left %v", left)
	}
}
