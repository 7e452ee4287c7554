package sandboxfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// Private is a directory of the person's (a package's assets, its skills)
// that the module may write as Subako's runtime lets it, without the host
// ever changing it: its mounts (Private.Open) read the directory itself
// until the module first changes something in any of them (a create, an
// open for writing or truncating, a directory made or removed, an unlink,
// a rename, a link, times or a mode set). That first change copies the
// directory into a private temporary directory of the run, switches every
// mount of the Private to the copy, and is made there; so is everything
// after it. The copy is the person's files, not the module's writing: it
// is not charged to the call's budget, which counts only what the module
// writes into the copy (new entries, the bytes it writes, growth), as on
// the volume. It is bounded against the machine by PrivateLimits instead:
// a directory past them is not copied, and the change answers EIO with
// the refusal recorded as the host's (Budget.HostRefused), not EDQUOT;
// the refusal is kept, so that later changes answer it again without
// reading the directory again. The copy is removed when the last of its
// mounts is closed, at the end of the run. A run that only reads costs
// nothing more than before.
//
// The copy holds directories, regular files and symbolic links (as they
// are: the os.Root keeps them inside the mount); anything else (a FIFO, a
// socket, a device) is left out, as the module may not open it anyway,
// but counted as an entry, for PrivateLimits and Budget.Copied, as the
// walk met it. Regular files keep their holes. The files and
// directories the module opened before the first change move to the copy
// with it (osFile.move), as on Subako the mount is one directory.
type Private struct {
	src    string
	budget *Budget
	stop   <-chan struct{}
	lim    Limits // PrivateLimits; Volume unused

	mu  sync.Mutex
	dir string // the copy; "" until the first change
	// origins are the copy's entries' originals, unseeded (copyident.go),
	// under idMu.
	idMu    sync.RWMutex
	origins map[fileKey]origin
	holds   openHolds // the descriptors on the copy's entries, unseeded (holds.go)
	members []*Mount
	open    int
	failed  error // why the copy could not be made, kept: the next change answers it again
	// files are the files and directories open on the members until the
	// copy is made, which then moves them to it (move); nil after.
	files map[*osFile]struct{}
}

// PrivateLimits bound a Private's copy against the machine, not against
// the module: a directory of the person's holding more than Bytes in its
// regular files (their sizes, holes included), more than Entries entries
// of any kind (those left out of the copy included), or an
// entry more than Depth levels beneath it is not copied (the copy holds
// one descriptor a level while it is made). A run has at most two copies
// (/package and /skills), each on $TMPDIR.
var PrivateLimits = Limits{Bytes: 4 << 30, Entries: 100_000, Depth: 64}

// copyCapError is a copy refused for PrivateLimits: the host's condition.
type copyCapError struct {
	limit string // "more than 100000 entries", ...
	lim   Limits
}

func (e *copyCapError) Error() string {
	return "the package's own directory (/package or /skills) holds " + e.limit +
		", past subako-go's limit on the private copy a run makes of it on its first change there (" +
		limitsText(e.lim) + "), so that change was refused (EIO)"
}

func limitsText(lim Limits) string {
	return strconv.FormatInt(lim.Bytes, 10) + " bytes in files, " +
		strconv.FormatInt(lim.Entries, 10) + " entries, " +
		strconv.Itoa(lim.Depth) + " levels"
}

// NewPrivate returns a Private of the directory src, whose copy is
// charged to b and cut short (EINTR) when stop is closed.
func NewPrivate(src string, b *Budget, stop <-chan struct{}) *Private {
	return &Private{src: src, budget: b, stop: stop, lim: PrivateLimits}
}

// Open opens sub, a directory beneath the Private's (or "."), as a mount at
// guest.
func (p *Private) Open(sub, guest string) (*Mount, error) {
	m, err := Open(filepath.Join(p.src, sub), guest, true, p.budget, p.stop)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	m.private, m.sub = p, sub
	m.id = dirID(p.src) // depths count from the top (belowTop); the copy's, once made
	p.members = append(p.members, m)
	p.open++
	return m, nil
}

// release is a member's Close: the last removes the copy.
func (p *Private) release() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.open--
	if p.open > 0 || p.dir == "" {
		return nil
	}
	err := os.RemoveAll(p.dir)
	p.dir = ""
	return err
}

// errCopyStopped is a copy cut short by the run's end.
var errCopyStopped = errors.New("the run ended during the copy")

// own makes the mount's directory the module's to change: EROFS for a
// read-only mount; for a Private's, the copy, made on the first call.
func (m *Mount) own() error {
	if !m.writable {
		return ErrReadOnly
	}
	if m.private == nil {
		return nil
	}
	return m.private.copyOnce()
}

// ownErrno is own's error as the module sees it. A copy that could not
// be made is the host's condition, never the module's: EIO, as wazero
// answers the machine's refusals (never turned into EDQUOT), with the
// refusal recorded as the host's (Budget.HostRefused).
func (m *Mount) ownErrno() experimentalsys.Errno {
	err := m.own()
	var capped *copyCapError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrReadOnly):
		return m.errno(err)
	case errors.Is(err, errCopyStopped):
		return experimentalsys.EINTR
	case errors.As(err, &capped):
		m.budget.noteHost(syscall.ENOSPC, capped.Error())
	default:
		m.budget.noteHost(syscall.EIO, "the private copy of /package or /skills a run makes on its first change there could not be made: "+err.Error())
	}
	return experimentalsys.EIO
}

// copyOnce copies the directory and switches the members to the copy,
// once. The copy is made on a goroutine of its own while the caller (the
// module's thread, inside its host call) waits: it is the host's work, and
// its cost is the package's size and $TMPDIR's disk, so it must not be the
// module's time, which is its thread's CPU time; counted there, a large
// package on a slow disk made a module out of time (attack pass 45h, row
// 1: a deferred credit came too late for the limits checked while the copy
// ran). Its wall time is bounded by PrivateLimits and the run's backstop,
// which grows with what the copy has counted so far (Budget.Copied; the
// host's backstopNow).
// A copy that failed is removed and its failure kept (the limits' refusal
// included): the next change answers it again at once, without walking
// the directory again, so a module changing things in a loop pays for its
// loop (attack pass 45h, row 3). A copy cut short by the run's end is not
// kept. Nothing of either is charged to the budget's limits; what the walks
// met is counted (Budget.Copied) for the probes' budget, which bounds the
// host's work by the module's runs (attack pass 46f, row 1).
func (p *Private) copyOnce() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dir != "" {
		return nil
	}
	if p.failed != nil {
		return p.failed
	}
	type copied struct {
		dir     string
		roots   []*os.Root
		origins map[fileKey]origin
		err     error
	}
	done := make(chan copied, 1)
	go func() {
		dir, roots, origins, err := p.copy()
		done <- copied{dir, roots, origins, err}
	}()
	c := <-done
	if c.err != nil {
		if !errors.Is(c.err, errCopyStopped) {
			p.failed = c.err
		}
		return c.err
	}
	top := dirID(c.dir)
	for i, m := range p.members {
		_ = m.root.Close()
		m.root = c.roots[i]
		m.id = top // every member's depths count from the copy's top (belowTop)
	}
	p.dir = c.dir
	p.idMu.Lock()
	p.origins = c.origins
	p.idMu.Unlock()
	for o := range p.files {
		o.move()
	}
	p.files = nil
	if len(p.members) > 0 {
		p.members[0].namespaceChanged() // the listings are the copy's from now on
	}
	return nil
}

// copyThread, when set (tests), is called on the goroutine that makes a
// copy.
var copyThread func()

// copy makes the copy: it first walks the directory without writing
// anything, to refuse one past PrivateLimits before a byte is copied, then
// copies it into a new temporary directory and opens each member's
// directory there; on failure nothing is left.
func (p *Private) copy() (dir string, roots []*os.Root, origins map[fileKey]origin, err error) {
	if copyThread != nil {
		copyThread()
	}
	atimes, err := p.measure()
	if err != nil {
		return "", nil, nil, err
	}
	dir, err = os.MkdirTemp("", "subako-go-private-")
	if err != nil {
		return "", nil, nil, err
	}
	roots, origins, err = p.copyTo(dir, atimes)
	if err != nil {
		for _, r := range roots {
			_ = r.Close()
		}
		_ = os.RemoveAll(dir)
		return "", nil, nil, err
	}
	return dir, roots, origins, nil
}

// track notes a file opened on a member before the copy is made, to be
// moved to it (move). The descriptors a module holds are bounded (MaxFD),
// and so is this.
func (p *Private) track(o *osFile) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dir != "" {
		return
	}
	if p.files == nil {
		p.files = make(map[*osFile]struct{})
	}
	p.files[o] = struct{}{}
}

// untrack forgets a file closed.
func (p *Private) untrack(o *osFile) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.files, o)
}

// move makes a file opened on a Private's mount before the copy the same
// name in the copy, opened with the same flags, as the module sees one
// directory on Subako: its mount's root is already the copy's. Every file
// open before the copy was opened for reading only (a write, a create or
// a truncation makes the copy first), and the copy is the original as it
// was, so the name leads to the same file or directory. A file goes on at
// its offset; a directory never listed lists the copy; one listed
// finishes its listing from the original (the entries it had not given
// yet, as they were when the copy was made: a listing need not show what
// changed after its start) and lists the copy from its next rewind
// (opener.pending), as wazero's cache of the descriptor's listing
// (cookies counting entries since the rewind) needs. When the copy's file
// cannot be opened (the host out of descriptors), the file stays on the
// original, as before the copy.
func (o *osFile) move() {
	flag := osFlag(o.flag)&^(os.O_CREATE|os.O_TRUNC|os.O_EXCL) | oNonblock
	if o.readOnly {
		flag = flag&^os.O_WRONLY | os.O_RDWR
	}
	f, err := o.m.root.OpenFile(o.name, flag, 0)
	if err != nil {
		return
	}
	was, err1 := o.f.Stat()
	now, err2 := f.Stat()
	if err1 != nil || err2 != nil || was.Mode().Type() != now.Mode().Type() {
		_ = f.Close()
		return
	}
	if was.IsDir() {
		if o.listedOnce {
			o.opener.pending = f
			return
		}
	} else {
		off, err := o.f.Seek(0, io.SeekCurrent)
		if err == nil {
			_, err = f.Seek(off, io.SeekStart)
		}
		if err != nil {
			_ = f.Close()
			return
		}
	}
	o.replace(f)
}

// replace makes f the file o reads, closing the one it read; a directory
// (never listed) lists f from its start. When f cannot be adapted, f is
// closed and o is as it was.
func (o *osFile) replace(f *os.File) {
	old := o.File
	if o.adapt(f) != 0 {
		return
	}
	o.hold()
	_ = old.Close()
}

// copyTo copies the directory into dir and opens each member's directory
// there; origins are the copy's entries' originals (unseeded), atimes
// their access times before the walks (measure).
func (p *Private) copyTo(dir string, atimes map[fileKey]int64) ([]*os.Root, map[fileKey]origin, error) {
	src, err := os.OpenRoot(p.src)
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	dst, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	defer dst.Close()
	c := copier{p: p, src: src, dst: dst, lim: p.lim, atimes: atimes}
	if len(p.members) > 0 {
		c.virt = p.members[0].virt
	}
	if err := c.dir(".", 0); err != nil {
		return nil, nil, err
	}
	roots := make([]*os.Root, 0, len(p.members))
	for _, m := range p.members {
		r, err := dst.OpenRoot(m.sub)
		if err != nil {
			return roots, nil, err
		}
		roots = append(roots, r)
	}
	return roots, c.origins, nil
}

// measure walks the directory as copyTo would copy it, writing nothing,
// and reports a *copyCapError when it is past the Private's limits. For
// an unseeded run it gives the entries' access times as they were before
// the walks read them (which may move them: noteAtime).
func (p *Private) measure() (map[fileKey]int64, error) {
	src, err := os.OpenRoot(p.src)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	c := copier{p: p, src: src, lim: p.lim, dry: true}
	if len(p.members) > 0 && p.members[0].virt == nil {
		c.atimes = make(map[fileKey]int64)
		if info, err := src.Lstat("."); err == nil {
			c.noteAtime(info)
		}
	}
	return c.atimes, c.dir(".", 0)
}

// copier copies a Private's directory (or, dry, only measures it) within
// lim, counting what it has met in bytes and entries; it counts each entry
// met and each chunk of bytes copied in the run's Budget as it goes
// (Budget.Copied), which the run's wall backstop follows (host).
type copier struct {
	p        *Private
	src, dst *os.Root // dst is nil when dry
	virt     *Virtual
	lim      Limits
	dry      bool
	origins  map[fileKey]origin // noteOrigin
	atimes   map[fileKey]int64  // noteAtime
	linked   map[fileKey]linked // noteLinks: the copied files with names still to meet
	// linkNames is the bytes of the names in linked, at most maxLinkNames.
	linkNames int

	bytes, entries int64
}

func (c *copier) stopped() bool {
	select {
	case <-c.p.stop:
		return true
	default:
		return false
	}
}

// dir copies the entries of the directory name, at depth levels beneath
// the Private's directory, reading them heightBatch at a time.
func (c *copier) dir(name string, depth int) error {
	f, err := c.src.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	for {
		if c.stopped() {
			return errCopyStopped
		}
		ents, rerr := f.ReadDir(heightBatch)
		for _, e := range ents {
			if err := c.entry(f, path.Join(name, e.Name()), depth+1); err != nil {
				return err
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return rerr
		}
	}
	if c.dry {
		return nil
	}
	return c.finish(name, fileBirthTime(f))
}

// entry copies one entry of the open directory parent, charging it first.
func (c *copier) entry(parent *os.File, name string, depth int) error {
	if c.stopped() {
		return errCopyStopped
	}
	info, err := c.src.Lstat(name)
	if err != nil {
		return err
	}
	mode := info.Mode()
	if depth > c.lim.Depth {
		return &copyCapError{limit: "an entry more than " + strconv.Itoa(c.lim.Depth) + " levels deep", lim: c.lim}
	}
	// Every entry the walk meets is counted, and bounded, whether it is
	// copied or not: an entry left out (a FIFO, a socket, a device) cost
	// the walk its Lstat as a file does (attack pass 46h, row 6: a
	// package of FIFOs was walked at no charge and past the cap).
	c.entries++
	c.p.budget.noteCopied(1, 0)
	if c.entries > c.lim.Entries {
		return &copyCapError{limit: "more than " + strconv.FormatInt(c.lim.Entries, 10) + " entries", lim: c.lim}
	}
	if !mode.IsDir() && !mode.IsRegular() && mode&fs.ModeSymlink == 0 {
		return nil
	}
	size := int64(0)
	if mode.IsRegular() {
		size = info.Size()
	}
	if size > c.lim.Bytes-c.bytes {
		return &copyCapError{limit: "more than " + strconv.FormatInt(c.lim.Bytes, 10) + " bytes in files", lim: c.lim}
	}
	c.bytes += size
	if c.dry {
		c.noteAtime(info)
		if mode.IsDir() {
			return c.dir(name, depth)
		}
		return nil
	}
	if mode.IsDir() {
		// The owner may always write it, so that the copy can be removed.
		if err := c.dst.Mkdir(name, mode.Perm()|0o700); err != nil {
			return err
		}
		return c.dir(name, depth)
	}
	if c.linkCopied(name, info) {
		return nil
	}
	if mode&fs.ModeSymlink != 0 {
		err = c.symlink(parent, name, info)
	} else {
		err = c.file(name, mode.Perm(), size)
	}
	if err == nil {
		c.noteLinks(name, info)
	}
	return err
}

// symlink copies the symbolic link name of the open directory parent,
// which info describes.
func (c *copier) symlink(parent *os.File, name string, info fs.FileInfo) error {
	target, err := c.src.Readlink(name)
	if err != nil {
		return err
	}
	if err := c.dst.Symlink(target, name); err != nil {
		return err
	}
	return c.noteOrigin(name, info, birthIn(parent, path.Base(name)))
}

// file copies a regular file chunk by chunk, checking between chunks that
// the run goes on, and counting each chunk's bytes copied (Budget.Copied)
// as it goes. A file that grew since it was counted is cut there. Only
// the file's data is copied: its holes (dataAt) stay holes in the copy,
// which is made its size at the end, so that a sparse asset (a model's
// weights reserved at 1 GiB, a disk image) costs the disk and the time of
// its data, not of its size (attack pass 46h, row 8: a file of 1 GiB
// apparent size and no data was written whole).
func (c *copier) file(name string, perm fs.FileMode, charged int64) error {
	in, err := c.src.OpenFile(name, os.O_RDONLY|oNonblock|oNofollow, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() { // replaced since its Lstat
		return ErrNotRegular
	}
	out, err := c.dst.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm|0o600)
	if err != nil {
		return err
	}
	if err := c.data(out, in, min(info.Size(), charged)); err != nil {
		_ = out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if perm&0o600 != 0o600 {
		if err := c.dst.Chmod(name, perm); err != nil {
			return err
		}
	}
	return c.finish(name, fileBirthTime(in))
}

// data copies in's data, up to size, into out at the same offsets, and
// makes out the size in has then (at most size), the rest holes. io.CopyN
// of one file into another is copy_file_range(2) where the system has it:
// the kernel copies (or shares the blocks) without the bytes passing
// through the host.
func (c *copier) data(out, in *os.File, size int64) error {
	for off := int64(0); off < size; {
		if c.stopped() {
			return errCopyStopped
		}
		start, end, err := dataAt(in, off, size)
		if err != nil {
			return err
		}
		if start >= size {
			break // holes to the end
		}
		if _, err := in.Seek(start, io.SeekStart); err != nil {
			return err
		}
		if _, err := out.Seek(start, io.SeekStart); err != nil {
			return err
		}
		n, err := io.CopyN(out, in, min(chunk, end-start))
		c.p.budget.noteCopied(stretchAfterHole(off, start), n)
		off = start + n
		if errors.Is(err, io.EOF) {
			break // it shrank since its Stat
		}
		if err != nil {
			return err
		}
	}
	now, err := in.Stat()
	if err != nil {
		return err
	}
	return out.Truncate(min(size, now.Size()))
}

// stretchAfterHole is what Budget.Copied counts as entries for a stretch
// of data at start, its walk having reached off: one when a hole was
// skipped to reach it. A stretch costs the host what an entry's copy
// does (the seeks to it and a copy of its own), whatever its bytes: a
// file of 64 MiB with 4 KiB of data every 8 KiB, copied stretch by
// stretch, took 114-125 ms of CPU time where its data's MiBs were
// charged 32 ms, so at 3% of a core its copy outran the backstop that
// grows by its charge (attack pass 47c, row 1).
func stretchAfterHole(off, start int64) int64 {
	if start > off {
		return 1
	}
	return 0
}

// finish gives the copy of name the original's access and modification
// times, a directory its mode (the owner may always write it, so that the
// copy can be removed), and records the original (born at birth) it is a
// copy of (noteOrigin).
func (c *copier) finish(name string, birth int64) error {
	info, err := c.src.Lstat(name)
	if err != nil {
		return err
	}
	if info.IsDir() { // the mode Mkdir's umask changed, the copy's own "."
		if err := c.dst.Chmod(name, info.Mode().Perm()|0o700); err != nil {
			return err
		}
	}
	atim, ok := c.atimes[keyOf(info)]
	if !ok {
		atim = sys.NewStat_t(info).Atim
	}
	if err := c.dst.Chtimes(name, time.Unix(0, atim), info.ModTime()); err != nil {
		return err
	}
	return c.noteOrigin(name, info, birth)
}
