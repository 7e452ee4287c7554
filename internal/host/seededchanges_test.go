package host

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// seededAnswers runs the module at path seeded with seed (as the probes'
// calls are) under each of bothEngines, with one ping and mounts (called
// once a run), and answers each engine's result.
func seededAnswers(t *testing.T, path string, seed []byte, mounts func() Mounts) map[Engine]string {
	t.Helper()
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[Engine]string{}
	for _, e := range bothEngines {
		h := engineHost(t, e)
		s, err := h.Start(context.Background(), compile(t, h, wasm), RunConfig{Mounts: mounts(), Timeout: 3 * time.Second,
			Seed: seed, SeededWall: time.Unix(1_900_000_000, 0)})
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

// TestSeededChangesMoveMtimAsWasmtime (testdata/wasmtimeanswers/changetimes.c):
// in a seeded run, a write, a size set, and an entry made, renamed or
// removed move the changed file's or directory's mtim to the module's
// wall clock's now, as wasmtime's answers on ext4 (each change 100 ms of
// the module's time after the last): the write moves asset's mtim past
// its ctim (the birth time, which stays, as atim does) to at most now and
// within 10 s of it, on the volume (a file the module made) and in
// /package (asset shipped with a days-old mtim); making d moves fd 3's
// mtim to now; d/x's birth is past d's mtim before it; d/x made, renamed
// and removed each move d's mtim; a size set moves asset's, not d's.
// Attack pass 50a, row 3: seeded, no mtim moved (the times stayed the
// seeded start, or /package's shipped ones): "0,0,0,0,0,0,1,1,0,1,0,0,0,1,
// 0,0,0,0,0,0,..." on the volume, "...,0,1,1,0,0,..." in /package.
func TestSeededChangesMoveMtimAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,1,1,1,1,1,0,0,1,1,0,0,0,0,1,1,0,0,1,0,0,1,0,0,1,0,1,"}`
	pkg := func() Mounts {
		dir := t.TempDir()
		asset := filepath.Join(dir, "asset")
		if err := os.WriteFile(asset, []byte("hello\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-30 * 24 * time.Hour)
		if err := os.Chtimes(asset, old, old); err != nil {
			t.Fatal(err)
		}
		return Mounts{Package: dir}
	}
	vol := func() Mounts { return Mounts{Volume: t.TempDir()} }
	for what, mounts := range map[string]func() Mounts{"volume": vol, "package": pkg} {
		for e, got := range seededAnswers(t, "testdata/wasmtimeanswers/changetimes.wasm", []byte("case 1"), mounts) {
			if got != wasmtime {
				t.Errorf("%s, %v, seeded: answered\n%s\nwasmtime\n%s", what, e, got, wasmtime)
			}
		}
	}
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
	wantSeededAsWasmtime(t, "testdata/wasmtimeanswers/nlinkrenamed.wasm", wasmtime)
}
