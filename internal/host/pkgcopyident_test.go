package host

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPackageCopyKeepsIdentityAsWasmtime (attack pass 50a, row 1;
// testdata/wasmtimeanswers/pkgcopy.c): unseeded, the module's first change
// in /package (path_create_directory), which makes the host copy it
// (sandboxfs.Private), moves nothing a module sees of the files already
// there, as Subako's runtime, which makes no copy: asset's ino, ctim,
// atim and mtim by path, its ino and ctim by a descriptor opened before,
// /package's ino and ctim, fd_readdir's d_ino of asset, "." and "..";
// and asset's atim stays its own (not its mtim). wasmtime v39 measured
// with the package preopened as fd 3 (2 runs); the host answered
// 0,0,0,1,0,0,0,0,0,0,0,0,1 in e[10..21] (the copy's inodes, birth and
// atim = mtim). Each engine runs on a package of its own, whose asset was
// modified an hour before and read a minute after that.
func TestPackageCopyKeepsIdentityAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,0,"}`
	wasm, err := os.ReadFile("testdata/wasmtimeanswers/pkgcopy.wasm")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range bothEngines {
		dir := t.TempDir()
		asset := filepath.Join(dir, "asset")
		if err := os.WriteFile(asset, []byte("hi\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		hour := time.Now().Add(-time.Hour)
		if err := os.Chtimes(asset, hour.Add(time.Minute), hour); err != nil {
			t.Fatal(err)
		}
		if r := runEngineMounted(t, e, wasm, pingLine, Mounts{Package: dir}); r.answer != wasmtime {
			t.Errorf("%v: %s, wasmtime %s", e, r.answer, wasmtime)
		}
	}
}
