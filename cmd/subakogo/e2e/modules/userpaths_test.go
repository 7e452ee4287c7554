//go:build linux || darwin || freebsd || netbsd || openbsd

package modules

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/cmd/subakogo/internal/clitest"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestUserPathsRefused: every path a person gives subakogo is read
// through internal/input, so a FIFO (which would block the reader until a
// writer comes), a device (/dev/zero streams forever) and a dangling
// symbolic link (lint --save-cases and call --profile would create its
// target) are refused
// with exit 3 and a message naming the path, as an oversized file is. The
// binary runs under a deadline only as a backstop against a hang; what is
// asserted is the exit code.
func TestUserPathsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	module := filepath.Join(dir, "m.wasm")
	if err := os.WriteFile(module, wasmbuild.Encode(wasmbuild.Command()), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "args.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "cases.json")
	if err := os.Symlink(filepath.Join(dir, "nowhere", "created.json"), dangling); err != nil {
		t.Fatal(err)
	}
	large := filepath.Join(dir, "large.json")
	if err := os.WriteFile(large, append([]byte(`{"x":"`), bytes.Repeat([]byte("x"), 20<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"call @FIFO", []string{"call", module, "run", "@" + fifo}, "a FIFO"},
		{"call @/dev/zero", []string{"call", module, "run", "@/dev/zero"}, "a device"},
		{"call @large", []string{"call", module, "run", "@" + large}, "larger than"},
		{"call --http-fixture FIFO", []string{"call", "--http-fixture", fifo, module, "run"}, "a FIFO"},
		{"call --http-fixture /dev/zero", []string{"call", "--http-fixture", "/dev/zero", module, "run"}, "a device"},
		{"serve --http-fixture FIFO", []string{"serve", "--http-fixture", fifo, module}, "a FIFO"},
		{"lint --save-cases FIFO", []string{"lint", "--save-cases", fifo, module}, "a FIFO"},
		{"lint --save-cases /dev/zero", []string{"lint", "--save-cases", "/dev/zero", module}, "a device"},
		{"lint --save-cases dangling link", []string{"lint", "--save-cases", dangling, module}, "a symbolic link"},
		{"call --profile FIFO", []string{"call", "--profile", fifo, module, "run"}, "a FIFO"},
		{"call --profile /dev/full", []string{"call", "--profile", "/dev/full", module, "run"}, "a device"},
		{"call --profile dangling link", []string{"call", "--profile", dangling, module, "run"}, "a symbolic link"},
	} {
		code, stderr := runBounded(t, c.args...)
		if code != exitUnreadable || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, want %d, saying %q; stderr %q", c.name, code, exitUnreadable, c.want, stderr)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lint --save-cases or call --profile created the dangling link's target: %v", err)
	}
}

// runBounded runs subakogo with args, killed if it is still running after
// two minutes (a hang fails the test instead of stopping the suite).
func runBounded(t *testing.T, args ...string) (code int, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := clitest.Command("", args...)
	var e bytes.Buffer
	cmd.Stderr = &e
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() })
	defer stop()
	err := cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running at the deadline", args)
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), e.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, e.String()
}
