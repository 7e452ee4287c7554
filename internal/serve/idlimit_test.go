package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

// TestListenIDsBounded (attack pass 41d, row 1): admitListen bounded a
// subscription's params to 32 KiB but not its request id, which a listen
// holds while open (the message's ID, the inflight key, the listens key)
// and echoes in its acknowledgement: 16 stdio listens with ids of 15 MiB
// held 750 MiB until stdin ended. Every request id serve keeps is now
// bounded (maxIDBytes), a longer one refused with -32600 before anything
// holds it. Measured as the attack did: what serve holds once the ping
// after the listens is answered.
func TestListenIDsBounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	s.SetWatching(true) // toolsListChanged is acknowledged and registered
	const listens, idLen = 16, 15 << 20
	in, stdin := io.Pipe()
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(context.Background(), in, stdout) }()
	pinged := make(chan struct{})
	go func() {
		r := bufio.NewReaderSize(out, 1<<20)
		for {
			line, err := r.ReadSlice('\n')
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
				line = nil
			}
			if strings.Contains(string(line), `"id":"ping"`) {
				close(pinged)
			}
			if err != nil {
				return
			}
		}
	}()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	go func() {
		for i := range listens {
			id := strings.Repeat(string(rune('a'+i)), idLen)
			req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "subscriptions/listen",
				"params": map[string]any{"notifications": map[string]any{"toolsListChanged": true}, "_meta": meta()}})
			if _, err := stdin.Write(append(req, '\n')); err != nil {
				return
			}
		}
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "ping", "method": "ping", "params": map[string]any{"_meta": meta()}})
		_, _ = stdin.Write(append(req, '\n'))
	}()
	<-pinged
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	_ = stdin.Close()
	if err := <-done; err != nil {
		t.Error(err)
	}
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d listens with ids of %d MiB: serve holds %d MiB more once the ping after them is answered", listens, idLen>>20, held>>20)
	if held > 16<<20 {
		t.Errorf("%d open subscriptions/listen with %d MiB ids hold %d MiB: a subscription's id is not bounded", listens, idLen>>20, held>>20)
	}
}

// httpListen41d POSTs a subscriptions/listen with id over HTTP. When it is
// acknowledged (200) the stream is left open until the test ends and ok is
// true; otherwise the answer is read and its status returned.
func httpListen41d(t *testing.T, url string, id any) (status int, answer []byte, ok bool) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "subscriptions/listen",
		"params": map[string]any{"_meta": meta(), "notifications": map[string]any{"toolsListChanged": true}}})
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "subscriptions/listen")
	resp, err := http.DefaultClient.Do(req) //nolint:bodyclose // an open stream is closed at the test's end
	if err != nil {
		t.Fatal(err)
	}
	body := resp.Body
	resp.Request, req.GetBody = nil, nil // the client keeps none of its id
	if resp.StatusCode != http.StatusOK {
		defer body.Close()
		answer, _ = io.ReadAll(body)
		return resp.StatusCode, answer, false
	}
	t.Cleanup(func() { body.Close() })
	acked := make(chan struct{})
	go func() {
		r := bufio.NewReaderSize(body, 64<<10)
		once := false
		for {
			line, err := r.ReadSlice('\n')
			if err == nil && len(line) == 1 && !once {
				once = true
				close(acked) // the blank line that ends the acknowledgement
			}
			if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
				return
			}
		}
	}()
	<-acked
	return resp.StatusCode, nil, true
}

// TestHTTPListenIDsBounded (attack pass 41d, row 2): over HTTP every
// subscription is a connection of its own, so nothing added them up, and
// each held its id: 12 listens with 15 MiB ids held 751 MiB in process;
// end to end 16 took serve to 1,260 MB of RSS. The ids are refused now
// (maxIDBytes); what serve holds while the 12 streams are attempted is
// measured as the attack did.
func TestHTTPListenIDsBounded(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	s.SetWatching(true)
	c := startHTTP(t, s)
	const listens, idLen = 12, 15 << 20
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range listens {
		status, answer, _ := httpListen41d(t, c.url, strings.Repeat(string(rune('a'+i)), idLen))
		if status != http.StatusOK && !bytes.Contains(answer, []byte(`"code":-32600`)) {
			t.Errorf("listen %d refused with %d but not -32600: %.300s", i, status, answer)
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d HTTP listens with ids of %d MiB: serve holds %d MiB more", listens, idLen>>20, held>>20)
	if held > 16<<20 {
		t.Errorf("%d HTTP subscriptions/listen with %d MiB ids hold %d MiB: a subscription's id is not bounded", listens, idLen>>20, held>>20)
	}
}

// TestHTTPListensCappedPerServer (attack pass 41d, row 2): the 16
// subscriptions a connection may hold never added up over HTTP, where each
// POST is a connection of its own: --http-max-conns (256) of them could
// be open. The server as a whole now holds at most 64; past it a listen is
// refused with -32600 and 429 before anything runs for it.
func TestHTTPListensCappedPerServer(t *testing.T) {
	s, _ := newServer(t, hostile(t), Options{MaxConcurrent: 1})
	s.SetWatching(true)
	c := startHTTP(t, s)
	open := 0
	for i := range maxServerListens + 8 {
		status, answer, ok := httpListen41d(t, c.url, i)
		if ok {
			open++
			continue
		}
		if status != http.StatusTooManyRequests || !bytes.Contains(answer, []byte(`"code":-32600`)) {
			t.Fatalf("listen %d: %d %s", i, status, answer)
		}
	}
	if open != maxServerListens {
		t.Errorf("%d HTTP subscriptions open at once, want the server's %d", open, maxServerListens)
	}
}

// TestRequestIDBounded: an id of maxIDBytes of JSON is kept; one byte more
// is refused with -32600 before anything keeps it, and an integer id is
// never that long (attack pass 41d, rows 1 and 2).
func TestRequestIDBounded(t *testing.T) {
	msg := func(id string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list","params":{}}`)
	}
	at := `"` + strings.Repeat("x", maxIDBytes-2) + `"`
	if _, perr := parseMessage(msg(at)); perr != nil {
		t.Errorf("an id of %d bytes: %s", len(at), perr.Message)
	}
	if _, perr := parseMessage(msg("-9223372036854775808")); perr != nil {
		t.Errorf("the least int64 as an id: %s", perr.Message)
	}
	over := `"` + strings.Repeat("x", maxIDBytes-1) + `"`
	_, perr := parseMessage(msg(over))
	if perr == nil || perr.Code != abi.CodeInvalidRequest || perr.status != http.StatusBadRequest {
		t.Fatalf("an id of %d bytes: %v, want -32600 and 400", len(over), perr)
	}
	if len(perr.Message) > 200 {
		t.Errorf("the refusal quotes the id: %d bytes", len(perr.Message))
	}
}
