package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ownLinksDir is a directory holding a and b, one file ("hi\n"), made
// before the run: at dir as a package, at dir/tmp (/volume/tmp) as a
// volume.
func ownLinksDir(t *testing.T, volume bool) Mounts {
	t.Helper()
	dir := t.TempDir()
	at := dir
	if volume {
		at = filepath.Join(dir, "tmp")
		if err := os.Mkdir(at, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(at, "a"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(at, "a"), filepath.Join(at, "b")); err != nil {
		t.Fatal(err)
	}
	if volume {
		return Mounts{Volume: dir}
	}
	return Mounts{Package: dir}
}

// TestOwnHardLinksWritableAsWasmtime (attack pass 51d, row 1;
// testdata/wasmtimeanswers/ownlinks.c): a file the module linked itself
// (path_link) opens for writing (O_TRUNC too) and takes its times, by
// path and by descriptor, through every name, as its names are linked,
// renamed (a directory of one too), unlinked and renamed over, as on
// Subako's runtime (wasmtime v39, 3 runs, fd 3 preopened). The host
// answered EPERM (63) for each open for writing and time set after the
// first path_link: a tell in two calls on an empty volume. In a package
// (its private copy), a file with links before the run (a and b) is
// writable too, as there. On the volume such a file stays refused, as
// documented (its other link may be outside the mount), and so does a
// name the module linked to it (c): the test's last 8 numbers. Unseeded
// and seeded, under both engines.
func TestOwnHardLinksWritableAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,88,0,0,2,0,0,0,3,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,3,0,0,2,0,0,88,0,0,88,0,3,0,0,0,"}`
	const path = "testdata/wasmtimeanswers/ownlinks.wasm"
	const tail = "0,0,88,0,3,0,0,0,\"}"
	if !strings.HasSuffix(wasmtime, tail) {
		t.Fatal("the recorded answer does not end as the test expects")
	}
	// a (and c, linked to it) refused EPERM, b not written ('h', 104).
	onVolume := strings.TrimSuffix(wasmtime, tail) + "63,-1,104,0,3,63,-1,63,\"}"
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		volume bool
		want   string
	}{{false, wasmtime}, {true, onVolume}} {
		mounts := func() Mounts { return ownLinksDir(t, c.volume) }
		for _, e := range bothEngines {
			if r := runEngineMounted(t, e, wasm, pingLine, mounts()); r.answer != c.want {
				t.Errorf("%v, volume %v, unseeded: answered\n%s\nwant\n%s", e, c.volume, r.answer, c.want)
			}
		}
		for e, got := range seededAnswers(t, path, []byte("case 1"), mounts) {
			if got != c.want {
				t.Errorf("%v, volume %v, seeded: answered\n%s\nwant\n%s", e, c.volume, got, c.want)
			}
		}
	}
}
