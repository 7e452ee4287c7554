package serve

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

// TestReusedIDCancelsListen (attack pass 43b, README's first low): a
// request id reused while a request of it runs (a subscriptions/listen,
// then any request with the same id: here a ping, answered with an error
// in 2026-07-28) shared one key of the connection's
// in-flight requests: the ping's end deleted it, so a
// notifications/cancelled for the id found nothing, and the listen stayed
// open, holding one of the connection's maxListens places, until the
// connection ended. Now each request is tracked apart, and cancelling the
// id ends every request of it.
func TestReusedIDCancelsListen(t *testing.T) {
	s, _ := unloadedServer(t, Options{})
	c := s.newConn("stdio", func([]byte) {})
	defer c.close()
	msg := func(v map[string]any) []byte {
		v["jsonrpc"] = "2.0"
		b, _ := json.Marshal(v)
		return b
	}
	listen, perr := parseMessage(msg(map[string]any{"id": 7, "method": "subscriptions/listen",
		"params": map[string]any{"notifications": map[string]any{"toolsListChanged": true}, "_meta": meta()}}))
	if perr != nil {
		t.Fatal(perr.Message)
	}
	release, perr := c.admitListen(listen)
	if perr != nil {
		t.Fatal(perr.Message)
	}
	run := c.start(context.Background(), listen) // registered now, as ServeStdio does
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		defer release()
		run()
	}()
	ping, _ := parseMessage(msg(map[string]any{"id": 7, "method": "ping", "params": map[string]any{"_meta": meta()}}))
	if a := c.handle(context.Background(), ping); a.line == nil {
		t.Fatal("the ping was not answered")
	}
	cancel, _ := parseMessage(msg(map[string]any{"method": "notifications/cancelled", "params": map[string]any{"requestId": 7}}))
	c.handle(context.Background(), cancel)
	select {
	case <-ended:
	case <-time.After(30 * time.Second): // only ends a test that would hang
		t.Fatal("the listen of id 7 is still open after notifications/cancelled for 7: a ping of the same id made it forgotten")
	}
	c.mu.Lock()
	open, inflight := c.openListens, len(c.inflight)
	c.mu.Unlock()
	if open != 0 || inflight != 0 {
		t.Errorf("after the cancel: %d listens open, %d ids in flight; want none", open, inflight)
	}
}
