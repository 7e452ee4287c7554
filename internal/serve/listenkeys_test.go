package serve

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRelistenAfterCancelHearsListChanged: a client cancels its
// subscriptions/listen of id 1 and opens a new one with the same id (or
// 1.0, the same by value) while the first's acknowledgement is still
// being written (a client that reads stdout slowly), and the tool list's
// change names the new one. Attack pass 46b, row 2: the first listen's
// late end took back the new listen's entry, which stayed open, holding
// one of the connection's places, and never heard of a change. Ordered
// without sleeps: the first acknowledgement's write is held until the
// second listen has registered.
func TestRelistenAfterCancelHearsListChanged(t *testing.T) {
	for _, second := range []string{`1`, `1.0`} {
		s, _ := unloadedServer(t, Options{}) // being built: listChanged is offered
		var mu sync.Mutex
		var sent []string
		firstAck := make(chan struct{})
		gate := make(chan struct{})
		secondAck := make(chan struct{})
		acks := 0
		c := s.newConn("stdio", func(b []byte) {
			mu.Lock()
			sent = append(sent, string(b))
			isAck := strings.Contains(string(b), "notifications/subscriptions/acknowledged")
			if isAck {
				acks++
			}
			n := acks
			mu.Unlock()
			switch {
			case isAck && n == 1:
				close(firstAck)
				<-gate // a slow reader of stdout: the first ack's write waits
			case isAck && n == 2:
				close(secondAck)
			}
		})
		metaJSON, _ := json.Marshal(meta())
		listen := func(id string) (ended chan answer) {
			m, perr := parseMessage([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":` + string(metaJSON) + `}}`))
			if perr != nil {
				t.Fatal(perr.Message)
			}
			release, perr := c.admitListen(m)
			if perr != nil {
				t.Fatal(perr.Message)
			}
			run := c.start(context.Background(), m) // registered now, as ServeStdio does
			ended = make(chan answer, 1)
			go func() {
				defer release()
				ended <- run()
			}()
			return ended
		}
		endedA := listen(`1`)
		<-firstAck // A is registered and writing its ack
		cancel, perr := parseMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`))
		if perr != nil {
			t.Fatal(perr.Message)
		}
		c.handle(context.Background(), cancel)
		endedB := listen(second)
		<-secondAck // B is registered (before its ack) and open
		close(gate)
		select {
		case <-endedA:
		case <-time.After(30 * time.Second): // only ends a test that would hang
			t.Fatal("the cancelled listen did not end")
		}
		mu.Lock()
		sent = nil
		mu.Unlock()
		s.toolsChanged()
		mu.Lock()
		got := strings.Join(sent, "\n")
		mu.Unlock()
		want := `"io.modelcontextprotocol/subscriptionId":` + second
		if !strings.Contains(got, "notifications/tools/list_changed") || !strings.Contains(got, want) {
			c.mu.Lock()
			n := len(c.listens)
			c.mu.Unlock()
			t.Errorf("listen %s opened after listen 1 was cancelled is open, but the tool list's change names it not (%d listens kept); sent: %q", second, n, got)
		}
		select {
		case a := <-endedB:
			t.Errorf("the second listen ended: %+v", a)
		default:
		}
		c.close()
		<-endedB
	}
}

// TestSurrogateStringIDsKeptApart: the string ids "\ud800", "\udc00",
// "\ufffd" and one of a byte that is not UTF-8 (different strings to a
// JavaScript client, whose JSON.parse keeps lone surrogates, and
// different texts as serve answers them) are different requests: a
// notifications/cancelled naming "\ud800" leaves the listen sent as
// "\udc00" open. Attack pass 46b, row 3: decoding made each U+FFFD, one
// key, and a cancel of one id cancelled another.
func TestSurrogateStringIDsKeptApart(t *testing.T) {
	ids := []string{`"\ud800"`, `"\udc00"`, `"\ufffd"`, "\"\xff\""}
	for i, a := range ids {
		if err := checkID(json.RawMessage(a)); err != nil {
			t.Fatalf("id %s refused: %v", a, err)
		}
		for _, b := range ids[i+1:] {
			if idKey(json.RawMessage(a)) == idKey(json.RawMessage(b)) {
				t.Errorf("distinct string ids %s and %s share key %q", a, b, idKey(json.RawMessage(a)))
			}
		}
	}

	s, _ := unloadedServer(t, Options{})
	c := s.newConn("stdio", func([]byte) {})
	metaJSON, _ := json.Marshal(meta())
	m, perr := parseMessage([]byte(`{"jsonrpc":"2.0","id":"\udc00","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":` + string(metaJSON) + `}}`))
	if perr != nil {
		t.Fatal(perr.Message)
	}
	release, perr := c.admitListen(m)
	if perr != nil {
		t.Fatal(perr.Message)
	}
	run := c.start(context.Background(), m)
	ended := make(chan answer, 1)
	go func() {
		defer release()
		ended <- run()
	}()
	cancel, perr := parseMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"\ud800"}}`))
	if perr != nil {
		t.Fatal(perr.Message)
	}
	c.handle(context.Background(), cancel) // marks what it cancels before it returns
	c.mu.Lock()
	for _, f := range c.inflight[idKey(json.RawMessage(`"\udc00"`))] {
		if f.cancelled {
			t.Errorf(`the listen sent as "\udc00" is cancelled by a notifications/cancelled naming "\ud800"`)
		}
	}
	c.mu.Unlock()
	c.close()
	<-ended
}

// TestReplacementCharIDOneKey: a string id that holds U+FFFD is one id
// however it is written (the escape \ufffd, as Python's json.dumps writes
// it, \uFFFD, or the character's UTF-8 bytes): a notifications/cancelled
// in one spelling cancels the request sent in another. Attack pass 46e,
// row 4: since such ids were keyed by their text (46b, row 3), the
// spellings were three requests.
func TestReplacementCharIDOneKey(t *testing.T) {
	spellings := []string{`"\ufffd"`, "\"\xef\xbf\xbd\"", `"\uFFFD"`}
	for _, sent := range spellings {
		for _, named := range spellings {
			s, _ := unloadedServer(t, Options{})
			c := s.newConn("stdio", func([]byte) {})
			_, f, done := c.begin(context.Background(), json.RawMessage(sent))
			m, perr := parseMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + named + `}}`))
			if perr != nil {
				t.Fatal(perr.Message)
			}
			c.notification(m)
			if !c.cancelled(f) {
				t.Errorf("request sent with id %s not cancelled by a cancel naming %s (the same string)", sent, named)
			}
			done()
		}
	}
	for _, pair := range [][2]string{{`"a\ufffd"`, `"\ufffd"`}, {`"\ud800\udc00"`, `"\ud800"`}, {`"\\ud800"`, `"\ud800"`}} {
		if idKey(json.RawMessage(pair[0])) == idKey(json.RawMessage(pair[1])) {
			t.Errorf("ids %s and %s share a key", pair[0], pair[1])
		}
	}
}
