package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptRemovesGoWork (attack pass 42n, row 2): a signal while
// pack (as check, schema, generate, size, and serve's build or --watch
// rebuild) runs its go command leaves nothing in $TMPDIR. The go command
// is ended with SIGKILL to its process group (gobuild.OwnGroup), so it
// never removes its own work directory: $TMPDIR/go-buildNNN (importcfg,
// _pkg_.a, the linked exe/a.out) was left once per interruption. Every go
// command now runs with GOTMPDIR a directory of subakogo's, removed once
// the command ends, killed or not.
func TestInterruptRemovesGoWork(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a Go package")
	}
	bin := subakogoBinary(t)
	pkg := helloCopy(t, "fix42n-pack-")
	tmp := t.TempDir()
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(bin, "pack", "--generate", "--probes", "none", "./"+filepath.ToSlash(pkg), "-o", out)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	// Wait for the go command's work directory to hold a package's build:
	// the condition, not a time (the deadline only ends a hang).
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(5 * time.Millisecond) {
		// The go command's $WORK, in $TMPDIR or in GOTMPDIR below it.
		m, _ := filepath.Glob(filepath.Join(tmp, "go-build*", "b0*", "importcfg*"))
		m2, _ := filepath.Glob(filepath.Join(tmp, "*", "go-build*", "b0*", "importcfg*"))
		if len(m)+len(m2) > 0 {
			break
		}
		select {
		case <-exited:
			t.Fatalf("pack ended before its go build began; stderr:\n%s", stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-exited
			t.Fatalf("no go build began in %s; stderr:\n%s", tmp, stderr.String())
		}
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-exited
	if code := cmd.ProcessState.ExitCode(); code != 143 {
		t.Logf("exit %d (the build may have ended first); stderr:\n%s", code, stderr.String())
	}
	var left []string
	_ = filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != tmp {
			left = append(left, strings.TrimPrefix(p, tmp+"/"))
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("pack interrupted by SIGTERM left in $TMPDIR:\n%s\nstderr:\n%s", strings.Join(left, "\n"), stderr.String())
	}
}

// helloCopy copies examples/hello into a new directory of testdata named
// prefix and more (a package of the module subakogo runs in, as serve
// and pack build), removed when the test ends.
func helloCopy(t *testing.T, prefix string) string {
	t.Helper()
	pkg, err := os.MkdirTemp("testdata", prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(pkg) })
	for _, name := range []string{"main.go", "subako_gen.go", "tools.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "hello", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return pkg
}
