package host

import "testing"

// TestSyncOpenFlags: path_open with fdflags SYNC, DSYNC or RSYNC answers
// ENOTSUP (58), as wasmtime's preview 1 (what Subako runs) does; the other
// file calls of fsdiff.wasm answer as wasmtime answered them. attack pass
// 44a, row 10: sandboxfs mapped the three to O_SYNC and the opens
// succeeded (0,0,0), so Go's os.OpenFile(name, O_SYNC) worked under the
// linter and fails on Subako.
func TestSyncOpenFlags(t *testing.T) {
	got, _, ok := pingModule(t, "testdata/attack44a/fsdiff.wasm", RunConfig{Mounts: Mounts{Volume: t.TempDir()}})
	// What wasmtime answered (subako/testdata/wasmtimerun with /volume/tmp preopened).
	const wasmtime = `{"e":"0,58,58,58,0,0,0,28,0,31,0,8,28,63,63,63,0,0,8,0,"}`
	if !ok || got != wasmtime {
		t.Errorf("file calls in /volume/tmp answered %v %s; want what wasmtime answers, ENOTSUP for the SYNC, DSYNC and RSYNC opens (2nd to 4th): %s", ok, got, wasmtime)
	}
}
