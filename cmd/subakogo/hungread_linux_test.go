//go:build linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestSignalEndsHungFileRead (attack pass 42g, row 1):
// pass 42b made a read of a path the person named (Arg, ReadArg) end with
// the command's context, so SIGTERM ends a command blocked on it. The
// other readers still block without it: a package directory's
// subako-package.json and module.wasm (pkgcheck's readPackageFile,
// input.Read), --http-fixture (subakohttp.LoadFixture, ReadArg with
// context.Background()) and testdata/calls.json (callcheck.Check,
// input.Read). A read of a regular file blocks while its file system does
// not answer (a hard NFS mount whose server went away, a FUSE file system
// that hangs, an on-access scanner): here a fanotify permission listener
// that never answers stands for it (root only). SIGTERM cancelled the
// context, but the command waited for the read: it was still running long
// after the signal, and ended (143) only when the file system answered,
// for ever if it never did. Now the command is ended cli.InterruptGrace
// (10 s) after the signal, 143, whatever it still waits for; when the
// kernel gave the signal to the very thread the read holds, its handler
// never runs, and the supervisor kills the command supervise.KillGrace
// (15 s) after it (CI of stop 44). The control,
// `call M t @args.json` (ReadArg with the command's context), ends at
// once.
func TestSignalEndsHungFileRead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo")
	}
	bin := subakogoBinary(t)
	wasm, err := os.ReadFile(filepath.Join("..", "..", "testdata", "toolchain", "c-http.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		blocked string // the file whose read never returns
		args    func(dir string) []string
	}{
		{"control call @args", "args.json", func(d string) []string {
			return []string{"call", filepath.Join(d, "pkg", "module.wasm"), "fetch", "@" + filepath.Join(d, "args.json")}
		}},
		{"lint package manifest", "pkg/subako-package.json", func(d string) []string {
			return []string{"lint", "--static", filepath.Join(d, "pkg")}
		}},
		{"lint package module", "pkg/module.wasm", func(d string) []string {
			return []string{"lint", "--static", filepath.Join(d, "pkg")}
		}},
		{"call --http-fixture", "fixture.json", func(d string) []string {
			return []string{"call", "--http-fixture", filepath.Join(d, "fixture.json"), filepath.Join(d, "pkg", "module.wasm"), "fetch", "{}"}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := t.TempDir()
			if err := os.Mkdir(filepath.Join(d, "pkg"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, data := range map[string][]byte{
				"pkg/module.wasm": wasm, "pkg/subako-package.json": []byte("{}"),
				"args.json": []byte("{}"), "fixture.json": []byte("{}"),
			} {
				if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			stop := hangReads(t, filepath.Join(d, c.blocked))
			defer stop()
			args := c.args(d)
			cmd := exec.Command(bin, args...)
			cmd.Dir = d
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			out, err := os.Create(filepath.Join(d, "out"))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			cmd.Stdout, cmd.Stderr = out, out // a file: Wait waits for no pipe
			stderr := outputFile(out.Name())
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			for deadline := time.Now().Add(2 * time.Minute); !groupBlocked(cmd.Process.Pid); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					t.Fatalf("subakogo %s never blocked reading %s; output: %s", strings.Join(args, " "), c.blocked, stderr.String())
				}
			}
			if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			select {
			case err = <-exited:
			case <-time.After(30 * time.Second): // a guard against the hang, not a measure
				stop() // the file system answers: the read returns
				select {
				case err = <-exited:
				case <-time.After(30 * time.Second):
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					err = <-exited
				}
				t.Errorf("subakogo %s, blocked reading %s, still running 30 s after SIGTERM; ended (%v) only once the read returned or SIGKILL; output:\n%s", strings.Join(args, " "), c.blocked, err, stderr.String())
				return
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 143 {
				t.Errorf("subakogo %s interrupted by SIGTERM while blocked reading: %v; want exit 143; output:\n%s", strings.Join(args, " "), err, stderr.String())
			}
		})
	}
}

// hangReads makes every read(2) of path (and its open) wait for an
// answer of a fanotify listener that never gives one, as a file system
// that stopped answering; stop answers them all (closing the listener,
// which no command started inherits: a copy of it held open had kept the
// reads waiting after stop).
func hangReads(t *testing.T, path string) (stop func()) {
	t.Helper()
	fd, err := unix.FanotifyInit(unix.FAN_CLASS_CONTENT|unix.FAN_CLOEXEC, unix.O_RDONLY)
	if err != nil {
		t.Skip("no fanotify permission events here (root only):", err)
	}
	if err := unix.FanotifyMark(fd, unix.FAN_MARK_ADD, unix.FAN_ACCESS_PERM|unix.FAN_OPEN_PERM, unix.AT_FDCWD, path); err != nil {
		unix.Close(fd)
		t.Skip("fanotify_mark:", err)
	}
	closed := false
	return func() {
		if !closed {
			closed = true
			unix.Close(fd)
		}
	}
}

// groupBlocked: a process of the group pid leads waits on a fanotify
// permission answer.
func groupBlocked(pid int) bool {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, st := range stats {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 || f[2] != strconv.Itoa(pid) {
			continue
		}
		tasks, _ := filepath.Glob(filepath.Join(filepath.Dir(st), "task", "*", "wchan"))
		for _, task := range tasks {
			if w, err := os.ReadFile(task); err == nil && strings.Contains(string(w), "fanotify") {
				return true
			}
		}
	}
	return false
}

type outputFile string

func (o outputFile) String() string { b, _ := os.ReadFile(string(o)); return string(b) }
