package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInitInterruptedLeavesNothing (attack pass 42n, row 6): init was
// not among the commands that stop on a signal, so SIGTERM during its go
// mod tidy (or its go tool -n, a minute on a cold cache) killed it by the
// signal's default action: exit 143 without a line saying so, and the new
// directory left half-made (go.mod, main.go, no subako_gen.go), where
// go.md says "a failure part way removes only what it made"; init again
// was refused ("exists and is not empty"). Now the go command ends with
// the signal and init removes what it made, with 143 and a line.
func TestInitInterruptedLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and runs go mod tidy")
	}
	bin := subakogoBinary(t)
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "p")
	cmd := exec.Command(bin, "init", "--replace", repo, dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	// Wait for go.mod, written just before go mod tidy runs: the
	// condition, not a time (the deadline only ends a hang).
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(2 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		select {
		case <-exited:
			t.Fatalf("init ended before writing go.mod; stderr:\n%s", stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-exited
			t.Fatal("init wrote no go.mod")
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-exited
	if code := cmd.ProcessState.ExitCode(); code != 143 || !strings.Contains(stderr.String(), "interrupted by SIGTERM") {
		t.Errorf("init interrupted by SIGTERM: exit %d, stderr:\n%s", code, stderr.String())
	}
	if _, err := os.Stat(dir); err == nil {
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("init interrupted by SIGTERM (exit %d) left %s holding %v; stderr:\n%s",
			cmd.ProcessState.ExitCode(), dir, names, stderr.String())
	}
}
