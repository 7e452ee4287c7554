package serve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestCancelByEqualIntegerID (attack pass 45i, row 4): an id is an
// integer by its value (1e2 is 100), but requests in flight were found by
// the id's text, so a notifications/cancelled naming 100, as a client
// holding the id as a number writes it back, did not cancel the call sent
// as 1e2: it ran on and was answered. Now it is cancelled, and the id is
// still answered as written (TestIntegerRequestIDsAccepted).
func TestCancelByEqualIntegerID(t *testing.T) {
	s, log := newServer(t, hostile(t), Options{Timeout: 20 * time.Second}) // the timeout only ends the call the old code left running
	started := make(chan struct{}, 1)
	s.slotTaken = func(int) {
		select {
		case started <- struct{}{}:
		default:
		}
	}
	c := startClient(t, s, true)
	c.write(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage("1e2"), "method": "tools/call",
		"params": map[string]any{"name": "loop", "_meta": meta()}})
	<-started // the call has its instance: it runs
	c.write(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": 100, "reason": "test"}})
	if ok, _ := c.call("ok", nil); ok.text() != "fine" {
		t.Errorf("after a cancel: %+v", ok)
	}
	c.close() // ServeStdio returns once the calls in flight have ended
	for line, ok := c.next(time.Second); ok; line, ok = c.next(time.Second) {
		t.Errorf("an answer after the call sent as 1e2 was cancelled as 100: %s", line)
	}
	if !strings.Contains(log.String(), "request 100 cancelled by the client test") {
		t.Errorf("the call sent as 1e2 was not cancelled by requestId 100; log:\n%s", log)
	}
}

// TestCancelListenByEqualID: a subscriptions/listen, which stays open
// until cancelled, ends when cancelled by its id in another spelling of
// the same value, integer or string.
func TestCancelListenByEqualID(t *testing.T) {
	for _, tc := range []struct{ sent, cancelled string }{
		{`1e2`, `100`},
		{`100.0`, `1E+2`},
		{`-7`, `-0.7e1`},
		{`"a"`, `"\u0061"`},
	} {
		metaJSON, _ := json.Marshal(meta())
		s, _ := unloadedServer(t, Options{})
		c := s.newConn("stdio", func([]byte) {})
		listen, perr := parseMessage([]byte(`{"jsonrpc":"2.0","id":` + tc.sent + `,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":` + string(metaJSON) + `}}`))
		if perr != nil {
			t.Fatal(perr.Message)
		}
		release, perr := c.admitListen(listen)
		if perr != nil {
			t.Fatal(perr.Message)
		}
		run := c.start(context.Background(), listen) // registered now, as ServeStdio does
		ended := make(chan answer, 1)
		go func() {
			defer release()
			ended <- run()
		}()
		cancel, perr := parseMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + tc.cancelled + `}}`))
		if perr != nil {
			t.Fatal(perr.Message)
		}
		c.handle(context.Background(), cancel)
		select {
		case a := <-ended:
			if a.line != nil {
				t.Errorf("listen %s cancelled as %s: answered %s", tc.sent, tc.cancelled, a.line)
			}
		case <-time.After(30 * time.Second): // only ends a test that would hang
			t.Errorf("the listen of id %s is still open after notifications/cancelled for %s", tc.sent, tc.cancelled)
		}
		c.close()
	}
}

// TestIDKeyByValue: ids equal as JSON values (integers by their value,
// strings by theirs) share a key; a string and an integer do not.
func TestIDKeyByValue(t *testing.T) {
	for _, same := range [][]string{
		{`100`, `1e2`, `1E+2`, `100.0`, `10000e-2`, `0.1e3`},
		{`0`, `-0`, `0.0`, `0e5`},
		{`-100`, `-1e2`},
		{`18446744073709552000`, `1.8446744073709552e19`},
		{`"a"`, `"\u0061"`},
	} {
		for _, id := range same[1:] {
			if idKey(json.RawMessage(id)) != idKey(json.RawMessage(same[0])) {
				t.Errorf("ids %s and %s: keys %q and %q", same[0], id, idKey(json.RawMessage(same[0])), idKey(json.RawMessage(id)))
			}
		}
	}
	for _, pair := range [][2]string{{`100`, `"100"`}, {`100`, `-100`}, {`100`, `1000`}, {`1`, `10`}, {`"s1"`, `"i1"`}} {
		if idKey(json.RawMessage(pair[0])) == idKey(json.RawMessage(pair[1])) {
			t.Errorf("ids %s and %s share key %q", pair[0], pair[1], idKey(json.RawMessage(pair[0])))
		}
	}
}

// TestListChangedNamesListenAsWritten: the notifications/tools/list_changed
// of an open subscriptions/listen names the subscription by its id exactly
// as the client wrote it (1e2, "l1"), though listens are kept by the id's
// value (idKey): named by the key, the notification carried "i100" or
// "sl1", not JSON, and no client heard the list change (CI of stop 45,
// TestWatch).
func TestListChangedNamesListenAsWritten(t *testing.T) {
	for _, id := range []string{`1e2`, `"l1"`} {
		s, _ := unloadedServer(t, Options{ListWait: time.Millisecond}) // being built: the list will change
		c := startClient(t, s, true)
		line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "subscriptions/listen",
			"params": map[string]any{"_meta": meta(), "notifications": map[string]any{"toolsListChanged": true}}})
		c.writeRaw(`{"id":` + id + `,` + string(line[1:]))
		if ack := c.notified("notifications/subscriptions/acknowledged"); !strings.Contains(string(ack), `"toolsListChanged":true`) {
			t.Fatalf("listen %s: %s", id, ack)
		}
		c.ask("tools/list", nil) // answered "ask again": the list is pending
		p, err := s.Load(t.Context(), hello(t))
		if err != nil {
			t.Fatal(err)
		}
		s.Use(p)
		want := `{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":` + id + `}}}`
		if n := c.notified("notifications/tools/list_changed"); string(n) != want {
			t.Errorf("listen %s: %s, want %s", id, n, want)
		}
	}
}
