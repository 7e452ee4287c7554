package host

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/subakohttp"
)

// Saved responses (subako_http output files, from a fixture) as the module
// sees them, with testdata/savedresponse/saveops.c: a module that runs the
// ops its request line names (attack pass 51c's kit).

// saveOps runs saveops.wasm once on a fresh volume (tmp, data, tmp/sub)
// with a fixture answering https://x.test/small ("hello"), and answers
// what each op gave, split at ';'.
func saveOps(t *testing.T, seed []byte, ops string) []string {
	t.Helper()
	wasm, err := os.ReadFile("testdata/savedresponse/saveops.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h := engineHost(t, EngineCompiler)
	t.Cleanup(func() { h.Close(context.Background()) })
	m := compile(t, h, wasm)
	vol := t.TempDir()
	for _, d := range []string{"tmp", "data", "tmp/sub"} {
		if err := os.MkdirAll(filepath.Join(vol, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fixture := filepath.Join(t.TempDir(), "fixture.json")
	if err := os.WriteFile(fixture, []byte(`{"https://x.test/small":{"status":200,"headers":{},"body":"hello"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := subakohttp.LoadFixture(fixture)
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.Start(context.Background(), m, RunConfig{
		Mounts: Mounts{Volume: vol}, Timeout: 20 * time.Second,
		HTTP: &subakohttp.Config{Fixture: f}, Seed: seed,
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"ops":"` + ops + `"}}` + "\n"))
	l, ok := s.Answer(json.RawMessage(`1`), 20*time.Second)
	r := s.Wait()
	if !ok {
		t.Fatalf("no answer; stderr %q, trap %q", r.Stderr, r.Trap)
	}
	var res struct{ R string }
	if err := json.Unmarshal(l.Result, &res); err != nil {
		t.Fatal(err)
	}
	return strings.Split(res.R, ";")
}

// TestSavedPathNamingADirectoryIsBadPath: an output path ending in "/."
// after a regular file, or in "/" after a new name, is bad_path, and
// nothing is written: it was saved (ok) as the file f, and as a new file
// "new", though the module's own open of the path the answer named
// answers ENOTDIR (attack pass 51c, row 2).
func TestSavedPathNamingADirectoryIsBadPath(t *testing.T) {
	got := saveOps(t, nil, "W/volume/tmp/f Hhttps://x.test/small>/volume/tmp/f/. O/volume/tmp/f/. Hhttps://x.test/small>/volume/tmp/new/ S/volume/tmp/new S/volume/tmp/f")
	if len(got) < 6 {
		t.Fatalf("short answer %q", got)
	}
	for _, i := range []int{1, 3} {
		if !strings.Contains(got[i], `"kind":"bad_path"`) || !strings.Contains(got[i], `ends in \"/\" or \"/.\"`) {
			t.Errorf("op %d answered %s, want bad_path", i, got[i])
		}
	}
	if got[2] != "54" {
		t.Errorf("the module's open of /volume/tmp/f/. answered %s, want 54 (ENOTDIR)", got[2])
	}
	if got[4] != "44" {
		t.Errorf("/volume/tmp/new was made: stat %s", got[4])
	}
	if f := strings.Split(got[5], ","); len(f) < 3 || f[2] != "5" || f[1] != "4" {
		t.Errorf("/volume/tmp/f: stat %s, want the module's own 5 bytes", got[5])
	}
}

// TestSeededSaveShowsModulesNow: in a seeded run a saved response is made,
// and its directory changed, at the module's now, as a file it writes
// itself: the file showed the seeded start as mtim and ctim, and the
// directory's mtim stayed at the start, though the module's clock had read
// past it before the request (attack pass 51c, row 3).
func TestSeededSaveShowsModulesNow(t *testing.T) {
	got := saveOps(t, []byte("savedresponse"), "S/volume/tmp C Hhttps://x.test/small>/volume/tmp/out S/volume/tmp/out S/volume/tmp")
	if len(got) < 5 {
		t.Fatalf("short answer %q", got)
	}
	field := func(s string, i int) string {
		f := strings.Split(s, ",")
		if i >= len(f) {
			t.Fatalf("stat %q has no field %d", s, i)
		}
		return f[i]
	}
	start, before := field(got[0], 5), got[1]
	if before <= start || len(before) != len(start) {
		t.Fatalf("the module's clock %s is not past the seeded start %s", before, start)
	}
	if !strings.Contains(got[2], `"ok"`) {
		t.Fatalf("save answered %s", got[2])
	}
	mtim, ctim, dir := field(got[3], 5), field(got[3], 6), field(got[4], 5)
	if mtim < before || ctim < before {
		t.Errorf("the saved file's mtim %s, ctim %s are before the module's clock read before the request %s (the seeded start %s)", mtim, ctim, before, start)
	}
	if dir != mtim {
		t.Errorf("/volume/tmp's mtim %s is not the saved file's %s (one clock reading)", dir, mtim)
	}
}
