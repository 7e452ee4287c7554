package serve

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"sync"
	"testing"
	"time"
)

// gatedWriter is a stdout nobody reads: every Write waits for open.
type gatedWriter struct{ open chan struct{} }

func (g *gatedWriter) Write(p []byte) (int, error) { <-g.open; return len(p), nil }

// countingReader is stdin, counting what serve has read of it; past
// limit it closes over.
type countingReader struct {
	r     io.Reader
	mu    sync.Mutex
	n     int64
	limit int64
	over  chan struct{}
	once  sync.Once
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.mu.Lock()
	c.n += int64(n)
	past := c.n > c.limit
	c.mu.Unlock()
	if past {
		c.once.Do(func() { close(c.over) })
	}
	return n, err
}

// TestAttackRefusedListensUnbounded (attack pass 39c, README8.md row 18):
// over stdio a subscriptions/listen runs in a goroutine of its own and is
// charged to no budget (calls waiting for a place share 32 MiB of lines;
// listens nothing): the reader goes on to the next line at once. A listen
// refused (past the 16 open, or params over 32 KiB) is refused inside
// that goroutine, which then waits to write its error to stdout. A client
// that does not read its stdout makes every refused listen a goroutine
// that stays: serve reads without end, each line of about 280 bytes
// costing a goroutine's stack and its answer (docs/serve-limits.md: "16
// a connection"; a stdio client's waiting calls "share 32 MiB", and past
// it "serve reads no further line"). Here 20,000 listens with stdout
// unread: serve read all 5.5 MB and held 87 MiB more (20,003 goroutines).
func TestAttackRefusedListensUnbounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	const listens = 20000
	var lines []byte
	for i := range listens {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "subscriptions/listen",
			"params": map[string]any{"notifications": map[string]any{}, "_meta": meta()}})
		lines = append(append(lines, req...), '\n')
	}
	in, stdin := io.Pipe()
	cr := &countingReader{r: in, limit: int64(len(lines)) - 1, over: make(chan struct{})}
	out := &gatedWriter{open: make(chan struct{})}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(context.Background(), cr, out) }()
	go func() { _, _ = stdin.Write(lines) }()
	select {
	case <-cr.over:
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		held := int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)
		t.Logf("%d subscriptions/listen (%d bytes) with stdout unread: all read; %d goroutines; %d MiB more heap and stacks",
			listens, len(lines), runtime.NumGoroutine(), held>>20)
		if held > 16<<20 {
			t.Errorf("%d subscriptions/listen, %d open and the rest refused, with stdout unread: serve read all %d bytes and holds %d MiB more: the refused listens wait without bound",
				listens, maxListens, len(lines), held>>20)
		}
	case <-time.After(10 * time.Second):
		// serve stopped reading within its bounds (a guard, not a measure)
	}
	close(out.open)
	stdin.Close()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// TestAttackWaitingCallsChargedBytesOnly (attack pass 39c, README8.md row
// 19): stdio calls waiting for a place share 32 MiB, charged the bytes
// of their lines; but each waiting call is a goroutine with its context
// and its registration, some kilobytes, whatever its line. A client that
// does not read its stdout and sends short calls (about 260 bytes) gets
// 130,000 of them waiting under the 32 MiB: here 20,000 (5.2 MB of lines,
// a sixth of the budget) held 62 MiB more, so about 400 MiB at the
// budget. Once measured, the test cancels serve's context so that the
// waiting calls are not run.
func TestAttackWaitingCallsChargedBytesOnly(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	const calls = 20000
	var lines []byte
	for i := range calls {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "tools/call",
			"params": map[string]any{"name": "ok", "_meta": meta()}})
		lines = append(append(lines, req...), '\n')
	}
	in, stdin := io.Pipe()
	cr := &countingReader{r: in, limit: int64(len(lines)) - 1, over: make(chan struct{})}
	out := &gatedWriter{open: make(chan struct{})}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, cr, out) }()
	go func() { _, _ = stdin.Write(lines) }()
	select {
	case <-cr.over:
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		held := int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)
		t.Logf("%d tools/call (%d bytes) with stdout unread: all read; %d goroutines; %d MiB more heap and stacks",
			calls, len(lines), runtime.NumGoroutine(), held>>20)
		if held > 16<<20 {
			t.Errorf("%d tools/call of %d bytes in all, with stdout unread, wait for a place holding %d MiB: the 32 MiB of waiting lines are charged their bytes, not what waiting costs",
				calls, len(lines), held>>20)
		}
	case <-time.After(10 * time.Second):
		// serve stopped reading within its bounds (a guard, not a measure)
	}
	cancel() // the waiting calls give up their wait; none is run
	close(out.open)
	stdin.Close()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Error(err)
	}
}
