package sandboxfs

import (
	"sort"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// A seeded run lists a directory's entries in the order of a hash of
// their names keyed by the run's seed (nameHash), as ext4 lists them in
// the order of a hash of the names keyed by the seed mkfs drew: one seed,
// one order, and no order a module can test for. They were sorted by name
// (attack pass 43i, row 1), an order ext4 under wasmtime shows once in
// 16! listings of 16 names: one fd_readdir told the probes (attack pass
// 50a, row 5). "." and ".." stay first, where wasmtime's preview 1 puts
// them.
//
// The hash is the one the directory's leaves split by (dirsize.go), as
// ext4's readdir of an indexed directory walks its leaves, which hold
// ranges of the one hash, in hash order: the names that list first are
// the names of the first leaf. The listing was ordered by another SipHash
// (keys sipHash13(k0, k1, 4|5, 0)) than the leaves', so names a module
// picked for listing first spread over both leaves and the first did not
// overflow as ext4's does (attack pass 51b, row 4: 12288 for 8 seeds in
// 10 where wasmtime on ext4 shows 16384).

// nameHash is the seed's hash of an entry's name (SipHash-1-3 under a key
// drawn from the inode numbers' key): the listing's order (orderByName)
// and the leaves' hash ranges (entryAdded), one hash as ext4's.
func (v *Virtual) nameHash(name string) uint64 {
	return sipHashBytes(v.k0^0x6578743464697268, v.k1, name)
}

// orderByName orders d by the seed's hash of each entry's name (ties,
// which two names give once in 2^64, by the name).
func (v *Virtual) orderByName(d []experimentalsys.Dirent) {
	h := make([]uint64, len(d))
	for i := range d {
		h[i] = v.nameHash(d[i].Name)
	}
	sort.Sort(byHash{d, h})
}

type byHash struct {
	d []experimentalsys.Dirent
	h []uint64
}

func (b byHash) Len() int { return len(b.d) }
func (b byHash) Less(i, j int) bool {
	if b.h[i] != b.h[j] {
		return b.h[i] < b.h[j]
	}
	return b.d[i].Name < b.d[j].Name
}
func (b byHash) Swap(i, j int) {
	b.d[i], b.d[j] = b.d[j], b.d[i]
	b.h[i], b.h[j] = b.h[j], b.h[i]
}
