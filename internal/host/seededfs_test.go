package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestSeededRunSeesFileTimes (attack pass 43c, row 1): the probes' calls
// are seeded (CallConfig.Seed) "so a case runs the same way every time"
// (docs/host.md, Randomness and the wall clock), but each probe run's
// fresh volume showed the real file system's times and inode: a module
// read the real clock, to the nanosecond, from path_filestat_get of
// /volume/tmp ("mtime=1796579416.040224993 ino=11633813", then
// "...048224993 ino=11633817"). Two calls with one seed and one module,
// each with a fresh volume as the probes give, see the same thing: the
// seeded wall clock's start as the directory's time, and the first inode
// number the seed gives (a 64-bit hash of the seed and 1; it was 1 until
// attack pass 49a, row 3). An unseeded call (call, serve) still sees the
// host's.
func TestSeededRunSeesFileTimes(t *testing.T) {
	h := newHost(t)
	wasm, err := os.ReadFile(subjects.CHooked(t, "FS_PRINT"))
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, h, wasm)
	wall := time.Unix(1_900_000_000, 0) // the probing's start (CallConfig.SeededWall)
	seen := func(seed []byte) string {
		t.Helper()
		c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
			CallConfig{Seed: seed, SeededWall: wall, Mounts: Mounts{Volume: t.TempDir()}})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("call: %s, %v", c.Result, err)
		}
		return res.Content[0].Text
	}
	a, b := seen([]byte("case 1")), seen([]byte("case 1"))
	if a != b {
		t.Errorf("one seed, one module, two runs: the module saw %q, then %q", a, b)
	}
	if want := fmt.Sprintf("r=0 mtime=%d.%09d ino=%d", wall.Unix(), 0, sandboxfs.NewVirtual(0, []byte("case 1")).Ino(1)); a != want {
		t.Errorf("a seeded run saw %q; want %q", a, want)
	}
	if u := seen(nil); u == a {
		t.Errorf("an unseeded call saw the seeded run's times: %q", u)
	}
}
