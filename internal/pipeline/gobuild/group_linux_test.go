package gobuild

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/subako-ai/subako-go/internal/input"
)

// TestBuildInterrupted (attack pass 40m, row 1): the go commands the
// commands ran had no context, so a signal left a go build or go list
// blocked on a FIFO (or the compilers it started) running for ever. Go's
// commands now end with the context, their whole process group killed.
// Here go is a stand-in that starts a child, says both pids and waits,
// deaf to SIGINT and SIGTERM: cancelled, Wasm returns the cancellation's
// cause and neither process is left.
func TestBuildInterrupted(t *testing.T) {
	bin := t.TempDir()
	started := filepath.Join(bin, "started")
	if err := syscall.Mkfifo(started, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	script := "#!/bin/sh\ntrap '' INT TERM\nsleep 3600 &\necho $$ $! > " + started + "\nwait\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	done := make(chan error, 1)
	out := filepath.Join(t.TempDir(), "m.wasm")
	go func() { done <- Wasm(ctx, "../../../examples/hello", ".", out, io.Discard) }()
	f, err := os.Open(started) // the stand-in has started when it says so
	if err != nil {
		t.Fatal(err)
	}
	said, _ := io.ReadAll(f)
	f.Close()
	var pidfds []int
	for _, field := range strings.Fields(string(said)) {
		pid, err := strconv.Atoi(field)
		if err != nil {
			t.Fatalf("the stand-in said %q", said)
		}
		defer func() { _ = syscall.Kill(pid, syscall.SIGKILL) }() // whatever happens
		// A pidfd turns readable when its process ends, whose parent
		// it is or not (the stand-in's child is not this one's).
		fd, err := unix.PidfdOpen(pid, 0)
		if err != nil {
			t.Fatalf("pidfd of %d: %v", pid, err)
		}
		defer unix.Close(fd)
		pidfds = append(pidfds, fd)
	}
	stop := errors.New("interrupted by the test")
	cancel(stop)
	select {
	case err := <-done:
		if !errors.Is(err, stop) {
			t.Errorf("Wasm returned %v, want the cancellation's cause", err)
		}
	case <-time.After(60 * time.Second): // a guard against the hang, not a measure
		t.Fatal("Wasm still building 60 s after its context was cancelled")
	}
	for i, fd := range pidfds {
		// Killed, each ends at once; 10 s is a guard, not a measure.
		if n, err := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 10_000); n != 1 {
			t.Errorf("process %s of the go command's group outlived the cancelled build (poll: %d, %v)", strings.Fields(string(said))[i], n, err)
		}
	}
}

// TestBuildBackstop (attack pass 40q, backstop of rows 1 and 2): a go
// command blocked where input.GoSources cannot see (another module's
// directory, vendor/, a cgo header elsewhere, a file made special since)
// ran for ever when nobody sent a signal (CI, serve --watch's rebuild). It
// is killed with its process group at the go commands' wall-clock
// backstop (input.GoBackstop, set short here) and fails with a
// *input.GoStalledError, not judged. The stand-in go starts a child and
// waits, deaf to SIGINT and SIGTERM.
func TestBuildBackstop(t *testing.T) {
	bin := t.TempDir()
	pids := filepath.Join(bin, "pids")
	script := "#!/bin/sh\ntrap '' INT TERM\nsleep 3600 &\necho $$ $! > " + pids + ".tmp\nmv " + pids + ".tmp " + pids + "\nwait\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Cleanup(func() { // whatever happened: what the stand-in said it is
		said, _ := os.ReadFile(pids)
		for _, field := range strings.Fields(string(said)) {
			if pid, err := strconv.Atoi(field); err == nil {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	ctx := input.WithGoBackstop(context.Background(), 300*time.Millisecond)
	done := make(chan error, 1)
	out := filepath.Join(t.TempDir(), "m.wasm")
	go func() { done <- Wasm(ctx, "../../../examples/hello", ".", out, io.Discard) }()
	select {
	case err := <-done:
		var stalled *input.GoStalledError
		if !errors.As(err, &stalled) || !strings.Contains(err.Error(), "go build -trimpath -buildvcs=false -o") ||
			!strings.Contains(err.Error(), "this machine is too busy (or a go command is stuck), so it is not judged") {
			t.Errorf("Wasm returned %v, want a *input.GoStalledError naming the go command", err)
		}
	case <-time.After(60 * time.Second): // a guard against the hang, not a measure
		t.Fatal("Wasm still building 60 s after a backstop of 300 ms")
	}
	said, _ := os.ReadFile(pids)
	for _, field := range strings.Fields(string(said)) {
		pid, err := strconv.Atoi(field)
		if err != nil {
			t.Fatalf("the stand-in said %q", said)
		}
		// The stand-in is reaped by Wait; its child, in the killed group,
		// is reparented and reaped by init or is a zombie for a moment:
		// its pidfd turns readable when it ends.
		fd, err := unix.PidfdOpen(pid, 0)
		if err != nil {
			continue // gone already
		}
		if n, err := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 10_000); n != 1 {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d of the go command's group outlived the backstop (poll: %d, %v)", pid, n, err)
		}
		unix.Close(fd)
	}
}
