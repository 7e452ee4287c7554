package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// TestClientNameBombBounded (attack pass 40o, row 3): over stdio, one
// tools/call of 15 MiB whose tool name is 5 Mi zero-width spaces, under
// maxMessage. The name was copied whole into the refusal, its answer (a
// 15 MiB line) and a 30 MiB log line (each U+200B escaped): serve's peak
// RSS went from 58 MB to 336 MB for one such message, past the 256 MiB
// docs/serve-limits.md allows. A name over the ABI's limit is now refused
// quoting a bounded prefix, and every log line cuts what it quotes.
// Measured by allocation, not time: what one message costs beyond reading
// it stays well under three times its size.
func TestClientNameBombBounded(t *testing.T) {
	s, logBuf := newServer(t, hello(t), Options{})
	bulk := strings.Repeat("\u200b", 5<<20)
	// The same 15 MiB with a short unknown name and the bulk in the
	// arguments, which serve refuses without reading: what reading and
	// parsing a message of this size costs on its own.
	baseline := stdioMessage(t, "nope", map[string]any{"pad": bulk})
	bomb := stdioMessage(t, bulk, map[string]any{})
	baseAlloc, _, _ := measureOne(t, s, logBuf, baseline)
	allocated, answer, logged := measureOne(t, s, logBuf, bomb)
	t.Logf("message %d bytes: answer %d bytes, log %d bytes, %d MiB allocated (%d MiB for the same size with a short name)",
		len(bomb), len(answer), logged, allocated>>20, baseAlloc>>20)
	if len(answer) > 4<<10 {
		t.Errorf("the answer is %d bytes: the refusal quotes the client's whole tool name", len(answer))
	}
	if logged > 16<<10 {
		t.Errorf("the log grew by %d bytes for one message: it quotes the client's whole tool name", logged)
	}
	// The name is decoded once (one message's size); nothing more.
	if limit := baseAlloc + uint64(3*len(bomb)/2); allocated > limit {
		t.Errorf("the %d-byte message allocated %d MiB, over %d MiB (the same size with a short name, %d MiB, and half as much again): its name is copied into the error, the answer and the log",
			len(bomb), allocated>>20, limit>>20, baseAlloc>>20)
	}
	var resp struct {
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(answer, &resp); err != nil {
		t.Fatalf("answer %.200q: %v", answer, err)
	}
	if !strings.Contains(resp.Error.Message, "over the limit") || !strings.Contains(resp.Error.Message, `\u200b…"`) {
		t.Errorf("the refusal %.300q does not say the name is over the limit, quoting its start escaped", resp.Error.Message)
	}
}

// stdioMessage is one tools/call line of the modern era.
func stdioMessage(t *testing.T, name string, args map[string]any) []byte {
	t.Helper()
	req, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": name, "arguments": args, "_meta": meta()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(req) >= maxMessage || len(req) < 15<<20 {
		t.Fatalf("the message is %d bytes: it should be 15 MiB, under maxMessage", len(req))
	}
	return append(req, '\n')
}

// measureOne serves req alone over stdio and returns the bytes allocated
// meanwhile, the answer and how much the log grew.
func measureOne(t *testing.T, s *Server, logBuf *syncBuffer, req []byte) (allocated uint64, answer []byte, logged int) {
	t.Helper()
	logBefore := len(logBuf.String())
	var out bytes.Buffer
	out.Grow(1 << 20)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := s.ServeStdio(context.Background(), bytes.NewReader(req), &out); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, bytes.TrimSpace(out.Bytes()), len(logBuf.String()) - logBefore
}
