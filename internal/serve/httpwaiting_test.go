package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// eofBody signals once its body has been read to its end.
type eofBody struct {
	io.ReadCloser
	once sync.Once
	eof  chan<- struct{}
}

func (b *eofBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) {
		b.once.Do(func() { b.eof <- struct{}{} })
	}
	return n, err
}

// TestHTTPWaitingCallsBounded (attack pass 41d, row 3): over stdio the
// calls waiting for a place share 32 MiB of lines (TestWaitingLinesBounded);
// over HTTP a tools/call, once its body was read, waited for one of the
// --max-concurrent places holding its message, uncounted: with one call
// looping in the only place, 10 calls of 15 MiB arguments held 1,175 MiB
// (1,025 beyond the test client's own bodies). Calls waiting for a place
// now share a budget like stdio's (HTTP's own since attack pass 41j); an
// HTTP call past it is refused with -32603 and 503 at once. Measured as the attack
// did, once every call either waits or was answered.
func TestHTTPWaitingCallsBounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1, Timeout: time.Minute})
	running := make(chan struct{}, 1)
	s.slotTaken = func(int) {
		select {
		case running <- struct{}{}:
		default:
		}
	}
	settled := make(chan struct{}, 64) // a call waits for a place, or was answered
	s.httpWaits = func() { settled <- struct{}{} }
	eof := make(chan struct{}, 64)
	h := s.Handler(false)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = &eofBody{ReadCloser: r.Body, eof: eof}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var mu sync.Mutex
	var refusals []string
	call := func(tool string, args map[string]any) {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
			"params": map[string]any{"_meta": meta(), "name": tool, "arguments": args}})
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+EndpointPath, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", tool)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return // the test's end
			}
			answer, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			mu.Lock()
			refusals = append(refusals, resp.Status+" "+string(answer))
			mu.Unlock()
			settled <- struct{}{}
		}()
	}
	call("loop", map[string]any{})
	<-running
	<-eof
	<-settled // the loop's wait for its place, which it took
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	const calls, pad = 10, 15 << 20
	for range calls {
		call("ok", map[string]any{"pad": strings.Repeat("a", pad)})
	}
	for range calls {
		<-eof
		<-settled
	}
	held, refused := heldAndRefused(t, &before, &mu, &refusals)
	t.Logf("%d HTTP tools/call of %d MiB while the one place is held: %d wait, %d refused; the process holds %d MiB more (the test's own bodies of the waiting calls included)",
		calls, pad>>20, calls-refused, refused, held>>20)
	// What waits: the budget's messages, held by serve and by the test's
	// client, and some slack.
	if limit := int64(2*maxWaitingLines + waitingSlack); held > limit {
		t.Errorf("%d HTTP tools/call of %d MiB waiting for the one place hold %d MiB, over %d MiB: HTTP's waiting calls are not bounded as stdio's are", calls, pad>>20, held>>20, limit>>20)
	}
}

// TestHTTPWaitingListsBounded (fix of attack pass 41d, left by its fixer):
// a tools/list sent over HTTP while the package still builds waits for it
// (up to Options.ListWait, 30 s) holding its message, which nothing
// counted; over stdio the same list was charged to the waiting budget. It
// is charged to a budget like stdio's (HTTP's own): 10 lists of 15 MiB held
// 300 MiB; past the budget a list is refused with -32603 and 503.
func TestHTTPWaitingListsBounded(t *testing.T) {
	s, _ := unloadedServer(t, Options{Name: "pkg", ListWait: time.Hour})
	settled := make(chan struct{}, 64) // a list waits for the package, or was answered
	s.httpWaits = func() { settled <- struct{}{} }
	eof := make(chan struct{}, 64)
	h := s.Handler(false)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = &eofBody{ReadCloser: r.Body, eof: eof}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var mu sync.Mutex
	var refusals []string
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	const lists, pad = 10, 15 << 20
	for range lists {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list",
			"params": map[string]any{"_meta": meta(), "cursor": strings.Repeat("a", pad)}})
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+EndpointPath, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/list")
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return // the test's end
			}
			answer, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			mu.Lock()
			refusals = append(refusals, resp.Status+" "+string(answer))
			mu.Unlock()
			settled <- struct{}{}
		}()
	}
	for range lists {
		<-eof
		select {
		case <-settled:
		case <-time.After(2 * time.Minute): // a guard against the hang, not a measure
			t.Fatal("a tools/list neither waits within the waiting budget nor was refused: it waits for the package uncounted")
		}
	}
	held, refused := heldAndRefused(t, &before, &mu, &refusals)
	t.Logf("%d HTTP tools/list of %d MiB while the package loads: %d wait, %d refused; the process holds %d MiB more (the test's own bodies of the waiting lists included)",
		lists, pad>>20, lists-refused, refused, held>>20)
	if limit := int64(2*maxWaitingLines + waitingSlack); held > limit {
		t.Errorf("%d HTTP tools/list of %d MiB waiting for the package hold %d MiB, over %d MiB: HTTP's waiting lists are not bounded as stdio's are", lists, pad>>20, held>>20, limit>>20)
	}
}

// waitingSlack is what the process may hold beyond the waiting budget's
// messages (held by serve and by the test's client) in the waiting
// tests: 32 MiB was once passed by 6 MiB beside a second test run and
// eight busy loops; unbounded waits hold ten 15 MiB bodies on each side,
// 300 MiB.
const waitingSlack = 48 << 20

// heldAndRefused is what the process holds more than before, after a
// collection, and how many of the waiting requests were refused; each
// refusal must be 503 with -32603.
func heldAndRefused(t *testing.T, before *runtime.MemStats, mu *sync.Mutex, refusals *[]string) (held int64, refused int) {
	t.Helper()
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	mu.Lock()
	defer mu.Unlock()
	for _, r := range *refusals {
		if !strings.HasPrefix(r, "503 ") || !strings.Contains(r, `"code":-32603`) {
			t.Errorf("a waiting request answered %.300s, want a refusal with 503 and -32603", r)
		}
	}
	return int64(after.HeapAlloc) - int64(before.HeapAlloc), len(*refusals)
}
