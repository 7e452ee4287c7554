package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestSaveCasesLockHeldStillReports (attack pass 43g, row 3): lint
// --save-cases locks the cases file's directory (outfile.LockDir) and
// gives up when another process has held a lock there for 10 s; any
// process that can read the directory can hold it (flock needs a
// read-only descriptor: another user on a shared /tmp, a script under
// `flock DIR ...`). lint then returned 3 before writing its report: the
// lint's work lost. Now the report is written and the save's failure
// said, exit 3 (lint.md). Waits LockDir's own 10 s.
func TestSaveCasesLockHeldStillReports(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module; waits LockDir's 10 s")
	}
	wasm := gowasm.Path(t, "../../examples/hello")
	dir := t.TempDir()
	other, err := os.Open(dir) // another process's hold, read-only
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := syscall.Flock(int(other.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(subakogoBinary(t), "lint", "--static", "--format", "json", "--save-cases", filepath.Join(dir, "calls.json"), wasm)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 3 || !strings.Contains(stderr.String(), "--save-cases") {
		t.Errorf("lint --save-cases with the directory locked by another process: exit %d (%s); want 3 and the save's failure said", code, strings.TrimSpace(stderr.String()))
	}
	if !json.Valid([]byte(stdout.String())) || !strings.Contains(stdout.String(), `"files"`) {
		t.Errorf("lint --save-cases with the directory locked: the report was not written: %q", stdout.String())
	}
}
