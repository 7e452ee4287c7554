package sandboxfs

import (
	"io/fs"

	"github.com/tetratelabs/wazero/sys"
)

// An unseeded run shows a Private's copied entries as the originals they
// are copies of, as Subako's runtime (which makes no copy: the module
// writes the one directory) shows the same files before and after the
// module's first change there. The copy's files are new inodes, born at
// the copy: the module's first change in /package moved every file's ino
// (wasmtime's metadata_hash of the copy's device and inode), its ctim (the
// copy's birth time) and its atim (the copy was given its mtim as atim),
// by path and through a descriptor opened before, and /package's own: a
// path_filestat_get, a path_create_directory and the same stat again told
// the host from Subako's runtime in every unseeded run with a package
// (attack pass 50a, row 1). So the copier gives each copy the original's
// atime and mtime (copier.finish) and records, for each entry it copies,
// the original's device, inode and birth time under the copy's device and
// inode (origins); the unseeded stat answers (Mount.stat, osFile.Ino,
// virtualDirents: path_filestat_get, fd_filestat_get, fd_readdir's d_ino
// and ".."'s) give the original's metadata_hash and birth time for a copy's
// key. An entry the module removes (unlink, rmdir, a rename over it) is
// forgotten, so that a new file the file system gives the same inode is a
// new file. A seeded run keeps its own identities (Virtual.copied).

// origin is what an entry showed before its copy: the original's real
// device and inode, and its birth time (ns since the epoch, 0 for none).
type origin struct {
	key   fileKey
	birth int64
}

// originOf is the origin of the file of the mount's Private copy whose
// real device and inode are dev and ino, or ok false (not a copy's entry,
// no Private, or a seeded run, whose Virtual maps it).
func (m *Mount) originOf(dev, ino uint64) (o origin, ok bool) {
	p := m.private
	if p == nil || m.virt != nil {
		return origin{}, false
	}
	p.idMu.RLock()
	defer p.idMu.RUnlock()
	o, ok = p.origins[fileKey{dev, ino}]
	return o, ok
}

// shownIno is the inode an unseeded run shows for the real dev and ino:
// wasmtime's metadata_hash of the original's, for a copy's entry.
func (m *Mount) shownIno(dev, ino uint64) uint64 {
	if o, ok := m.originOf(dev, ino); ok {
		return wasmtimeIno(o.key.dev, o.key.ino)
	}
	return wasmtimeIno(dev, ino)
}

// shownBirth is the birth time an unseeded run shows (as ctim) for the
// real dev and ino, whose own birth time birth reads.
func (m *Mount) shownBirth(dev, ino uint64, birth func() int64) int64 {
	if o, ok := m.originOf(dev, ino); ok {
		return o.birth
	}
	return birth()
}

// forgetCopied forgets the origin of the entry info describes (its name
// removed, or renamed over), unless a file with other hard links, or at
// the last close of a descriptor that holds it (holds.go).
func (m *Mount) forgetCopied(info fs.FileInfo) {
	p := m.private
	if p == nil || m.virt != nil || (!info.IsDir() && links(info) > 1) {
		return
	}
	p.idMu.Lock()
	defer p.idMu.Unlock()
	if k := keyOf(info); p.holds.forget(k) {
		delete(p.origins, k)
	}
}

// noteOrigin records that the copy's entry name (in dst) is a copy of the
// entry from describes, born at birth: for an unseeded run (origins), or
// a seeded run's Virtual.
func (c *copier) noteOrigin(name string, from fs.FileInfo, birth int64) error {
	to, err := c.dst.Lstat(name)
	if err != nil {
		return err
	}
	if c.virt != nil {
		c.virt.copied(from, to)
		return nil
	}
	if c.origins == nil {
		c.origins = make(map[fileKey]origin)
	}
	c.origins[keyOf(to)] = origin{keyOf(from), birth}
	return nil
}

// noteAtime records the access time of the entry info describes, as the
// dry walk meets it: before the walks read it, which moves it where the
// file system updates access times (relatime: once a day, or when it is
// not past the modification or change time), so that the copy is given
// the time the module could see before (finish).
func (c *copier) noteAtime(info fs.FileInfo) {
	if c.atimes != nil {
		c.atimes[keyOf(info)] = sys.NewStat_t(info).Atim
	}
}

// A file of the person's directory with several names there (hard links:
// a tar can ship them) is one file of the copy with the same names, as
// cp -a copies it: copied at its first name, linked at the others, so
// that its link count (and a write through one name read through
// another) is the original's after the module's first change, as on
// Subako's runtime, which makes no copy (attack pass 50c, row 6: a and b,
// one file, showed nlink 2 and 2 before the copy, 2 and 1 after). The
// copier remembers a copied file's first name until its other names are
// met (linked): at most maxLinkNames bytes of names at once, which a
// file's last name frees; a file met past that is copied at each of its
// names, as before. A name the copy cannot link (the copy's file
// system refused it) is copied. The names outside the directory (its
// link count counts them) are not in the copy: such a file shows the
// names the copy holds. PrivateLimits count a linked file's bytes at
// each of its names, as the dry walk meets them. All its links are in the
// copy, so it opens for writing as any file of the copy (knownlinks.go).

// linked is a copied file's first name in the copy and how many of its
// names the copier has still to meet.
type linked struct {
	name string
	left uint64
}

// maxLinkNames bounds the bytes of names the copier remembers for linking
// (linked): a package's hard links are a few; its entries are bounded by
// PrivateLimits.Entries, not the length of their names.
var maxLinkNames = 1 << 20

// linkCopied makes name, a file's name that info describes, a link to the
// file the copier copied at another of its names, and reports whether it
// did.
func (c *copier) linkCopied(name string, info fs.FileInfo) bool {
	n := links(info)
	if n < 2 || info.IsDir() {
		return false
	}
	k := keyOf(info)
	l, ok := c.linked[k]
	if !ok || c.dst.Link(l.name, name) != nil {
		return false
	}
	if l.left--; l.left == 0 {
		delete(c.linked, k)
		c.linkNames -= len(l.name)
		return true
	}
	c.linked[k] = l
	return true
}

// noteLinks remembers name, just copied, as the file's that info describes
// when it has other names to meet (linkCopied).
func (c *copier) noteLinks(name string, info fs.FileInfo) {
	n := links(info)
	if n < 2 || info.IsDir() || c.linkNames+len(name) > maxLinkNames {
		return
	}
	if c.linked == nil {
		c.linked = make(map[fileKey]linked)
	}
	c.linked[keyOf(info)] = linked{name, n - 1}
	c.linkNames += len(name)
}
