package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestWatchKeepsOnlyTheServedBuild (attack pass 42n, row 1): serve --watch
// on a Go package builds every change into a new directory of its
// temporary build root; the one it replaced is removed once no call uses
// it (at once here: none runs), as a build lint refused is at once. Each
// save left a whole package (module.wasm, 2.4 MB for examples/hello, and
// a copy of its assets) until serve exited: after three rebuilds of an
// unchanged package, four builds where one is served.
func TestWatchKeepsOnlyTheServedBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go package for wasip1 four times")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// A copy of examples/hello inside the module (serve builds the
	// packages of the module it runs in), removed at the end.
	pkg := helloCopy(t, "fix42n-hello-")
	main := filepath.Join(pkg, "main.go")
	in, stdin := io.Pipe()
	old := serveStdin
	defer func() { serveStdin = old }()
	serveStdin = in
	var builds []string
	log := &countWriterFix42n{on: func(served int) {
		if served < 4 {
			// Same code, a comment more: a save in an editor.
			f, err := os.OpenFile(main, os.O_APPEND|os.O_WRONLY, 0)
			if err == nil {
				_, err = f.WriteString("\n// saved\n")
				f.Close()
			}
			if err != nil {
				t.Error(err)
				stdin.Close()
			}
			return
		}
		builds, _ = filepath.Glob(filepath.Join(tmp, "subako-serve-build-*", "build-*"))
		stdin.Close()
	}}
	code := runServe([]string{"--watch", "--probes", "none", "./" + filepath.ToSlash(pkg)}, io.Discard, log)
	if code != exitOK {
		t.Fatalf("exit %d; stderr:\n%s", code, log.text())
	}
	if len(builds) != 1 {
		t.Errorf("after 3 rebuilds, %d package builds are kept in the temporary directory, where one is served:\n%s\nstderr:\n%s",
			len(builds), strings.Join(builds, "\n"), log.text())
	}
}

// countWriterFix42n calls on with the number of "serving " lines so far each
// time serve logs one.
type countWriterFix42n struct {
	mu     sync.Mutex
	b      strings.Builder
	served int
	on     func(served int)
}

func (w *countWriterFix42n) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.b.Write(p)
	n := strings.Count(string(p), "] serving ") + strings.Count(string(p), " serving ")
	if n > 0 {
		w.served++
	}
	served := w.served
	w.mu.Unlock()
	if n > 0 {
		w.on(served)
	}
	return len(p), nil
}

func (w *countWriterFix42n) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
