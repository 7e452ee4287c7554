package host

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestFirstIovecOnly (attack pass 44a, row 7): one fd_write of two iovecs
// (an answer and its "\n") wrote both on the host, and one fd_read of
// stdin into iovecs of 1 and 4,095 bytes with a line waiting read 51
// bytes into both; wasmtime's preview 1, what Subako runs, writes the
// first non-empty iovec of a call only (first_non_empty_ciovec: a short
// write is a valid result) and reads into the first non-empty iovec only
// (first_non_empty_iovec). A module that ignored the count written
// answered under the linter (stderr "nwritten=37 of 37", "nread=51") and
// never ended its answer's line on Subako. Now the host writes and reads
// as Subako does: the answer's line is not ended, so it is no answer.
func TestFirstIovecOnly(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack44a/writev.wasm")
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
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		s.Pause(time.Second) // until the module waits for input again, its first line read
		s.Send([]byte(`{"jsonrpc":"2.0","method":"notifications/ping44a"}`))
		_, answered := s.Answer(json.RawMessage(`1`), time.Second)
		r := s.Wait()
		t.Logf("OS pipe %v: answered %v; stderr %q", osPipe, answered, r.Stderr)
		if answered || !strings.Contains(string(r.Stderr), "nwritten=36 of 37") {
			t.Errorf("OS pipe %v: one fd_write of [answer, \"\\n\"]: answered %v, stderr %q; want what Subako's runtime does: the first iovec written alone (nwritten=36 of 37), the line not ended, no answer", osPipe, answered, r.Stderr)
		}
		if !strings.Contains(string(r.Stderr), "nread=1\n") {
			t.Errorf("OS pipe %v: one fd_read of stdin into iovecs of 1 and 4,095 bytes with a line waiting: stderr %q; want nread=1 (the first non-empty iovec only, as Subako's runtime reads)", osPipe, r.Stderr)
		}
	}
}
