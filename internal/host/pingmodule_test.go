package host

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// pingModule runs the module at path with one ping request (id 1) and
// returns its answer's result, the run's record and whether it answered.
func pingModule(t *testing.T, path string, cfg RunConfig) (string, *Record, bool) {
	t.Helper()
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	if cfg.Timeout == 0 {
		cfg.Timeout = 3 * time.Second
	}
	s, err := h.Start(context.Background(), m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Send([]byte(pingLine))
	l, ok := s.Answer(json.RawMessage(`1`), 3*time.Second)
	r := s.Wait()
	return string(l.Result), r, ok
}
