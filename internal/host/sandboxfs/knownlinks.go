package sandboxfs

import (
	"io/fs"
	"os"
	"sync"
)

// A regular file with more than one hard link is not opened for writing,
// truncated or given times (ErrLinked): in the person's volume another
// of its links may be outside the mount, and writing it would change a
// file outside. But a module may make a link itself (path_link), and a
// file it linked was refused where Subako's runtime opens and writes it:
// a tell in two calls, every run (attack pass 51d, row 1). So the run
// remembers, for each file the module linked, how many of its links are
// known to be inside the run's mounts (knownLinks), and a file is
// writable when its link count (the opened descriptor's fstat, as
// before) is at most that many, or 1. A link made to a file whose links
// were all known (one link, or as many as known) makes one more known;
// a link made to any other file answers as before, and the file stays
// refused. A name of a known file removed by the module (an unlink, a
// rename or a save over it) makes one fewer known. A link made, or a
// name removed, outside the run is not known: a link added outside
// makes the file refused again, as its count passes the known one.
//
// A Private's copy (/package, /skills) holds only the copier's files,
// linked only inside the copy (copier.linkCopied) or by the module
// there: no file of it has a link outside, so its files are writable
// whatever their link count (Mount.linkedOutside).

// knownLinks counts, for each file the module linked in the run (by
// device and inode), the links known to be inside the run's mounts;
// at most the call's Entries limit of files are remembered.
type knownLinks struct {
	mu sync.Mutex
	n  map[fileKey]uint64
}

// linkedOutside says whether the regular file info describes may have a
// link outside the mount: it has more than one, and not all of them are
// known to be the run's.
func (m *Mount) linkedOutside(info fs.FileInfo) bool {
	return m.linkedOutsideKey(keyOf(info), links(info))
}

// linkedOutsideKey is linkedOutside of the file of device and inode key
// with n links.
func (m *Mount) linkedOutsideKey(key fileKey, n uint64) bool {
	if n <= 1 || m.private != nil {
		return false
	}
	b := m.budget
	if b == nil {
		return true
	}
	b.known.mu.Lock()
	defer b.known.mu.Unlock()
	return n > b.known.n[key]
}

// linkMade records the link the module made to the file before
// describes (its lstat before the link), which after (the new name's)
// shows with one more link: when all of before's links were known, all
// of after's are.
func (m *Mount) linkMade(before, after fs.FileInfo) {
	b := m.budget
	if b == nil || m.private != nil || !before.Mode().IsRegular() || !os.SameFile(before, after) ||
		links(after) != links(before)+1 || m.linkedOutside(before) {
		return
	}
	b.known.mu.Lock()
	defer b.known.mu.Unlock()
	k := keyOf(after)
	if _, ok := b.known.n[k]; !ok && int64(len(b.known.n)) >= b.lim.Entries {
		return
	}
	if b.known.n == nil {
		b.known.n = make(map[fileKey]uint64)
	}
	b.known.n[k] = links(after)
}

// linkGone records that the module removed a name of the file info
// describes (its lstat before the removal).
func (m *Mount) linkGone(info fs.FileInfo) {
	b := m.budget
	if b == nil || info.IsDir() {
		return
	}
	b.known.mu.Lock()
	defer b.known.mu.Unlock()
	k := keyOf(info)
	n, ok := b.known.n[k]
	if !ok {
		return
	}
	if n <= 2 {
		delete(b.known.n, k)
		return
	}
	b.known.n[k] = n - 1
}
