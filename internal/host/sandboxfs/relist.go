package sandboxfs

import (
	"io"
	"sync/atomic"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// Each fd_readdir of Subako's runtime (wasmtime v39's preview 1) lists the
// directory afresh, as it is at the call, and skips `cookie` entries ("."
// and ".." the first two): a read on at a later cookie shows the entries
// made since and not the ones removed. The host served a snapshot, wazero's
// cache of the descriptor's listing (or a seeded run's sorted listing) read
// at cookie 0, so a listing read on after a change told the two apart
// (attack pass 50c, row 2). The host has wazero's cache start over at an
// fd_readdir that may see a change (below; host.relistDirectory) and asks
// the directory for a fresh listing through Relist(k), which lists it
// again from its start at the next Readdir and skips its first k entries. The skipped entries are read as
// names only (getdents, no lstat), direntChunk at a time with the run's
// checks between; under a Virtual the listing is sorted whole and the
// first k of the seed's order dropped. The work is the module's (its
// thread, its time), as wasmtime's, which lists the directory whole at
// each call, and bounded by the directory's entries.

// A listing is only relisted when it may have changed: each change of a
// directory's entries the run makes (create, mkdir, link, symlink,
// rename, unlink, rmdir, through any of its mounts, or a saved subako_http
// response) counts in the run's Budget (Namespace), and the host keeps
// wazero's cached listing while the count is the one of the descriptor's
// previous fd_readdir and the cookie is inside what that call listed
// (ReaddirMark). Only the run changes its directories, so a scan in small
// buffers of a directory nothing changes lists it once, and a seeded
// run's listing is sorted once per change, not per call
// (TestSequentialScanWithinBound, TestReaddirListsAfreshAsWasmtime).

// unbudgeted counts the changes made through mounts without a Budget.
var unbudgeted atomic.Uint64

func (m *Mount) namespace() *atomic.Uint64 {
	if m.budget != nil {
		return &m.budget.namespace
	}
	return &unbudgeted
}

// namespaceChanged counts a change (or an attempt at one) of the entries
// of a directory of the run.
func (m *Mount) namespaceChanged() { m.namespace().Add(1) }

// ReaddirMark is what the host keeps of a directory descriptor's last
// fd_readdir (host.relistDirectory).
type ReaddirMark struct {
	// Set says the rest holds: the last call succeeded.
	Set bool
	// Namespace is the run's count of changes at that call (Namespace).
	Namespace uint64
	// Shift is the module's cookie less wazero's position in its cache.
	Shift uint64
	// From and To are the module's cookies that call's listing holds:
	// the one it read at, and the next past what it wrote.
	From, To uint64
}

// Namespace is the count of the changes the run made to its directories'
// entries so far.
func (o *osFile) Namespace() uint64 { return o.m.namespace().Load() }

// Mark is the host's ReaddirMark of the directory.
func (o *osFile) Mark() *ReaddirMark { return &o.mark }

// Relist has the directory's next Readdir list it afresh from its start
// and skip its first skip entries (above); ENOTDIR for a file.
func (o *osFile) Relist(skip int64) experimentalsys.Errno {
	if dir, e := o.IsDir(); e != 0 || !dir {
		return experimentalsys.ENOTDIR
	}
	// The adapter opens the directory again (opener.Open) at its next
	// Readdir: a rewind, which gives back what the listing held.
	if _, e := o.Seek(0, io.SeekStart); e != 0 {
		return e
	}
	o.sorted, o.skip = nil, max(skip, 0)
	return 0
}

// skipEntries skips the entries a relist asked to skip (o.skip) of a
// listing in the host file system's order: the first through the adapter,
// which carries out its pending rewind, the rest as names.
func (o *osFile) skipEntries() experimentalsys.Errno {
	if o.skip <= 0 {
		return 0
	}
	d, e := o.adapterReaddir(1)
	if e != 0 || len(d) == 0 {
		o.skip = 0
		return e
	}
	o.skip--
	for o.skip > 0 {
		if o.m.stopped() {
			return experimentalsys.EINTR
		}
		names, err := o.f.Readdirnames(int(min(o.skip, direntChunk)))
		o.skip -= int64(len(names))
		if len(names) == 0 || err != nil {
			o.skip = 0
			if err == io.EOF {
				return 0
			}
			return experimentalsys.UnwrapOSError(err)
		}
	}
	return 0
}

// skipSorted drops the entries a relist asked to skip from the front of a
// sorted listing.
func (o *osFile) skipSorted() {
	k := int(min(o.skip, int64(len(o.sorted))))
	o.sorted, o.skip = o.sorted[k:], 0
}
