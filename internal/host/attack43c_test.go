package host

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// fsModuleAttack43c builds attack/testdata/fstime43c.c (the C probe
// subject add.c with a hook at the start of every call) with the -D
// switches given; it skips without clang and wasi-libc.
func fsModuleAttack43c(t *testing.T, defs ...string) []byte {
	t.Helper()
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("clang with wasi-libc builds the subject")
	}
	p := filepath.Join(t.TempDir(), "fstime43c.wasm")
	args := []string{"--target=wasm32-wasi", "-O2", "-Wl,--strip-debug", "-o", p}
	for _, d := range defs {
		args = append(args, "-D"+d)
	}
	args = append(args, filepath.Join("..", "..", "attack", "testdata", "fstime43c.c"))
	if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
		t.Skipf("clang: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAttack43c_SeededRunSeesFileTimes (attack pass 43c, row 1): the
// probes' calls are seeded (CallConfig.Seed) "so a case runs the same way
// every time" (docs/host.md, Randomness and the wall clock): random_get,
// the wall clock and the id. But each probe run gets a fresh temporary
// volume, and path_filestat_get of /volume/tmp answers the real file
// system's times (and inode): a module reads the real clock, to the
// nanosecond, through them. Two calls with one seed and one module, each
// with a fresh volume as the probes give, must see the same thing.
func TestAttack43c_SeededRunSeesFileTimes(t *testing.T) {
	h := newHost(t)
	m := compile(t, h, fsModuleAttack43c(t, "FSPRINT43C"))
	seen := func() string {
		t.Helper()
		c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
			CallConfig{Seed: []byte("case 1"), Mounts: Mounts{Volume: t.TempDir()}})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("call: %s, %v", c.Result, err)
		}
		return res.Content[0].Text
	}
	a, b := seen(), seen()
	if a != b {
		t.Errorf("one seed, one module, two runs: the module saw %q, then %q", a, b)
	}
}
