package host

import "testing"

// TestSeededNoOpRenameAsWasmtime (testdata/wasmtimeanswers/renameself.c):
// a rename of a name onto itself, or onto a hard link of the same file,
// is a no-op (rename(2)): d's mtim does not move and its 19 names stay in
// its size, 12288 after a 20th, as wasmtime answers, seeded and unseeded.
// Attack pass 50c, row 3: seeded, mtim moved and 4096 after the 20th (the
// no-op took the names out of the size model).
func TestSeededNoOpRenameAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,4096,0,0,0,0,0,0,12288,0,0,"}`
	wantSeededAsWasmtime(t, "testdata/wasmtimeanswers/renameself.wasm", wasmtime)
}

// TestSeededDirSizeThroughLinkAsWasmtime (testdata/wasmtimeanswers/dirsizelink.c):
// 20 files of 200-byte names made through l -> d grow d to 12288, then
// 16384 with 40 made through d, as wasmtime answers, seeded and unseeded.
// Attack pass 50c, row 4: seeded, 4096 (the entries were counted for the
// link, whose directory was looked up by Lstat).
func TestSeededDirSizeThroughLinkAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,12288,0,0,16384,"}`
	wantSeededAsWasmtime(t, "testdata/wasmtimeanswers/dirsizelink.wasm", wasmtime)
}

// TestSeededChangeOneTickAsWasmtime (testdata/wasmtimeanswers/sametick.c):
// a file, a directory and a symbolic link made in d each show d's mtim
// after as their mtim (and the file as its ctim): one change, one time, as
// wasmtime answers on ext4, seeded and unseeded. Attack pass 50c, row 7:
// seeded, all differed by 8-11 µs (the module's clock read twice).
func TestSeededChangeOneTickAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,0,0,0,0,1,1,1,1,","dt":0}`
	wantSeededAsWasmtime(t, "testdata/wasmtimeanswers/sametick.wasm", wasmtime)
}

// wantSeededAsWasmtime checks the module's answer on the volume, seeded
// and unseeded, under both engines.
func wantSeededAsWasmtime(t *testing.T, path, wasmtime string) {
	t.Helper()
	for e, got := range seededAnswers(t, path, []byte("case 1"), volumeOnly(t)) {
		if got != wasmtime {
			t.Errorf("%v, seeded: answered\n%s\nwasmtime\n%s", e, got, wasmtime)
		}
	}
	wantWasmtimeAnswer(t, path, wasmtime)
}
