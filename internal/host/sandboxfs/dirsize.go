package sandboxfs

import (
	"io/fs"
	"sort"
)

// A seeded run's directory grows as an ext4 directory with dir_index (and
// no metadata_csum) grows, as a function of the module's operations and
// the seed, never shrinking: ext4 answers a directory's size as 4096 a
// block it was ever given (attack pass 50a, row 4: it was 4096 whatever
// its entries). An entry takes 8 bytes and its name rounded up to 4; the
// first block holds "." and ".." (12 bytes each) and the entries while
// they fit; the entry that does not fit makes the directory an index (a
// root block and two leaves, the entries split between them by hash),
// and an entry that does not fit in its leaf splits it: the leaf's
// entries in hash order, the upper ones moved to a new block while they
// make up less than half a block. A root indexes 508 leaves; the split
// that needs a 509th makes a second level (the root's entries moved to an
// index block of 511, the root pointing at it) and a full index block
// gives its upper half to a new one, as ext4_dx_add_entry does (attack
// pass 50c, row 8: leaves stopped splitting at 508). The hash is the
// seed's (SipHash-1-3 of the name), as ext4's is the seed mkfs drew.
// Measured with wasmtime v39 on ext4 (no metadata_csum): 200-byte names:
// 4096 up to 19 entries, 12288 at the 20th, as here; later splits fall
// where the hash puts them. Not modelled: a third level (large_dir, past
// 508 index blocks: beyond a call's Entries cap), entries a directory
// held before the module first changed it (/package's), and
// metadata_csum's 12 bytes a block.

const (
	dxBlock = 4096
	dxFirst = dxBlock - 24 // the first block, beside "." and ".."
	dxRoots = 508          // the entries of the root block: (4096-24-8)/8
	dxNode  = 511          // the entries of an index block: (4096-8)/8
)

// dxDir is one directory's blocks as ext4 lays them out.
type dxDir struct {
	blocks int       // the most blocks it had: its size / 4096
	linear dxLeaf    // its one block, while it is not indexed
	leaves []*dxLeaf // by start hash, once it is indexed
	nodes  []int     // the leaves of each index block, in order, once the root indexes them
}

// dxLeaf is a block of entries: each by its name's hash (64 bits, so
// that two names of a directory share one once in 2^64) and its rec_len;
// no name is held, only a number or two an entry.
type dxLeaf struct {
	start uint64
	used  int
	names map[uint64]int
}

func recLen(name string) int { return (8 + len(name) + 3) &^ 3 }

func (v *Virtual) nameHash(name string) uint64 {
	return sipHashBytes(v.k0^0x6578743464697268, v.k1, name)
}

// entryAdded records that the module made an entry name in the directory
// whose real device and inode are dir. v.mu is not held.
func (v *Virtual) entryAdded(dir fileKey, name string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.dx == nil {
		v.dx = map[fileKey]*dxDir{}
	}
	d := v.dx[dir]
	if d == nil {
		d = &dxDir{blocks: 1}
		v.dx[dir] = d
	}
	h, r := v.nameHash(name), recLen(name)
	if d.leaves == nil {
		if d.linear.used+r <= dxFirst {
			d.linear.add(h, r)
			return
		}
		l := d.linear
		d.leaves = []*dxLeaf{&l}
		d.linear = dxLeaf{}
		d.split(0)
	}
	i := d.leafOf(h)
	for d.leaves[i].used+r > dxBlock && len(d.leaves[i].names) > 1 && d.room(i) {
		d.split(i)
		i = d.leafOf(h)
	}
	d.leaves[i].add(h, r)
}

// room makes the index over leaf i able to take one more leaf, as
// ext4_dx_add_entry does before a split, and is false when it cannot (a
// third level, ext4's large_dir: past 508 index blocks of 511 leaves,
// which a call's Entries cap never reaches; the entry is then added to
// its leaf). A full root becomes the one entry of a new index block
// given all its leaves; a full index block gives its upper half to a new
// one. Index blocks are never given back.
func (d *dxDir) room(i int) bool {
	if d.nodes == nil {
		if len(d.leaves) < dxRoots {
			return true
		}
		d.nodes = []int{len(d.leaves)}
		d.blocks++
		return true
	}
	j := d.nodeOf(i)
	if d.nodes[j] < dxNode {
		return true
	}
	if len(d.nodes) >= dxRoots {
		return false
	}
	lower := d.nodes[j] / 2
	d.nodes = append(d.nodes[:j+1], append([]int{d.nodes[j] - lower}, d.nodes[j+1:]...)...)
	d.nodes[j] = lower
	d.blocks++
	return true
}

// nodeOf is the index block whose leaves hold leaf i.
func (d *dxDir) nodeOf(i int) int {
	for j, n := range d.nodes {
		if i < n {
			return j
		}
		i -= n
	}
	return len(d.nodes) - 1
}

func (l *dxLeaf) add(h uint64, r int) {
	if l.names == nil {
		l.names = map[uint64]int{}
	}
	l.names[h] = r
	l.used += r
}

// leafOf is the leaf whose hash range holds h.
func (d *dxDir) leafOf(h uint64) int {
	return sort.Search(len(d.leaves), func(i int) bool { return d.leaves[i].start > h }) - 1
}

// split moves the upper entries (by hash) of leaf i to a new block while
// they make up less than half a block, as ext4's do_split.
func (d *dxDir) split(i int) {
	l := d.leaves[i]
	type ent struct {
		h uint64
		r int
	}
	es := make([]ent, 0, len(l.names))
	for h, r := range l.names {
		es = append(es, ent{h, r})
	}
	sort.Slice(es, func(a, b int) bool { return es[a].h < es[b].h })
	size, move, at := 0, 0, len(es)-1
	for ; at >= 0; at-- {
		r := es[at].r
		if size+r/2 > dxBlock/2 {
			break
		}
		size += r
		move++
	}
	cut := len(es) - move
	if at <= 0 {
		cut = len(es) / 2
	}
	nl := &dxLeaf{start: es[cut].h}
	for _, e := range es[cut:] {
		delete(l.names, e.h)
		l.used -= e.r
		nl.add(e.h, e.r)
	}
	if d.nodes != nil {
		d.nodes[d.nodeOf(i)]++ // the new leaf goes beside leaf i, in its index block
	}
	d.leaves = append(d.leaves[:i+1], append([]*dxLeaf{nl}, d.leaves[i+1:]...)...)
	d.blocks = max(d.blocks, 1+len(d.nodes)+len(d.leaves))
}

// entryRemoved records that the entry name of the directory dir is gone;
// the directory keeps its blocks. A directory removed (info) is forgotten.
func (v *Virtual) entryRemoved(dir fileKey, name string, info fs.FileInfo) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if info != nil && info.IsDir() {
		delete(v.dx, keyOf(info))
	}
	d := v.dx[dir]
	if d == nil {
		return
	}
	h := v.nameHash(name)
	l := &d.linear
	if d.leaves != nil {
		l = d.leaves[d.leafOf(h)]
	}
	if r, ok := l.names[h]; ok {
		delete(l.names, h)
		l.used -= r
	}
}

// dirBlocks is the blocks the directory key was ever given. v.mu is held.
func (v *Virtual) dirBlocks(key fileKey) int64 {
	if d := v.dx[key]; d != nil {
		return int64(d.blocks)
	}
	return 1
}

// parentKey is the real key of the directory of name in mount m (the
// one its path resolves to, through a symbolic link to it: Lstat counted
// l/x for the link l -> d, attack pass 50c, row 4), ok false when it
// cannot be read.
func (m *Mount) parentKey(name string) (fileKey, bool) {
	dir, _ := lastComponent(name, false)
	info, err := m.root.Stat(dir)
	if err != nil {
		return fileKey{}, false
	}
	return keyOf(info), true
}

// entryAdded records, under a Virtual, the entry name the module made.
func (m *Mount) entryAdded(name string) {
	if m.virt == nil {
		return
	}
	if k, ok := m.parentKey(name); ok {
		_, base := lastComponent(name, false)
		m.virt.entryAdded(k, base)
	}
}

// entryRemoved records, under a Virtual, that the entry name (info, what
// it named) is gone.
func (m *Mount) entryRemoved(name string, info fs.FileInfo) {
	if m.virt == nil {
		return
	}
	if k, ok := m.parentKey(name); ok {
		_, base := lastComponent(name, false)
		m.virt.entryRemoved(k, base, info)
	}
}
