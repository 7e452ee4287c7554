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
// each with a fresh volume as the probes give, see the same thing: a
// setup's time before the seeded wall clock's start, drawn from the seed
// (sandboxfs.Virtual.VolumeMade; it was the start itself until attack
// pass 51a, row 2), as the directory's time, and the first inode
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
	v := sandboxfs.NewVirtual(wall.UnixNano(), []byte("case 1"))
	made := time.Unix(0, v.VolumeMade())
	if want := fmt.Sprintf("r=0 mtime=%d.%09d ino=%d", made.Unix(), made.Nanosecond(), v.Ino(1)); a != want {
		t.Errorf("a seeded run saw %q; want %q", a, want)
	}
	if u := seen(nil); u == a {
		t.Errorf("an unseeded call saw the seeded run's times: %q", u)
	}
}

// TestSeededVolumeMadeBeforeClockStart (attack pass 51a, row 2): in a
// seeded run (every probe run) /volume/tmp's times were the seeded wall
// clock's start, and the monotonic clock counts from that start, so
// (REALTIME - mtim(/volume/tmp)) - MONOTONIC was ~3.4 µs in every probe
// run, where the host's unseeded calls show 3.5-6.6 ms and wasmtime v39
// (the directory made, then its command line) 99-540 ms: a module that
// panics when that gap is past 100 µs passed lint and panicked in every
// call. Each seeded call (the probing's fixed wall clock start, so the gap
// is the start less the mtime the module reads) now shows a gap of 2 to
// 512 ms drawn from its seed, and sixteen seeds spread over that range:
// some under the unseeded calls' 8 ms, some past wasmtime's 99 ms.
func TestSeededVolumeMadeBeforeClockStart(t *testing.T) {
	h := newHost(t)
	wasm, err := os.ReadFile(subjects.CHooked(t, "FS_PRINT"))
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, h, wasm)
	wall := time.Unix(1_900_000_000, 0)
	var low, high int
	octaves := map[int]bool{}
	for i := 0; i < 16; i++ {
		c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
			CallConfig{Seed: []byte(fmt.Sprintf("case %d", i)), SeededWall: wall, Mounts: Mounts{Volume: t.TempDir()}})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("call: %s, %v", c.Result, err)
		}
		var r int
		var sec, ns int64
		if _, err := fmt.Sscanf(res.Content[0].Text, "r=%d mtime=%d.%d", &r, &sec, &ns); err != nil || r != 0 {
			t.Fatalf("call: %q, %v", res.Content[0].Text, err)
		}
		gap := wall.Sub(time.Unix(sec, ns))
		if gap < 2*time.Millisecond || gap >= 512*time.Millisecond {
			t.Errorf("seed %d: /volume/tmp made %v before the module's clock started; want a setup's time, 2 to 512 ms", i, gap)
			continue
		}
		if gap < 8*time.Millisecond {
			low++
		}
		if gap >= 99*time.Millisecond {
			high++
		}
		o := 0
		for gap >= 4*time.Millisecond<<o {
			o++
		}
		octaves[o] = true
	}
	if low == 0 || high == 0 || len(octaves) < 5 {
		t.Errorf("16 seeds: %d gaps under 8 ms, %d past 99 ms, %d of the 8 octaves from 2 ms; want some of each, over 5 octaves or more", low, high, len(octaves))
	}
}
