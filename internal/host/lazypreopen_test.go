package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFirstPathCallOpensPreopenItself: wazero opens a preopen's directory
// the first time a call uses it, by opening "." through posixFS, inside
// that call; that open is the mount's own directory whatever the call's
// path is. Each case of testdata/pathforms/lazypreopen.c makes a path
// call its module's first on /volume/tmp, then stats "sub" through the
// preopen and the preopen itself (fd_filestat_get, to be the inode "."
// names through it); the answers are wasmtime's (measured with wasmtimerun and the
// directory preopened): ".." and "../x" EPERM (63), "nope/.." ENOENT
// (44), "f/.." ENOTDIR (54), "loop/.." ELOOP (32), "s/../../f" (s ->
// sub/deep) and "la/.." (la -> a/b) opened, and "sub" and the preopen's
// own directory there each time.
// Attack pass 45i, row 1: posixFS matched wazero's open of "." to the
// call's path (which cleans to "." or climbs), so the preopen's directory
// was opened as that path resolved: a trap for an errno, EBADF for
// ENOENT, and the file f or the directory a as the preopen for the rest
// of the run.
func TestFirstPathCallOpensPreopenItself(t *testing.T) {
	wasm, err := os.ReadFile("testdata/pathforms/lazypreopen.wasm")
	if err != nil {
		t.Fatal(err)
	}
	wasmtime := map[int]string{1: "63,0,0", 2: "63,0,0", 3: "44,0,0", 4: "54,0,0", 5: "32,0,0", 6: "0,0,0", 7: "0,0,0"}
	for _, e := range bothEngines {
		h := engineHost(t, e)
		m := compile(t, h, wasm)
		for c := 1; c <= len(wasmtime); c++ {
			v := t.TempDir()
			lazyPreopenTree(t, filepath.Join(v, "tmp"))
			s, err := h.Start(context.Background(), m, RunConfig{Mounts: Mounts{Volume: v}, Timeout: 3 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			s.Send([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"c":%d}}`, c)))
			l, ok := s.Answer(json.RawMessage(`1`), 3*time.Second)
			r := s.Wait()
			want := `{"e":"` + wasmtime[c] + `"}`
			if got := string(l.Result); !ok || got != want {
				t.Errorf("%v case %d: answered %v %s (trap %q); wasmtime %s", e, c, ok, got, r.Trap, want)
			}
		}
		h.Close(context.Background())
	}
}

// lazyPreopenTree makes lazypreopen.c's tree in dir: f ("top"), sub/deep,
// s -> sub/deep, a/b, la -> a/b and loop -> loop.
func lazyPreopenTree(t *testing.T, dir string) {
	t.Helper()
	for _, d := range []string{"sub/deep", "a/b"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("top"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"s": "sub/deep", "la": "a/b", "loop": "loop"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
}
