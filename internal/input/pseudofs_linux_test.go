//go:build linux

package input

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPseudoFileRefused (attack pass 42b, row 1): a file of procfs or
// sysfs says it is a regular file of size 0, yet reading it yields what
// the kernel makes: /proc/self/pagemap streamed gigabytes (`subakogo lint
// --static /proc/self/pagemap`: 3.8 s, 3.1 GB peak, exit 3) and /proc/kmsg
// blocked until the kernel logged, taking its log as it read (`subakogo
// size /proc/kmsg`, as root: hung past SIGTERM). Every reader refuses a
// file of a pseudo file system before it reads it, naming the file system.
func TestPseudoFileRefused(t *testing.T) {
	paths := []string{"/proc/self/pagemap", "/proc/self/status"}
	for _, p := range []string{"/sys/kernel/mm/transparent_hugepage/enabled", "/sys/power/state", "/sys/kernel/uevent_seqnum"} {
		if _, err := os.Lstat(p); err == nil {
			paths = append(paths, p)
			break
		}
	}
	if _, err := os.Lstat(paths[0]); err != nil {
		t.Skip("no /proc here:", err)
	}
	readers := map[string]func(string) (*File, error){
		"Read":    func(p string) (*File, error) { return Read(p, 1<<20) },
		"Map":     func(p string) (*File, error) { return Map(p, MaxModule) },
		"Arg":     func(p string) (*File, error) { return Arg(context.Background(), p, MaxModule) },
		"ReadArg": func(p string) (*File, error) { return ReadArg(context.Background(), p, 1<<20) },
	}
	for _, p := range paths {
		for name, read := range readers {
			f, err := read(p)
			if err == nil {
				f.Release()
				t.Errorf("%s(%s): read as a regular file of %d bytes; want it refused", name, p, len(f.Data))
				continue
			}
			var nr *NotRegularError
			if !errors.As(err, &nr) || nr.FS == "" || !strings.Contains(err.Error(), p+": a file of "+nr.FS) {
				t.Errorf("%s(%s): %v (%T); want a NotRegularError naming the file and its pseudo file system", name, p, err, err)
			}
		}
	}
}

// TestArgEndsWithItsContext (attack pass 42b, row 1): a read blocked on
// standard input (a pipe whose writer never writes nor closes, or a
// procfs file such as /proc/kmsg) kept the command from ever returning,
// so SIGTERM, which cancels the command's context, ended nothing: the
// read ends with the context, with its cause. The context is cancelled
// once the read is seen blocked in the kernel (a thread of this process
// waiting in pipe_read).
func TestArgEndsWithItsContext(t *testing.T) {
	if _, err := os.ReadFile("/proc/self/wchan"); err != nil {
		t.Skip("no /proc/PID/wchan here:", err)
	}
	saved := os.Stdin
	defer func() { os.Stdin = saved }()
	for _, read := range []struct {
		name string
		f    func(context.Context) (*File, error)
	}{
		{"Arg", func(ctx context.Context) (*File, error) { return Arg(ctx, "-", MaxModule) }},
		{"ReadArg", func(ctx context.Context) (*File, error) { return ReadArg(ctx, "-", 1<<20) }},
	} {
		var fds [2]int
		if err := syscall.Pipe(fds[:]); err != nil { // blocking, as a shell's pipe is
			t.Fatal(err)
		}
		r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
		os.Stdin = r
		ctx, cancel := context.WithCancelCause(context.Background())
		cause := errors.New("interrupted by a test")
		done := make(chan error, 1)
		go func() {
			f, err := read.f(ctx)
			if f != nil {
				f.Release()
			}
			done <- err
		}()
		// The condition, not a time: the deadline only ends a test that
		// would otherwise hang.
		for deadline := time.Now().Add(time.Minute); !blockedInPipeRead(t); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no thread of this process ever blocked reading the pipe", read.name)
			}
		}
		cancel(cause)
		select {
		case err := <-done:
			if !errors.Is(err, cause) || !strings.HasPrefix(err.Error(), "<stdin>: ") {
				t.Errorf("%s of a blocked pipe, its context cancelled: %v; want <stdin>: and the cancellation's cause", read.name, err)
			}
		case <-time.After(time.Minute): // a guard against the hang, not a measure
			t.Fatalf("%s of a blocked pipe did not return when its context ended", read.name)
		}
		// The read left behind ends (and lets go of what it read) when
		// the writer closes: then none is blocked for the next case.
		w.Close()
		for deadline := time.Now().Add(time.Minute); blockedInPipeRead(t); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the read left behind did not end when its pipe's writer closed", read.name)
			}
		}
		r.Close()
	}
}

// blockedInPipeRead says whether a thread of this process waits in the
// kernel for a pipe's data.
func blockedInPipeRead(t *testing.T) bool {
	tasks, err := filepath.Glob("/proc/self/task/*/wchan")
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		if b, err := os.ReadFile(task); err == nil && strings.Contains(string(b), "pipe_read") {
			return true
		}
	}
	return false
}
