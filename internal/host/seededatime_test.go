package host

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSeededReadMovesAtimeAsRelatime (testdata/wasmtimeanswers/readatime.c;
// wasmtime v39 on ext4 mounted relatime, Linux's default, 3 runs): in a
// seeded run a read moves atim to the module's now as relatime does
// (atim not past mtim or ctim, or a day old): f read 100 ms after it was
// written, a read at the end of e, h's fd_read, d listed, p listed at a
// cookie past its end and fd 3 listed move it; a read into an empty
// iovec (fd_pread, fd_read) does not; a second read of f and listing of
// d 100 ms on do not; a read after f's write does; a read after g's
// times were set (atim past its birth and mtim) does (the set moved
// Linux's ctime). Attack pass 51d, row 2: seeded, no read moved atim
// ("...,0,0,0,0,0,0,0,0,0,..."). Seeded only: an unseeded run shows the
// host's own mount (noatime would move none).
func TestSeededReadMovesAtimeAsRelatime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,1,1,1,1,1,1,0,0,0,0,0,0,1,0,0,0,1,"}`
	for _, seed := range []string{"case 1", "probe 2"} {
		for e, got := range seededAnswers(t, "testdata/wasmtimeanswers/readatime.wasm", []byte(seed), volumeOnly(t)) {
			if got != wasmtime {
				t.Errorf("%v, seed %q: answered\n%s\nwasmtime on ext4 (relatime)\n%s", e, seed, got, wasmtime)
			}
		}
	}
}

// TestSeededShippedAtimeADayOldMovesAsRelatime (testdata/wasmtimeanswers/
// pkgreadatime.c): a shipped file of /package read in a seeded run has
// its atim moved when it was a day or more before the clock, and kept
// otherwise (the seed's shipped atim is past its mtim and ctim), as
// wasmtime v39 on ext4 mounted relatime answers: "0,0,0,0,1,1," for a
// file whose atime was set 30 hours back, "0,0,0,0,0,0," for one just
// read. Attack pass 51d, row 3: seeded, a day-old atim stayed
// ("0,0,0,0,1,0,", 6 of these 8 seeds). The 8 seeds give both.
func TestSeededShippedAtimeADayOldMovesAsRelatime(t *testing.T) {
	const old, young = `{"e":"0,0,0,0,1,1,"}`, `{"e":"0,0,0,0,0,0,"}`
	pkg := func() Mounts {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a"), []byte("hello\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return Mounts{Package: dir}
	}
	seen := map[string]int{}
	for i := 0; i < 8; i++ {
		seed := []byte{'s', byte('0' + i)}
		for e, got := range seededAnswers(t, "testdata/wasmtimeanswers/pkgreadatime.wasm", seed, pkg) {
			seen[got]++
			if got != old && got != young {
				t.Errorf("%v, seed %q: answered %s; wasmtime on ext4 (relatime) %s (a day old) or %s", e, seed, got, old, young)
			}
		}
	}
	if seen[old] == 0 || seen[young] == 0 {
		t.Errorf("answers %v: want both shapes among the 8 seeds", seen)
	}
}
