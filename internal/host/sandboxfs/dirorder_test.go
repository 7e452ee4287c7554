package sandboxfs

import (
	"encoding/binary"
	"strconv"
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

// TestSeededListingWalksTheLeaves (attack pass 51b, row 4): on ext4 a
// directory's listing order and its leaves are one hash, so the names
// that list before the 4th of 20 200-byte names (an index of two leaves)
// are all names of the first leaf: 12 more of them overflow it and the
// directory grows to 16384 (wasmtime v39 on ext4: testdata dxleaves.c).
// For every one of 200 seeds, as the kit's dxorder.c does: 12 names that
// order before the 4th grow it to 4 blocks, and the listing of all 32
// walks the leaves in order. The listing's hash was another than the
// leaves' (8 seeds in 10 stayed at 3 blocks).
func TestSeededListingWalksTheLeaves(t *testing.T) {
	t.Parallel()
	name := func(c byte, i int) string {
		return string([]byte{c, byte('A' + i/26%26), byte('A' + i/676)}) + strings.Repeat(string(rune('a'+i%26)), 197)
	}
	dir := fileKey{1, 2}
	stayed := 0
	for s := range 200 {
		v := NewVirtual(0, []byte("seed "+strconv.Itoa(s)))
		var d []experimentalsys.Dirent
		for i := range 20 {
			v.entryAdded(dir, name('n', i))
			d = append(d, experimentalsys.Dirent{Name: name('n', i)})
		}
		v.orderByName(d)
		mark, kept := d[3].Name, 0
		for i := 0; i < 2000 && kept < 12; i++ {
			pair := []experimentalsys.Dirent{{Name: mark}, {Name: name('c', i)}}
			if v.orderByName(pair); pair[0].Name != mark {
				v.entryAdded(dir, name('c', i))
				d = append(d, pair[0])
				kept++
			}
		}
		v.mu.Lock()
		blocks := v.dirBlocks(dir)
		v.mu.Unlock()
		if blocks != 4 {
			stayed++
			if stayed <= 3 {
				t.Errorf("seed %d: %d names that list before the 4th: %d blocks; want 4 (ext4: the first leaf overflows)", s, kept, blocks)
			}
		}
		v.orderByName(d)
		leaves := v.dx[dir]
		for i := 1; i < len(d); i++ {
			if a, b := leaves.leafOf(v.nameHash(d[i-1].Name)), leaves.leafOf(v.nameHash(d[i].Name)); a > b {
				t.Errorf("seed %d: the listing goes from leaf %d back to leaf %d", s, a, b)
				break
			}
		}
	}
	if stayed > 0 {
		t.Errorf("%d seeds of 200 did not grow as ext4", stayed)
	}
}
