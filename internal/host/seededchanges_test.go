package host

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// seededAnswers runs the module at path seeded (as the probes' calls
// are) under each of bothEngines, with mounts (a fresh volume each when
// they name none), and answers each engine's result.
func seededAnswers(t *testing.T, path string, mounts func() Mounts) map[Engine]string {
	t.Helper()
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[Engine]string{}
	for _, e := range bothEngines {
		h := engineHost(t, e)
		s, err := h.Start(context.Background(), compile(t, h, wasm), RunConfig{Mounts: mounts(), Timeout: 3 * time.Second,
			Seed: []byte("case 1"), SeededWall: time.Unix(1_900_000_000, 0)})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		l, ok := s.Answer(json.RawMessage(`1`), 3*time.Second)
		r := s.Wait()
		h.Close(context.Background())
		if !ok {
			t.Logf("%v: no answer; stderr %q, trap %q", e, r.Stderr, r.Trap)
		}
		out[e] = string(l.Result)
	}
	return out
}

// TestSeededNlinkThroughRenameAsWasmtime (testdata/wasmtimeanswers/nlinkrenamed.c):
// a directory's link count is counted through the directory itself: d
// (with d/s1) opened, renamed to e, given e/s2 shows 3, then 4 by its
// descriptor and by "e", and still 4 by its descriptor once a new d with
// three subdirectories exists (which shows 5), as wasmtime answers, seeded
// and unseeded. Attack pass 50a, row 6: seeded, 3, 2, 2, 5 (the count
// was made through the name the descriptor was opened by).
func TestSeededNlinkThroughRenameAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,3,0,0,0,4,0,4,0,0,0,0,0,4,0,4,0,5,"}`
	for e, got := range seededAnswers(t, "testdata/wasmtimeanswers/nlinkrenamed.wasm", func() Mounts { return Mounts{Volume: t.TempDir()} }) {
		if got != wasmtime {
			t.Errorf("%v, seeded: answered\n%s\nwasmtime\n%s", e, got, wasmtime)
		}
	}
	wantWasmtimeAnswer(t, "testdata/wasmtimeanswers/nlinkrenamed.wasm", wasmtime)
}
