//go:build unix

package gobuild

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestBuildRunsNoGit (attack pass 40r): go build stamps a main package
// with the repository's state unless -buildvcs=false, running git status,
// which waits for ever on a .git/index that is a FIFO (size and pack hung
// until the backstop) and runs what a repository's core.fsmonitor names.
// The commands' builds run no git: this build of a package whose index is
// a FIFO ends, with GOFLAGS asking for the stamp.
func TestBuildRunsNoGit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a native binary")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for name, src := range map[string]string{"go.mod": "module example.com/vcs\n\ngo 1.26\n", "main.go": "package main\n\nfunc main() {}\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command(git, "-C", dir, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	index := filepath.Join(dir, ".git", "index")
	_ = os.Remove(index)
	if err := syscall.Mkfifo(index, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "-buildvcs=auto")
	// A guard, not a measure: without -buildvcs=false the build waits on
	// the FIFO until this context ends it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var msg bytes.Buffer
	if err := Native(ctx, dir, ".", filepath.Join(t.TempDir(), "bin"), &msg); err != nil {
		t.Fatalf("a build in a repository whose index is a FIFO: %v\n%s", err, msg.Bytes())
	}
}
