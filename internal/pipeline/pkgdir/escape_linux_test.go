package pkgdir

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
)

// escapeSource starts a sleep in a session of its own holding stdout,
// writes its pid to $PIDFILE, prints a manifest and exits 0.
const escapeSource = `package main

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

func main() {
	c := exec.Command("sleep", "600")
	c.Stdout = os.Stdout
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := c.Start(); err != nil {
		os.Exit(2)
	}
	os.WriteFile(os.Getenv("PIDFILE"), []byte(strconv.Itoa(c.Process.Pid)), 0o644)
	os.Stdout.WriteString("{}")
}
`

// TestManifestChildHoldsStdout (attack pass 40q, row 3): a native init
// that starts a process in a session of its own (out of the group
// subakogo kills) holding stdout made the run end at the pipe's wait
// delay with "exec: WaitDelay expired before I/O complete (does the
// package serve with the subako runtime?)", which points at the wrong
// cause. The message says what happened: the run exited, and a process
// it started still holds its stdout. (That process outlives the run: the
// package's own code runs with the user's rights, docs/go.md.)
func TestManifestChildHoldsStdout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a native program")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module example.com/native\n\ngo 1.22\n", "main.go": escapeSource} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "native")
	if err := gobuild.Native(context.Background(), dir, ".", bin, io.Discard); err != nil {
		t.Fatal(err)
	}
	pidfile := filepath.Join(t.TempDir(), "pid")
	t.Setenv("PIDFILE", pidfile)
	t.Cleanup(func() {
		if b, err := os.ReadFile(pidfile); err == nil {
			if pid, err := strconv.Atoi(string(b)); err == nil {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	_, err := runManifest(context.Background(), "./pkg", bin, io.Discard, 10*time.Second, 60*time.Second)
	if err == nil || !strings.Contains(err.Error(), "exited, but its stdout stayed open: a process it started still holds it") ||
		strings.Contains(err.Error(), "WaitDelay") {
		t.Errorf("a native run whose child (its own session) holds stdout: %v, want it said so", err)
	}
}
