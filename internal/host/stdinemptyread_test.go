package host

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestStdinEmptyReadWaits: a blocking read of stdin of zero bytes (one
// iovec of length 0, or no iovecs) waits for input on both of the host's
// pipes, as wasmtime (Subako's runtime) does. Attack pass 44a, row 4: the
// in-process pipe (discovery, calls, every probe but the pause probe)
// answered 0 at once, wazero reading nothing, while the OS pipe (the pause
// probe's) waited for input.
func TestStdinEmptyReadWaits(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack44a/pollfile.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	for _, osPipe := range []bool{false, true} {
		for _, id := range []string{"6", "7"} {
			what := map[string]string{"6": "one iovec of 0 bytes", "7": "no iovecs"}[id]
			// Nothing more sent: the read waits, the host takes the module
			// for one waiting for input.
			s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
			if err != nil {
				t.Fatal(err)
			}
			s.Send([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`))
			l, ok := s.Answer(json.RawMessage(id), 3*time.Second)
			r := s.Wait()
			if ok || !r.WaitedForInput {
				t.Errorf("OS pipe %v, a read of stdin of %s after the request, nothing more sent: answered %v %s (WaitedForInput %v); want it waiting for input, as wasmtime does",
					osPipe, what, ok, l.Result, r.WaitedForInput)
			}
			// Stdin ended: the read answers 0 bytes then, as wasmtime's
			// did (measured: when the test's stdin closed).
			s, err = h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
			if err != nil {
				t.Fatal(err)
			}
			s.Send([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`))
			r = s.Wait()
			if len(r.Lines) != 1 || !strings.Contains(string(r.Lines[0].Text), `"result":{"errno":0,"n":0}`) {
				t.Errorf("OS pipe %v, a read of stdin of %s, stdin then ended: stdout %d lines %v; want one answer of {\"errno\":0,\"n\":0}", osPipe, what, len(r.Lines), r.Lines)
			}
		}
	}
}
