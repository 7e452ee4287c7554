package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestClosedStdoutLeavesNoServeVolume (attack pass 39): a stdio
// client that goes away (it crashed, or its host killed it) closes its
// end of serve's stdout; serve's next line, a call's answer, is written to
// a broken pipe, and Go's runtime ends a process that writes to a broken
// pipe on fd 1 with SIGPIPE unless it asked for the signal: serve exits
// 141 without its deferred cleanup, leaving its temporary volume with what
// the module wrote there. serve.md: the volume is "a fresh temporary volume
// per session, removed at exit" (up to the volume quota, 2 GiB by
// default), and serve exits 0 when stdin ends. End to end
// (closed_stdout.py, the evil module's fillspin writing 50 MiB then
// looping, --timeout 5s): exit 141, subako-serve-volume-N/tmp/fill-N of
// 52,428,800 bytes left in TMPDIR. Here the hostile module writes 1 MiB
// and answers, with serve's stdout closed by its reader.
// subakogo now ignores SIGPIPE (main): the write fails with EPIPE and
// serve ends as it does when stdin ends, its volume removed.
func TestClosedStdoutLeavesNoServeVolume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	wasm := gowasm.Path(t, "../../internal/serve/testdata/hostile")
	tmp := t.TempDir()
	cmd := exec.Command(subakogoBinary(t), "serve", "--force", "--probes", "none", wasm)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdout.Close() // the client has gone: nobody reads serve's answers
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"write","arguments":{"path":"/volume/tmp/left","mb":1},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}` + "\n"
	if _, err := stdin.Write([]byte(call)); err != nil {
		t.Fatal(err)
	}
	// The call has run once its volume holds the file: the condition, not
	// a time (the deadline only ends a test that would otherwise hang).
	written := func() bool {
		entries, _ := os.ReadDir(tmp)
		for _, e := range entries {
			if _, err := os.Stat(tmp + "/" + e.Name() + "/tmp/left"); err == nil {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(2 * time.Minute); !written() && cmd.ProcessState == nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("the call wrote nothing; stderr:\n%s", stderr.String())
		}
	}
	stdin.Close()
	err = cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		t.Errorf("serve, its stdout closed by the client, then stdin: exit code %d (%v), want 0; stderr:\n%s", exit.ExitCode(), exit, stderr.String())
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "subako-serve-volume-") {
			t.Errorf("serve's temporary volume %s is left in TMPDIR", e.Name())
		}
	}
}

// TestClosedStdoutLeavesNoCallVolume (attack pass 39): the same for
// `call` whose stdout is a pipe its reader has closed, as in
// `subakogo call ... | head -c 100` or `| true`: the answer is printed
// before the run's volume is removed, the write raises SIGPIPE, and call
// exits 141 leaving subako-volume-N with what the module wrote (5 MiB end
// to end; a call may write 1 GiB). `lint | head -c 1` held: it prints
// after its runs' volumes are gone.
func TestClosedStdoutLeavesNoCallVolume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	wasm := gowasm.Path(t, "../../internal/serve/testdata/hostile")
	tmp := t.TempDir()
	cmd := exec.Command(subakogoBinary(t), "call", wasm, "write", `{"path":"/volume/tmp/left","mb":1}`)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout.Close()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 3 {
			t.Errorf("call, its stdout closed: exit code %d, want 0, 1 or 3; stderr:\n%s", exit.ExitCode(), stderr.String())
		}
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "subako-volume-") {
			t.Errorf("call's temporary volume %s is left in TMPDIR", e.Name())
		}
	}
}
