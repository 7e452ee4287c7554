package sandboxfs

import (
	"crypto/sha256"
	"encoding/binary"
	"io"
	"io/fs"
	"sort"
	"sync"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// Virtual is what a seeded run (the probes' calls) sees of its mounts'
// metadata: a function of the module's own operations, never of the host's
// file system. Its fresh volume was made by the host a moment before, so the
// real times of its files are the real date, to the nanosecond, and its
// inode numbers are the host file system's: a module that hashed
// /volume/tmp's mtime chose its verdict by the real clock, from run to run
// (attack pass 43c, row 1). Through a Virtual:
//   - every time a file shows (atime, mtime, ctime) is start, the seeded
//     run's wall clock start, but for the atime and mtime the module set
//     (path_filestat_set_times, fd_filestat_set_times), shown as it set
//     them; writes leave the times as they were, as a file system with a
//     coarse clock does within one tick;
//   - inode numbers are given in the order the module first sees each file:
//     the n-th file seen is SipHash-1-3 of n under a key of the run's seed,
//     64 bits spread as wasmtime's metadata_hash (inode.go; they were 1, 2,
//     3 ...: attack pass 49a, row 3), and a file removed for good is
//     forgotten, so that a new file the host file system gives the same
//     inode is a new file here too;
//   - each mount shows the device Mount.Virtualize gives it (the host
//     gives them all WasmtimeDev, as Subako's runtime shows them);
//   - a directory's size is 0 and its link count 1, and fd_readdir lists a
//     directory's entries sorted by name (after "." and "..", which wazero
//     puts first): the host file system's own order is its own (ext4's
//     hash order under the hash seed mkfs drew, tmpfs's newest first) and
//     so is a directory's size (4096 or 1024 on ext4, 40 bytes and 20 an
//     entry on tmpfs) and link count (2 and one a subdirectory on ext4, 1
//     on btrfs): a module branching on them had its verdict follow the
//     disk $TMPDIR is on (attack pass 43i, row 1). A regular file's size
//     and link count are the module's own doing, and stay real.
//
// It is shared by the mounts of one run and safe for concurrent use.
type Virtual struct {
	start  int64  // ns since the epoch
	k0, k1 uint64 // the key of the inode numbers, from the seed
	mu     sync.Mutex
	next   uint64
	files  map[fileKey]*virtualFile
}

// fileKey is a file's real device and inode.
type fileKey struct{ dev, ino uint64 }

// keyOf is the fileKey of the file info describes.
func keyOf(info fs.FileInfo) fileKey {
	st := sys.NewStat_t(info)
	return fileKey{st.Dev, st.Ino}
}

type virtualFile struct {
	ino        uint64
	atim, mtim int64
}

// NewVirtual returns a Virtual whose files show start (ns since the epoch)
// as their times until the module sets them, and inode numbers drawn
// from seed and the order the module sees them.
func NewVirtual(start int64, seed []byte) *Virtual {
	key := sha256.Sum256(append([]byte("subako inode numbers\x00"), seed...))
	return &Virtual{
		start: start, files: map[fileKey]*virtualFile{},
		k0: binary.LittleEndian.Uint64(key[:8]), k1: binary.LittleEndian.Uint64(key[8:16]),
	}
}

// Ino is the inode number the n-th file the module sees (from 1) shows.
func (v *Virtual) Ino(n uint64) uint64 { return sipHash13(v.k0, v.k1, 0, n) }

// file is the virtual file of key, made on first sight. v.mu is held.
func (v *Virtual) file(key fileKey) *virtualFile {
	f := v.files[key]
	if f == nil {
		v.next++
		f = &virtualFile{ino: v.Ino(v.next), atim: v.start, mtim: v.start}
		v.files[key] = f
	}
	return f
}

// stat turns a real Stat_t of a file of mount m into what the module sees.
func (v *Virtual) stat(m *Mount, st sys.Stat_t) sys.Stat_t {
	v.mu.Lock()
	defer v.mu.Unlock()
	f := v.file(fileKey{st.Dev, st.Ino})
	st.Dev, st.Ino = m.vdev, f.ino
	st.Atim, st.Mtim, st.Ctim = f.atim, f.mtim, v.start
	if st.Mode.IsDir() {
		st.Size, st.Nlink = 0, 1
	}
	return st
}

// ino is the virtual inode of the real inode ino on device dev.
func (v *Virtual) ino(dev, ino uint64) uint64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.file(fileKey{dev, ino}).ino
}

// setTimes records the times the module set on the file info describes
// (UTIME_OMIT keeps one).
func (v *Virtual) setTimes(info fs.FileInfo, atim, mtim int64) {
	v.setTimesOf(keyOf(info), atim, mtim)
}

// setTimesOf is setTimes of the file whose real device and inode are key.
func (v *Virtual) setTimesOf(key fileKey, atim, mtim int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	f := v.file(key)
	if atim != experimentalsys.UTIME_OMIT {
		f.atim = atim
	}
	if mtim != experimentalsys.UTIME_OMIT {
		f.mtim = mtim
	}
}

// removed forgets the file info describes, which a name's removal (or a
// rename over it) ended, unless it has other hard links.
func (v *Virtual) removed(info fs.FileInfo) {
	if !info.IsDir() && links(info) > 1 {
		return
	}
	st := sys.NewStat_t(info)
	v.mu.Lock()
	defer v.mu.Unlock()
	delete(v.files, fileKey{st.Dev, st.Ino})
}

// Virtualize makes the mount show the metadata of v (nil: the real file
// system's) as device dev. It is called before the module runs.
func (m *Mount) Virtualize(v *Virtual, dev uint64) {
	m.virt, m.vdev = v, dev
}

// stat is the module's view of a real Stat_t of this mount, whose birth
// time (ns since the epoch, 0 for none) birth reads. Unseeded, that is
// what Subako's runtime shows: the device WasmtimeDev, the inode
// wasmtime's metadata_hash (wasmtimeIno), and the birth time as ctim
// (birthtime_linux.go).
func (m *Mount) stat(st sys.Stat_t, birth func() int64) sys.Stat_t {
	if m.virt == nil {
		st.Dev, st.Ino, st.Ctim = WasmtimeDev, wasmtimeIno(st.Dev, st.Ino), birth()
		return st
	}
	return m.virt.stat(m, st)
}

// Stat is the module's view of the open file's Stat_t.
func (o *osFile) Stat() (sys.Stat_t, experimentalsys.Errno) {
	st, e := o.File.Stat()
	if e != 0 {
		return st, e
	}
	return o.m.stat(st, func() int64 { return fileBirthTime(o.f) }), 0
}

// Ino is the module's view of the open file's inode (the "." entry of
// fd_readdir, and the ".." entry's: host.dotDotIno).
func (o *osFile) Ino() (sys.Inode, experimentalsys.Errno) {
	if o.m.virt == nil {
		dev, e := o.File.Dev()
		if e != 0 {
			return 0, e
		}
		ino, e := o.File.Ino()
		return wasmtimeIno(dev, ino), e
	}
	st, e := o.Stat()
	return st.Ino, e
}

// Dev is the module's view of the open file's device.
func (o *osFile) Dev() (uint64, experimentalsys.Errno) {
	if o.m.virt == nil {
		_, e := o.File.Dev()
		return WasmtimeDev, e
	}
	st, e := o.Stat()
	return st.Dev, e
}

// readdirSorted is Readdir under a Virtual: the first read after the
// directory was opened or rewound lists it whole, direntChunk at a time
// with the run's checks between, and sorts the entries by name; reads give
// them out from that list. wazero's cookies count entries since the
// rewind, so a cookie names the same entry however the reads are cut.
// The listing held is charged to the run's listings, bounded by
// MaxListing (chargeListing).
//
// A rewind (fd_readdir at cookie 0 after entries were read) is wazero's
// Seek to the start, which it carries out at the next Readdir by opening
// the directory again (opener.Open): so every read first reads one entry
// through wazero, which lets a pending rewind happen (and at the end of a
// listing reads nothing), and a new open lists the directory again from
// its start.
func (o *osFile) readdirSorted(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	opens := o.opener.opens
	if _, e := o.adapterReaddir(1); e != 0 {
		return nil, e
	}
	if o.sorted == nil || o.opener.opens != opens {
		if _, err := o.f.Seek(0, io.SeekStart); err != nil {
			return nil, experimentalsys.UnwrapOSError(err)
		}
		all, e := o.readdirChunks(-1)
		if e != 0 {
			return nil, e
		}
		if all == nil {
			all = []experimentalsys.Dirent{}
		}
		sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
		o.sorted = all
	}
	if n <= 0 || n > len(o.sorted) {
		n = len(o.sorted)
	}
	d := o.sorted[:n:n]
	o.sorted = o.sorted[n:]
	return d, 0
}

// virtualDirents turns the real inodes of a directory's entries into what
// the module sees (the entries are on the directory's device): wasmtime's
// metadata_hash unseeded, the Virtual's numbers seeded.
func (o *osFile) virtualDirents(d []experimentalsys.Dirent) experimentalsys.Errno {
	if len(d) == 0 {
		return 0
	}
	dev, e := o.File.Dev()
	if e != 0 {
		return e
	}
	for i := range d {
		if o.m.virt == nil {
			d[i].Ino = wasmtimeIno(dev, d[i].Ino)
		} else {
			d[i].Ino = o.m.virt.ino(dev, d[i].Ino)
		}
	}
	return 0
}

// copied makes the file to describes (a private copy's, Private) the file
// from describes is, when the module has seen it: the copy keeps its
// inode number and the times the module set.
func (v *Virtual) copied(from, to fs.FileInfo) {
	a, b := sys.NewStat_t(from), sys.NewStat_t(to)
	v.mu.Lock()
	defer v.mu.Unlock()
	if f := v.files[fileKey{a.Dev, a.Ino}]; f != nil {
		v.files[fileKey{b.Dev, b.Ino}] = f
	}
}
