package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What a file or directory held open shows once its last name is gone:
// its identity, as wasmtime v39 on ext4 (sandboxfs/holds.go). Attack pass
// 50c, rows 1 and 5: the seeded Virtual and the unseeded origins of a
// package's copy forgot it when its name went, though a descriptor still
// held it.

var openIdentitySeed = []byte("open identity")

// assetPackage is a package directory holding asset.
func assetPackage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "asset"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOpenUnlinkedFileKeepsIdentityAsWasmtime
// (testdata/wasmtimeanswers/openunlinked.c): /package's asset opened,
// the first change (the copy), fstat, asset unlinked, fstat; then f made,
// written, 100 ms, written, fstat, unlinked, fstat: through the
// descriptor ino, ctim and mtim are unchanged by the unlink (e[5..7],
// e[15..17]), nlink 0, seeded and unseeded, as wasmtime. Attack pass 50c,
// row 1: seeded all six changed (a new ino, the times of a file never
// seen), unseeded asset's ino and ctim (the copy's own).
func TestOpenUnlinkedFileKeepsIdentityAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,1,1,1,0,0,0,0,0,0,0,1,1,1,0,1,"}`
	const path = "testdata/wasmtimeanswers/openunlinked.wasm"
	for e, got := range seededAnswers(t, path, openIdentitySeed, func() Mounts { return Mounts{Package: assetPackage(t)} }) {
		if got != wasmtime {
			t.Errorf("seeded %v: %s, wasmtime %s", e, got, wasmtime)
		}
	}
	for e, r := range runEnginesMounted(t, path, pingLine, Mounts{Package: assetPackage(t)}) {
		if r.answer != wasmtime {
			t.Errorf("unseeded %v: %s, wasmtime %s", e, r.answer, wasmtime)
		}
	}
}

// TestOpenRenamedOverFileKeepsIdentityAsWasmtime
// (testdata/wasmtimeanswers/openrenamedover.c): f opened, g renamed over
// it 50 ms later: f's descriptor shows its ino, ctim and mtim unchanged
// (e[15..17]), seeded and unseeded, as wasmtime. Attack pass 50c, row 1
// (its explore): seeded all three changed.
func TestOpenRenamedOverFileKeepsIdentityAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,0,1,1,"}`
	const path = "testdata/wasmtimeanswers/openrenamedover.wasm"
	for e, got := range seededAnswers(t, path, openIdentitySeed, volumeOnly(t)) {
		if got != wasmtime {
			t.Errorf("seeded %v: %s, wasmtime %s", e, got, wasmtime)
		}
	}
	wantWasmtimeAnswer(t, path, wasmtime)
}

// TestOpenRemovedDirStatAsWasmtime (testdata/wasmtimeanswers/openrmdir.c):
// d made and opened, rmdir d, fstat of its descriptor: nlink 0, size 0,
// the same ino (e[7..9]), and still 0, 0 once a new d holds three
// subdirectories (e[15..16]), as wasmtime. Attack pass 50c, row 5: seeded
// nlink 2, size 4096, a new ino (the count fell back to the name d).
// Unseeded, the real file system's nlink and size before the rmdir
// (e[3..4]) are its own, and not compared.
func TestOpenRemovedDirStatAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,2,4096,0,0,0,0,1,0,0,0,0,0,0,0,"}`
	const path = "testdata/wasmtimeanswers/openrmdir.wasm"
	for e, got := range seededAnswers(t, path, openIdentitySeed, volumeOnly(t)) {
		if got != wasmtime {
			t.Errorf("seeded %v: %s, wasmtime %s", e, got, wasmtime)
		}
	}
	after := func(s string) string { // e[5:]
		f := strings.Split(s, ",")
		if len(f) < 6 {
			return s
		}
		return strings.Join(f[5:], ",")
	}
	for e, r := range runEngines(t, path, pingLine) {
		if after(r.answer) != after(wasmtime) {
			t.Errorf("unseeded %v: %s, wasmtime %s (from e[5])", e, r.answer, wasmtime)
		}
	}
}
