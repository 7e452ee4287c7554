package main

import (
	"context"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/subako-ai/subako-go/internal/serve"
)

// TestServeWaitsForLoadAfterStdinEnded (attack pass 42k, row 1): a signal
// that comes after stdin ended, while the package is still loading (MCP's
// stdio shutdown: close stdin, wait, then SIGTERM), stops serve only once
// the load has returned, so the host is never closed under the load's
// probes. runServe returned at once there, its deferred Close closed the
// host, and the next probe's run panicked (exit 4 where a signal is 0).
// The load here returns only once serve said it stopped; the context is
// ended once serve said stdin ended while loading (no sleeps: each step
// waits for the one before).
func TestServeWaitsForLoadAfterStdinEnded(t *testing.T) {
	parent, signal := context.WithCancel(context.Background())
	defer signal()
	stopped := make(chan struct{})
	var stopOnce sync.Once
	stop := func() { stopOnce.Do(func() { close(stopped) }) }
	defer stop()
	var loadEnded atomic.Bool
	oldStdin, oldLoad, oldParent := serveStdin, serveLoad, serveParent
	defer func() { serveStdin, serveLoad, serveParent = oldStdin, oldLoad, oldParent }()
	serveStdin = strings.NewReader("") // stdin ends at once
	serveParent = func() context.Context { return parent }
	serveLoad = func(ctx context.Context, s *serve.Server, path string, watch bool, stderr io.Writer) loadResult {
		<-ctx.Done() // the probes end with ctx...
		<-stopped    // ...and take a while to
		loadEnded.Store(true)
		return loadResult{code: exitOK}
	}
	stderr := &lineTrigger{on: map[string]func(){
		"stdin ended while the package is loading": signal,
		"subakogo serve: stopped":                  stop,
	}}
	code := runServe([]string{"served.wasm"}, io.Discard, stderr)
	if !loadEnded.Load() {
		t.Errorf("serve returned, closing its host, while its load still ran")
	}
	if code != exitOK {
		t.Errorf("exit %d after a signal, want %d; stderr:\n%s", code, exitOK, stderr.text())
	}
}

// lineTrigger is a stderr that calls on[s] the first time a write holds s.
type lineTrigger struct {
	mu  sync.Mutex
	b   strings.Builder
	on  map[string]func()
	hit map[string]bool
}

func (w *lineTrigger) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.b.Write(p)
	var call []func()
	for s, f := range w.on {
		if !w.hit[s] && strings.Contains(string(p), s) {
			if w.hit == nil {
				w.hit = map[string]bool{}
			}
			w.hit[s] = true
			call = append(call, f)
		}
	}
	w.mu.Unlock()
	for _, f := range call {
		f()
	}
	return len(p), nil
}

func (w *lineTrigger) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestNonPositiveTimeoutRefused (attack pass 42k, a note beside its rows):
// call's and serve's --timeout of 0 or less is a usage error (exit 2), as
// --probe-time's is; the host read it as its default and the call had a
// minute, silently.
func TestNonPositiveTimeoutRefused(t *testing.T) {
	oldStdin := serveStdin
	defer func() { serveStdin = oldStdin }()
	serveStdin = strings.NewReader("")
	for _, args := range [][]string{
		{"call", "--timeout", "-1s", "none.wasm", "add"},
		{"call", "--timeout", "0s", "none.wasm", "add"},
		{"serve", "--timeout", "0s", "none.wasm"},
		{"serve", "--timeout=-5s", "none.wasm"},
	} {
		code, _, stderr := runCLI(args...)
		if code != exitUsage || !strings.Contains(stderr, "--timeout must be positive") {
			t.Errorf("%q: exit %d, want %d; stderr:\n%s", args, code, exitUsage, stderr)
		}
	}
}
