package host

import "testing"

// TestReaddirListsAfreshAsWasmtime: each fd_readdir lists the directory as
// it is at the call and skips `cookie` entries, as wasmtime v39's preview
// 1 does (testdata/wasmtimeanswers/readdirlive.c): a descriptor that read
// ".", ".." and N of r (a00..a15), then N unlinked and b00..b15 made,
// reads on at cookie 3: 30 entries, without N, the very entries a read at
// cookie 0 right after gives past its first 3 (33 entries, the 16 b's
// among them), seeded (the seed's order) and unseeded, under both
// engines. Attack pass 50c, row 2: the host read on from the listing read
// at cookie 0 (wazero's cache, a seeded run's sorted listing): 15
// entries, none new ("0,0,0,3,0,0,15,0,0,33,0,16").
func TestReaddirListsAfreshAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,3,0,0,30,0,0,33,1,16,"}`
	wantSeededAsWasmtime(t, "testdata/wasmtimeanswers/readdirlive.wasm", wasmtime)
}

// TestReaddirPreopenListsAfresh: the preopen itself (fd 3) is listed
// afresh as any directory (testdata/listing/preopen.c, readdirlive.c on
// fd 3): wasmtime's answer of readdirlive.c without its mkdir and open.
// wazero lists a preopen through a directory it opens at its first use
// and keeps unexported; the host puts a directory of its own in its place
// (preopenDir, through wazero's descriptor table). Should a wazero
// upgrade move what that reaches, the preopen's listing is the stale one
// again ("0,3,0,0,15,0,0,33,0,16") and this test fails.
func TestReaddirPreopenListsAfresh(t *testing.T) {
	const wasmtime = `{"e":"0,3,0,0,30,0,0,33,1,16,"}`
	wantSeededAsWasmtime(t, "testdata/listing/preopen.wasm", wasmtime)
}
