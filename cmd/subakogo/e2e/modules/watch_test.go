package modules

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/cmd/subakogo/internal/clitest"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestServeWatchFirstList (issue 33): serve --watch answers the first
// tools/list while the probes still run, and an edit made right after that
// answer is seen: the client hears that the tool list changed, and the
// next list is the new module's. (The watch used to begin only once the
// probes ended, and took the edited files as its starting point.)
func TestServeWatchFirstList(t *testing.T) {
	t.Parallel()
	dir := subjects.Package(t, subjects.Go, subjects.Good)
	edge, err := os.ReadFile(subjects.Module(t, subjects.Go, subjects.EdgeGood))
	if err != nil {
		t.Fatal(err)
	}
	s := startServe(t, "serve", "--watch", dir)
	s.send(initialize)
	s.next(`"id":1`)
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	l := s.next(`"id":2`)
	if strings.Contains(l, `"tools":[]`) {
		// A loaded machine: the list waited ListWait and was answered
		// empty while the package was still read. The client is told when
		// the tools are known; that notice must not be taken for the edit's.
		s.next(`"method":"notifications/tools/list_changed"`)
		s.send(`{"jsonrpc":"2.0","id":"2b","method":"tools/list"}`)
		l = s.next(`"id":"2b"`)
	}
	if !strings.Contains(l, `"add"`) || strings.Contains(l, `"label"`) {
		t.Fatalf("the first list is not the package's own: %s", l)
	}
	if err := os.WriteFile(filepath.Join(dir, "module.wasm"), edge, 0o644); err != nil {
		t.Fatal(err)
	}
	s.next(`"method":"notifications/tools/list_changed"`)
	s.send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
	if l := s.next(`"id":3`); !strings.Contains(l, `"label"`) {
		t.Errorf("the list after the edit: %s", l)
	}
	if code := s.close(); code != exitOK {
		t.Errorf("exit %d; log:\n%s", code, s.log.String())
	}
}

// served is a subakogo serve process a test talks to over its stdio.
type served struct {
	t     *testing.T
	in    io.WriteCloser
	lines *bufio.Scanner
	log   *lockedBuffer
	done  chan int
}

// startServe starts subakogo with args; it is killed if it still runs
// after five minutes (a hang fails the test instead of the suite).
func startServe(t *testing.T, args ...string) *served {
	t.Helper()
	cmd := clitest.Command("", args...)
	s := &served{t: t, log: &lockedBuffer{}, done: make(chan int, 1)}
	cmd.Stderr = s.log
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	stop := context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() })
	go func() {
		_ = cmd.Wait()
		stop()
		cancel()
		s.done <- cmd.ProcessState.ExitCode()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	s.in, s.lines = in, bufio.NewScanner(out)
	s.lines.Buffer(nil, 1<<20)
	return s
}

func (s *served) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
}

// next reads lines up to the first one that contains want.
func (s *served) next(want string) string {
	s.t.Helper()
	for s.lines.Scan() {
		if strings.Contains(s.lines.Text(), want) {
			return s.lines.Text()
		}
	}
	s.t.Fatalf("no line with %q; log:\n%s", want, s.log.String())
	return ""
}

// close ends stdin and returns the exit code.
func (s *served) close() int {
	s.in.Close()
	return <-s.done
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
