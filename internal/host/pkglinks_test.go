package host

import (
	"os"
	"path/filepath"
	"testing"
)

// linkedPackage is a package directory holding a, b and d/c, one file
// ("hi\n"), and s and t, one symbolic link (to a).
func linkedPackage(t *testing.T) Mounts {
	t.Helper()
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(p("a"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(p("d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{os.Link(p("a"), p("b")), os.Link(p("a"), p("d/c")),
		os.Symlink("a", p("s")), os.Link(p("s"), p("t"))} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return Mounts{Package: dir}
}

// TestPackageCopyKeepsHardLinksAsWasmtime (attack pass 50c, row 6;
// testdata/wasmtimeanswers/pkglinks.c): a package's hard links (a, b and
// d/c one file, s and t one symbolic link) stay one file through the
// module's first change there, which makes the host copy the package
// (sandboxfs.Private), as on Subako's runtime, which makes no copy: the
// link counts after it are 3, 3, 3 and 2, 2 (the host answered 1 for
// each: every name was copied as a file of its own), every name keeps
// the original's ino, and b's link count falls to 2, then 1 as a and d/c
// are unlinked, its ino unmoved (the copy's identities, copyident.go).
// Unseeded and seeded, under both engines; wasmtime v39 measured with the
// package preopened as fd 3 (2 runs).
func TestPackageCopyKeepsHardLinksAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,3,2,1,1,0,0,0,0,0,0,3,3,3,2,2,1,1,0,0,2,1,0,0,1,1,"}`
	const path = "testdata/wasmtimeanswers/pkglinks.wasm"
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range bothEngines {
		if r := runEngineMounted(t, e, wasm, pingLine, linkedPackage(t)); r.answer != wasmtime {
			t.Errorf("%v, unseeded: answered\n%s\nwasmtime\n%s", e, r.answer, wasmtime)
		}
	}
	for e, got := range seededAnswers(t, path, []byte("case 1"), func() Mounts { return linkedPackage(t) }) {
		if got != wasmtime {
			t.Errorf("%v, seeded: answered\n%s\nwasmtime\n%s", e, got, wasmtime)
		}
	}
}
