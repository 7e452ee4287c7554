package sandboxfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/experimental/sysfs"
)

// osFile is an open file of a mount. wazero's adapter of an fs.File
// (sysfs.AdaptFS) does the bookkeeping (stat, seek, directory listing with
// inodes and rewinds); osFile takes over what must be confined or bounded:
// writes are charged to the budget before they are made, every read or
// write moves at most chunk bytes between checks that the run goes on, and
// times are set through the os.Root.
type osFile struct {
	experimentalsys.File
	m    *Mount
	name string // relative to the mount
	flag experimentalsys.Oflag
	f    *os.File
	// readOnly says the module opened the file read-only with O_TRUNC,
	// which the host opened for writing too, to truncate it through its
	// descriptor (see mountFS.OpenFile): writes answer what a read-only
	// descriptor's do.
	readOnly bool
	// sorted is what is left to list of a directory under a Virtual
	// (readdirSorted); nil until it is listed.
	sorted []experimentalsys.Dirent
	// skip is how many entries the next Readdir skips of a directory's
	// fresh listing (Seek, relist.go).
	skip int64
	// mark is the host's note of the directory's last fd_readdir.
	mark ReaddirMark
	// opener is the adapter's fs.FS, whose opens count the directory's
	// rewinds.
	opener *opener
	// listed is what the directory's listing since its last rewind is
	// charged to the budget, listedOpens the opener's opens at the time
	// (listing.go).
	listed      int64
	listedOpens int
	// listedOnce says the directory was listed (Readdir) at least once.
	listedOnce bool
	// held is the real device and inode of the file o holds (holds.go),
	// while holding.
	held    fileKey
	holding bool
}

// opener is the fs.FS behind the adapter: its first Open hands over the
// file already opened with the module's flags. wazero rewinds a directory
// (fd_readdir at cookie 0 after entries were read) by opening its name
// again and closing the old file; a later Open therefore hands over the
// same file, sought back to its start (which rewinds a directory's
// listing), instead of opening whatever now has the name: that open was
// blocking and unchecked, so a FIFO renamed into the directory's name
// held the host call in open(2) waiting for a writer (attack pass 42m,
// row 4). Each handle it gives closes the file only while it is the
// latest, so wazero's close of the old one after a rewind is a no-op.
//
// pending is, for a directory a Private's copy found listed (osFile.move),
// the same directory in the copy: the next rewind lists it instead, and
// closes f.
type opener struct {
	f       *os.File
	opens   int
	pending *os.File
}

func (o *opener) Open(string) (fs.File, error) {
	switch {
	case o.opens > 0 && o.pending != nil:
		_ = o.f.Close()
		o.f, o.pending = o.pending, nil
	case o.opens > 0:
		if _, err := o.f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
	}
	o.opens++
	return &handle{File: o.f, o: o, n: o.opens}, nil
}

// handle is one Open of an opener's file.
type handle struct {
	*os.File
	o *opener
	n int
}

func (h *handle) Close() error {
	if h.n != h.o.opens {
		return nil
	}
	return h.File.Close()
}

func newFile(m *Mount, name string, flag experimentalsys.Oflag, f *os.File) (*osFile, experimentalsys.Errno) {
	o := &osFile{m: m, name: name, flag: flag}
	if e := o.adapt(f); e != 0 {
		return nil, e
	}
	if m.private != nil {
		m.private.track(o)
	}
	o.hold()
	return o, 0
}

// adapt makes f the file o reads and writes, through a new adapter
// (whose cached identity is f's), closing f when that fails.
func (o *osFile) adapt(f *os.File) experimentalsys.Errno {
	op := &opener{f: f}
	adapted, e := (&sysfs.AdaptFS{FS: op}).OpenFile(o.name, experimentalsys.O_RDONLY, 0)
	if e != 0 {
		_ = f.Close()
		return e
	}
	o.File, o.f, o.opener = adapted, f, op
	return 0
}

func (o *osFile) IsAppend() bool { return o.flag&experimentalsys.O_APPEND != 0 }

// IsNonblock says whether the module asked for NONBLOCK (at path_open or
// fd_fdstat_set_flags), which fd_fdstat_get reports, as Subako's runtime
// does. A regular file or a directory never blocks; the descriptor is
// opened non-blocking in any case (see mountFS.OpenFile).
func (o *osFile) IsNonblock() bool { return o.flag&experimentalsys.O_NONBLOCK != 0 }

// SetNonblock notes NONBLOCK on or off for fd_fdstat_get (wazero's
// default answered ENOSYS: attack pass 45a, row 6).
func (o *osFile) SetNonblock(enable bool) experimentalsys.Errno {
	if enable {
		o.flag |= experimentalsys.O_NONBLOCK
	} else {
		o.flag &^= experimentalsys.O_NONBLOCK
	}
	return 0
}

// adapterReaddir is the adapter's Readdir. A rewind it carried out may
// have moved the directory to a Private's copy (opener.pending): o.f then
// follows, and the adapter's cached device and inode are read again.
func (o *osFile) adapterReaddir(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	d, e := o.File.Readdir(n)
	if o.f != o.opener.f {
		o.f = o.opener.f
		o.hold()
		if _, se := o.File.Stat(); e == 0 {
			e = se
		}
	}
	return d, e
}

// Poll answers that a file is ready: wazero's poll_oneoff, its one
// caller, is replaced by the host's (host.pollOneoff).
func (o *osFile) Poll(experimentalsys.Pflag, int32) (bool, experimentalsys.Errno) { return true, 0 }

// SetAppend turns append mode on or off (fd_fdstat_set_flags), as Subako's
// runtime does for a file the module opened; wazero's default answered
// ENOSYS, so a C module's fcntl(fd, F_SETFL, O_APPEND) failed here and
// worked on Subako (attack pass 45a, row 6).
func (o *osFile) SetAppend(enable bool) experimentalsys.Errno {
	if enable == o.IsAppend() {
		return 0
	}
	if err := setAppend(o.f, enable); err != nil {
		return errno(err)
	}
	if enable {
		o.flag |= experimentalsys.O_APPEND
	} else {
		o.flag &^= experimentalsys.O_APPEND
	}
	return 0
}

func (o *osFile) Read(buf []byte) (int, experimentalsys.Errno) {
	if len(buf) == 0 {
		return 0, 0
	}
	if o.m.stopped() {
		return 0, experimentalsys.EINTR
	}
	n, err := o.f.Read(buf[:min(len(buf), chunk)])
	o.readBy(err)
	return n, ioErrno(err)
}

func (o *osFile) Pread(buf []byte, off int64) (int, experimentalsys.Errno) {
	if len(buf) == 0 {
		return 0, 0
	}
	if off < 0 { // past 2^63-1 as WASI's u64: EINVAL, as pread(2); was EIO (attack pass 48a, row 3)
		return 0, experimentalsys.EINVAL
	}
	if o.m.stopped() {
		return 0, experimentalsys.EINTR
	}
	n, err := o.f.ReadAt(buf[:min(len(buf), chunk)], off)
	o.readBy(err)
	return n, ioErrno(err)
}

// direntChunk is how many entries Readdir lists between checks that the
// run goes on.
const direntChunk = 1024

// Readdir lists at most n entries (all that are left when n <= 0),
// direntChunk at a time, checking before each chunk that the run goes on
// (EINTR once it stopped): one fd_readdir of a 16 MiB buffer asks for
// ~700,000 entries, an lstat each, in one host call, which listed a
// volume directory of 100,000 files for 4 times a 50 ms limit (attack pass
// 42f, row 2). Under a Virtual the entries come in the order of
// the seed's hash of their names (readdirSorted, orderByName).
func (o *osFile) Readdir(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	o.listedOnce = true
	if o.m.virt != nil {
		return o.readdirSorted(n)
	}
	if e := o.skipEntries(); e != 0 {
		return nil, e
	}
	return o.readdirChunks(n)
}

// readdirChunks lists at most n entries (all when n <= 0) in the host file
// system's order, direntChunk at a time, each chunk charged to the run's
// listings (chargeListing).
func (o *osFile) readdirChunks(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	var out []experimentalsys.Dirent
	var charged int64
	for n <= 0 || len(out) < n {
		if o.m.stopped() {
			o.unchargeListing(charged)
			return nil, experimentalsys.EINTR
		}
		want := direntChunk
		if n > 0 {
			want = min(want, n-len(out))
		}
		d, e := o.adapterReaddir(want)
		if e == 0 {
			var c int64
			c, e = o.chargeListing(d)
			charged += c
		}
		if e == 0 {
			e = o.virtualDirents(d)
		}
		if e != 0 {
			o.unchargeListing(charged)
			return nil, e
		}
		out = append(out, d...)
		if len(d) < want {
			break
		}
	}
	return out, 0
}

func ioErrno(err error) experimentalsys.Errno {
	switch {
	case errors.Is(err, io.EOF):
		return 0
	case errors.Is(err, syscall.EISDIR):
		return experimentalsys.EISDIR
	}
	return errno(err)
}

// writable says whether the descriptor was opened for writing: a write,
// a pwrite or a truncation of one that was not answers as the kernel and
// Subako's runtime do (EBADF, or EINVAL for a truncation) before anything
// is charged. A file the module opened read-only with O_TRUNC (readOnly)
// is opened for writing by the host, and answers as a read-only one.
func (o *osFile) writable() bool {
	return !o.readOnly && o.flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY) != 0
}

// charge takes from the budget what writing n bytes at off costs: the
// bytes, and the hole before them when off is past the end, which it
// returns for wrote.
func (o *osFile) charge(n int, off int64) (hole int64, e experimentalsys.Errno) {
	if info, err := o.f.Stat(); err == nil && off > info.Size() {
		hole = off - info.Size()
	}
	if !o.m.budget.Take(int64(n) + hole) {
		o.m.budget.refuse()
		return 0, experimentalsys.EIO // turned into EDQUOT by the host
	}
	return hole, 0
}

// wrote gives back what charge took for n bytes (and hole) that the
// write did not write: the bytes past the done it wrote, and the hole
// too when it wrote nothing (then no hole was made either).
func (o *osFile) wrote(n int, hole int64, done int) {
	back := int64(n - done)
	if done == 0 {
		back += hole
	}
	o.m.budget.giveBack(back)
}

func (o *osFile) Write(buf []byte) (int, experimentalsys.Errno) {
	if !o.writable() {
		return 0, experimentalsys.EBADF
	}
	if len(buf) == 0 {
		return 0, 0
	}
	off := int64(0)
	if !o.IsAppend() {
		off, _ = o.f.Seek(0, io.SeekCurrent)
	}
	hole, e := o.charge(len(buf), off)
	if e != 0 {
		return 0, e
	}
	done, e := o.inChunks(buf, o.f.Write)
	o.wrote(len(buf), hole, done)
	o.changedBy(done)
	return done, e
}

func (o *osFile) Pwrite(buf []byte, off int64) (int, experimentalsys.Errno) {
	if !o.writable() {
		return 0, experimentalsys.EBADF
	}
	if len(buf) == 0 {
		return 0, 0
	}
	if off < 0 { // past 2^63-1 as WASI's u64: EINVAL, as pwrite(2); was EIO (attack pass 48a, row 3)
		return 0, experimentalsys.EINVAL
	}
	if o.IsAppend() {
		// pwrite(2) on a file in append mode appends, on Linux and in
		// Subako's runtime, whether APPEND was set at path_open or by
		// fd_fdstat_set_flags; Go's WriteAt refused the first (EIO:
		// attack pass 45g, row 2). Charged as a write is: at the end.
		hole, e := o.charge(len(buf), 0)
		if e != 0 {
			return 0, e
		}
		done, e := o.inChunks(buf, func(p []byte) (int, error) { return pwriteAppend(o.f, p, off) })
		o.wrote(len(buf), hole, done)
		o.changedBy(done)
		return done, e
	}
	hole, e := o.charge(len(buf), off)
	if e != 0 {
		return 0, e
	}
	done, e := o.inChunks(buf, func(p []byte) (int, error) {
		n, err := o.f.WriteAt(p, off)
		off += int64(n)
		return n, err
	})
	o.wrote(len(buf), hole, done)
	o.changedBy(done)
	return done, e
}

// inChunks writes buf chunk by chunk, checking before each that the run
// goes on (EINTR when it stopped before the first).
func (o *osFile) inChunks(buf []byte, write func([]byte) (int, error)) (int, experimentalsys.Errno) {
	done := 0
	for done < len(buf) {
		if o.m.stopped() {
			if done > 0 {
				return done, 0
			}
			return 0, experimentalsys.EINTR
		}
		n, err := write(buf[done:min(len(buf), done+chunk)])
		done += n
		if err != nil {
			if done > 0 {
				// A short write: the error is the next write's, but a
				// refusal of the machine's (a full disk) is noted now.
				o.m.budget.note(err)
				return done, 0
			}
			return 0, o.m.errno(err)
		}
	}
	return done, 0
}

// Truncate charges growth like a write of zeros, and gives it back when
// the truncation fails. A descriptor not opened for writing answers
// EINVAL, as ftruncate(2) and Subako's runtime answer, before anything is
// charged.
func (o *osFile) Truncate(size int64) experimentalsys.Errno {
	if size < 0 || !o.writable() {
		return experimentalsys.EINVAL
	}
	hole, e := o.charge(0, size)
	if e != 0 {
		return e
	}
	if err := o.f.Truncate(size); err != nil {
		o.m.budget.giveBack(hole)
		return o.m.errno(err)
	}
	o.contentChanged()
	return 0
}

// Sync answers success without calling fsync(2): a mount is a run's
// temporary volume or the person's own data directory, which need no
// durability from the host, and fsync sleeps on the disk, a wait that is
// neither the module's CPU time nor a wait it asked for: a module syncing
// in a loop held the host 4-21 times its own time on the wall clock, and
// its verdict (judged, or past the backstop) followed the machine's disk
// and its load (attack pass 45a, row 5). Subako's runtime answers success
// for a file the module opened, as here; the calls on a standard stream
// answer as before (the host's streamAnswers).
func (o *osFile) Sync() experimentalsys.Errno { return 0 }

// Datasync answers as Sync does, without fdatasync(2).
func (o *osFile) Datasync() experimentalsys.Errno { return 0 }

// Utimens sets the times by name, refusing a hard-linked file as
// Mount.utimens does, whether the fd's file or the one the name now has.
func (o *osFile) Utimens(atim, mtim int64) experimentalsys.Errno {
	if e := o.m.ownErrno(); e != 0 {
		return e
	}
	if info, err := o.f.Stat(); err == nil && info.Mode().IsRegular() && o.m.linkedOutside(info) {
		return errno(ErrLinked)
	}
	return o.m.utimens(o.name, atim, mtim)
}
