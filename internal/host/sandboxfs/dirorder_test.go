package sandboxfs

import (
	"encoding/binary"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestSeededOrderIsTheSeeds (attack pass 50a, row 5): a Virtual orders a
// listing by the seed's hash of the names: the same order for the same
// seed in another run, another for another seed, and not name order (it
// was sorted by name, which ext4 under wasmtime never shows). The byte
// hash is SipHash-1-3: for 16 bytes it is the inode numbers' sipHash13.
func TestSeededOrderIsTheSeeds(t *testing.T) {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], 7)
	binary.LittleEndian.PutUint64(b[8:], 1<<40+3)
	if got, want := sipHashBytes(11, 13, string(b[:])), sipHash13(11, 13, 7, 1<<40+3); got != want {
		t.Fatalf("sipHashBytes of 16 bytes %#x; sipHash13 %#x", got, want)
	}
	order := func(seed string) string {
		var d []experimentalsys.Dirent
		for _, n := range strings.Fields("f00 f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15") {
			d = append(d, experimentalsys.Dirent{Name: n})
		}
		NewVirtual(0, []byte(seed)).orderByName(d)
		var names []string
		for _, x := range d {
			names = append(names, x.Name)
		}
		return strings.Join(names, " ")
	}
	a, again, other := order("probe 1"), order("probe 1"), order("probe 2")
	if a != again || a == other || strings.HasPrefix(a, "f00 f01 f02") {
		t.Errorf("seed 1: %s, again: %s, seed 2: %s; want the first two equal, not the third, not name order", a, again, other)
	}
}
