package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// gatedWriter is a stdout nobody reads: a Write waits for open, and
// blocked hears each Write that starts waiting. With blockOn set, only a
// write that contains it waits; the others pass.
type gatedWriter struct {
	open    chan struct{}
	blocked chan struct{}
	blockOn []byte
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	if g.blockOn != nil && !bytes.Contains(p, g.blockOn) {
		return len(p), nil
	}
	g.blocked <- struct{}{}
	<-g.open
	return len(p), nil
}

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

// newCountingPipe is stdin for lines: a countingReader whose over closes
// once serve has read them all, and the pipe's end to write them to.
func newCountingPipe(lines []byte) (*countingReader, *io.PipeWriter) {
	in, stdin := io.Pipe()
	return &countingReader{r: in, limit: int64(len(lines)) - 1, over: make(chan struct{})}, stdin
}

// readerWaits hears when s's stdio reader first stops for the waiting
// lines' budget.
func readerWaits(s *Server) <-chan struct{} {
	waits := make(chan struct{}, 1)
	s.readerWaits = func() {
		select {
		case waits <- struct{}{}:
		default:
		}
	}
	return waits
}

// serveLines serves s over stdio from cr to out, writing lines into
// stdin beside it; done hears ServeStdio's end.
func serveLines(ctx context.Context, s *Server, cr *countingReader, out io.Writer, stdin *io.PipeWriter, lines []byte) <-chan error {
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, cr, out) }()
	go func() { _, _ = stdin.Write(lines) }()
	return done
}

// requestLines is n JSON-RPC requests of method with params, ids 0 to
// n-1, a line each.
func requestLines(n int, method string, params map[string]any) []byte {
	var lines []byte
	for i := range n {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": method, "params": params})
		lines = append(append(lines, req...), '\n')
	}
	return lines
}

// TestRefusedListensHoldNothing (attack pass 39c, row 18): over stdio a
// subscriptions/listen ran in a goroutine of its own, charged to no
// budget, and was refused there (past the 16 open, or params over 32
// KiB), then waited to write its error: with stdout unread, serve read
// 20,000 listens (5.5 MB) and held 87 MiB in 20,003 goroutines. A listen
// is now admitted or refused by the reader, which writes the refusal
// itself: while the first refusal waits on stdout, serve has read no
// further than its buffer.
func TestRefusedListensHoldNothing(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	const listens = 5000
	lines := requestLines(listens, "subscriptions/listen", map[string]any{"notifications": map[string]any{}, "_meta": meta()})
	cr, stdin := newCountingPipe(lines)
	// The refusal of the 17th listen is the reader's own write: held, it
	// holds the reader.
	out := &gatedWriter{open: make(chan struct{}), blocked: make(chan struct{}), blockOn: []byte("too many open subscriptions")}
	done := serveLines(context.Background(), s, cr, out, stdin, lines)
	select {
	case <-out.blocked:
	case <-cr.over:
		t.Fatalf("serve read all %d listens (%d bytes) before its first refusal was written", listens, len(lines))
	}
	cr.mu.Lock()
	read := cr.n
	cr.mu.Unlock()
	if read > 512<<10 {
		t.Errorf("with stdout unread and every writer waiting, serve had read %d bytes of listens", read)
	}
	close(out.open)
	go func() {
		for range out.blocked {
		}
	}()
	stdin.Close()
	if err := <-done; err != nil {
		t.Error(err)
	}
	close(out.blocked)
}

// TestWaitingCallsChargedAtLeast (attack pass 39c, row 19): calls waiting
// for a place were charged their lines' bytes alone, but each is a
// goroutine, a context and a registration: 20,000 calls of 260 bytes
// (5.2 MB, a sixth of the budget) held 62 MiB. Each is now charged at
// least minWaitingCharge, so the reader stops once 512 wait.
func TestWaitingCallsChargedAtLeast(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	const calls = 20000
	lines := requestLines(calls, "tools/call", map[string]any{"name": "ok", "_meta": meta()})
	waits := readerWaits(s)
	cr, stdin := newCountingPipe(lines)
	out := &gatedWriter{open: make(chan struct{}), blocked: make(chan struct{}, calls)}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := serveLines(ctx, s, cr, out, stdin, lines)
	select {
	case <-waits:
	case <-cr.over:
		t.Fatalf("serve read all %d calls (%d bytes) with stdout unread", calls, len(lines))
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)
	t.Logf("the reader waits with %d goroutines, %d MiB more heap and stacks", runtime.NumGoroutine(), held>>20)
	if held > 16<<20 {
		t.Errorf("calls waiting for a place hold %d MiB", held>>20)
	}
	cancel() // the waiting calls give up their wait; none is run
	close(out.open)
	stdin.Close()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Error(err)
	}
}

// TestWaitingLinesBounded (attack pass 39: 100 waiting calls of 4 MiB held
// 842 MB): the lines of calls waiting for a place are charged their bytes,
// so with stdout unread the reader stops once maxWaitingLines of them
// wait, long before it has read 20 calls of 4 MiB.
func TestWaitingLinesBounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	const calls = 20
	big := strings.Repeat("x", 4<<20)
	lines := requestLines(calls, "tools/call", map[string]any{"name": "ok", "arguments": map[string]any{"pad": big}, "_meta": meta()})
	waits := readerWaits(s)
	cr, stdin := newCountingPipe(lines)
	out := &gatedWriter{open: make(chan struct{}), blocked: make(chan struct{}, calls)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := serveLines(ctx, s, cr, out, stdin, lines)
	select {
	case <-waits:
	case <-cr.over:
		t.Fatalf("serve read all %d calls (%d MiB) with stdout unread", calls, len(lines)>>20)
	}
	cr.mu.Lock()
	read := cr.n
	cr.mu.Unlock()
	if read > maxWaitingLines+2*maxMessage {
		t.Errorf("the reader waits having read %d MiB", read>>20)
	}
	cancel()
	close(out.open)
	stdin.Close()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Error(err)
	}
}
