package sandboxfs

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// mountFS is a Mount as wazero's sys.FS. wazero hands it paths relative to
// the mount, already cleaned of "." and ".." (lexically by wazero, or as
// POSIX resolves them by the host's posixFS, which wraps the mount).
type mountFS struct {
	experimentalsys.UnimplementedFS
	m *Mount
}

func (f *mountFS) String() string { return f.m.Guest }

// errno is errno(err), and marks the budget refused when err is a refusal
// of the budget's, so that the host answers EDQUOT.
func (f *mountFS) errno(err error) experimentalsys.Errno {
	if errors.Is(err, ErrTooMany) || errors.Is(err, ErrTooDeep) {
		f.m.budget.refuse()
	}
	return f.m.errno(err)
}

// errno is errno(err) for an operation of the operating system's on the
// mount (an open, a write, a new entry), and records a refusal of the
// machine's on the budget (Budget.HostRefused): the module still gets the
// errno (EIO, as wazero maps the machine's), and the host knows it was not
// the module's doing.
func (m *Mount) errno(err error) experimentalsys.Errno {
	m.budget.note(err)
	return errno(err)
}

// osFlag turns wazero's open flags into the os package's.
func osFlag(flag experimentalsys.Oflag) int {
	var o int
	switch flag & (experimentalsys.O_RDONLY | experimentalsys.O_RDWR | experimentalsys.O_WRONLY) {
	case experimentalsys.O_RDWR:
		o = os.O_RDWR
	case experimentalsys.O_WRONLY:
		o = os.O_WRONLY
	}
	for _, b := range []struct {
		w  experimentalsys.Oflag
		os int
	}{
		{experimentalsys.O_APPEND, os.O_APPEND},
		{experimentalsys.O_CREAT, os.O_CREATE},
		{experimentalsys.O_DIRECTORY, oDirectory},
		{experimentalsys.O_EXCL, os.O_EXCL},
		{experimentalsys.O_NOFOLLOW, oNofollow},
		{experimentalsys.O_TRUNC, os.O_TRUNC},
	} {
		if flag&b.w != 0 {
			o |= b.os
		}
	}
	return o
}

// syncFlags are the fdflags SYNC, DSYNC and RSYNC, which Subako's
// runtime (wasmtime's preview 1: "not yet supported in cap-std") refuses
// with ENOTSUP, creating and opening nothing. The host answers alike: it
// mapped them to O_SYNC, and an open that fails on Subako worked in every
// probe and call (attack pass 44a, row 10).
const syncFlags = experimentalsys.O_DSYNC | experimentalsys.O_RSYNC | experimentalsys.O_SYNC

func writes(flag experimentalsys.Oflag) bool {
	return flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY) != 0 ||
		flag&(experimentalsys.O_CREAT|experimentalsys.O_TRUNC|experimentalsys.O_APPEND) != 0
}

// OpenFile opens a file beneath the mount. A new file is charged to the
// budget; an existing one opened for writing must be a regular file with
// one link, or a directory (which the kernel then refuses to write).
func (f *mountFS) OpenFile(p string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	m, name := f.m, clean(p)
	if writes(flag) && !m.writable {
		return nil, experimentalsys.EROFS
	}
	if flag&syncFlags != 0 {
		return nil, experimentalsys.ENOTSUP
	}
	if flag&experimentalsys.O_DIRECTORY != 0 && flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY) != 0 {
		if info, err := m.root.Lstat(name); err == nil && info.Mode().IsRegular() {
			return nil, experimentalsys.ENOTDIR // as open(2) and Subako's runtime (attack pass 45a, row 4)
		}
		return nil, experimentalsys.EISDIR
	}
	if flag&experimentalsys.O_CREAT != 0 && strings.HasSuffix(p, "/") {
		return nil, m.createDirSlash(name)
	}
	if writes(flag) {
		if e := m.ownErrno(); e != 0 {
			return nil, e
		}
	}
	created := false
	// O_TRUNC is never given to open(2): a name checked, then opened with
	// it, was two steps, and a hard-linked file renamed onto the name
	// between them was emptied before the opened file could be refused
	// (attack pass 43a, row 2). The file opened is checked itself, and
	// only then truncated through its descriptor (ftruncate).
	trunc := flag&experimentalsys.O_TRUNC != 0
	osflag := osFlag(flag) &^ os.O_TRUNC
	readOnly := false
	if trunc && osflag&(os.O_WRONLY|os.O_RDWR) == 0 {
		// O_RDONLY|O_TRUNC, which Linux truncates (with write permission):
		// the descriptor is opened for reading and writing, to truncate
		// through it, and the file refuses writes as a read-only one.
		osflag |= os.O_RDWR
		readOnly = true
	}
	if flag&experimentalsys.O_CREAT != 0 {
		var err error
		if created, err = m.chargeCreate(name); err != nil {
			return nil, f.errno(err)
		}
		if created {
			defer m.namespaceChanged()
		}
		if !created {
			// The name exists (to Lstat), so nothing was charged: open
			// it without O_CREAT, so that nothing is created. Otherwise
			// a dangling symbolic link, which exists, had the os.Root
			// create its target uncharged (attack pass 42m, row 1).
			if flag&experimentalsys.O_EXCL != 0 {
				return nil, m.exclErrno(name)
			}
			osflag &^= os.O_CREATE
		}
	}
	if !created && trunc {
		info, err := m.root.Lstat(name)
		if err == nil && info.IsDir() {
			return nil, experimentalsys.EISDIR // as open(2) and Subako's runtime; was EACCES (attack pass 45a, row 4)
		}
		// A hard-linked file is refused without being opened; one renamed
		// onto the name after this check is refused once opened, below,
		// before anything truncates it. A link opened without following
		// it is not checked through: the open answers ELOOP.
		noFollowLink := err == nil && info.Mode()&fs.ModeSymlink != 0 && osflag&oNofollow != 0
		if err := m.CheckWritable(name); err != nil && !errors.Is(err, fs.ErrNotExist) && !noFollowLink {
			return nil, m.errno(err)
		}
	}
	if beforeOpen != nil {
		beforeOpen(m, name)
	}
	// O_NONBLOCK so that opening a FIFO returns at once instead of waiting
	// for a writer; anything but a file or a directory is then refused.
	open := m.root.OpenFile
	if osflag&oNofollow != 0 {
		open = m.openNoFollow
	}
	osf, err := open(name, osflag|oNonblock, perm)
	if err != nil {
		if !created && flag&experimentalsys.O_CREAT != 0 && errors.Is(err, fs.ErrNotExist) {
			if info, lerr := m.root.Lstat(name); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
				// A dangling link: what O_CREAT|O_NOFOLLOW answers.
				return nil, experimentalsys.ELOOP
			}
		}
		return nil, m.errno(err)
	}
	info, err := osf.Stat()
	switch {
	case err != nil:
	case flag&experimentalsys.O_DIRECTORY != 0 && !info.IsDir():
		err = syscall.ENOTDIR
	case !info.Mode().IsRegular() && !info.IsDir():
		err = ErrNotRegular
	case writes(flag) && info.Mode().IsRegular():
		err = m.writableInfo(info)
	}
	if err == nil && trunc && info.Mode().IsRegular() {
		err = osf.Truncate(0)
	}
	if err != nil {
		_ = osf.Close()
		return nil, m.errno(err)
	}
	file, e := newFile(m, name, flag, osf)
	if e != 0 {
		return nil, e
	}
	file.readOnly = readOnly
	if created {
		m.madeNow(name)
		m.entryAdded(name)
	} else if trunc && info.Mode().IsRegular() {
		file.contentChanged()
	}
	return file, 0
}

// createDirSlash is what an O_CREAT open of name, a path with a trailing
// slash, answers, as Linux's open(2) and Subako's runtime do: the error
// of its directory's lookup (ENOENT, ENOTDIR), else EISDIR, whether the
// name exists (a file or a directory) or not; nothing is created or
// charged. The host answered ENOENT for a new name, with an entry
// charged, and ENOTDIR for a file (attack pass 46a, row 6).
func (m *Mount) createDirSlash(name string) experimentalsys.Errno {
	dir := path.Dir(strings.TrimRight(name, "/"))
	info, err := m.root.Stat(dir)
	switch {
	case err != nil:
		return errno(err)
	case !info.IsDir():
		return experimentalsys.ENOTDIR
	}
	return experimentalsys.EISDIR
}

func (f *mountFS) Lstat(p string) (sys.Stat_t, experimentalsys.Errno) {
	name := clean(p)
	st, e := stat(f.m.root.Lstat(name))
	if e != 0 {
		return st, e
	}
	return f.m.stat(st, func() int64 { return f.m.birthTime(name, false) }, func() uint64 { return f.m.subdirs(name) }), 0
}

func (f *mountFS) Stat(p string) (sys.Stat_t, experimentalsys.Errno) {
	name := clean(p)
	st, e := stat(f.m.root.Stat(name))
	if e != 0 {
		return st, e
	}
	return f.m.stat(st, func() int64 { return f.m.birthTime(name, true) }, func() uint64 { return f.m.subdirs(name) }), 0
}

func (f *mountFS) Mkdir(p string, perm fs.FileMode) experimentalsys.Errno {
	m, name := f.m, clean(p)
	defer m.namespaceChanged()
	if e := m.ownErrno(); e != 0 {
		return e
	}
	if _, err := m.root.Lstat(name); err == nil {
		return experimentalsys.EEXIST
	}
	if _, err := m.chargeCreate(name); err != nil {
		return f.errno(err)
	}
	// A name under a file answers ENOTDIR, as mkdirat(2) and Subako's
	// runtime do; it was made ENOENT (attack pass 48a, row 3).
	if err := m.root.Mkdir(name, perm); err != nil {
		return m.errno(err)
	}
	m.madeNow(name)
	m.entryAdded(name)
	if m.virt != nil {
		m.virt.dirsChanged()
	}
	return 0
}

func (f *mountFS) Chmod(p string, perm fs.FileMode) experimentalsys.Errno {
	if e := f.m.ownErrno(); e != 0 {
		return e
	}
	return errno(f.m.root.Chmod(clean(p), perm))
}

// Rename keeps the depth limit: a directory moved deeper is refused when
// its deepest entry would pass it. Depths are where the names really are,
// through any symbolic link in their middle (entryDepth).
func (f *mountFS) Rename(from, to string) experimentalsys.Errno {
	m := f.m
	defer m.namespaceChanged()
	if e := m.ownErrno(); e != 0 {
		return e
	}
	from, to = clean(from), clean(to)
	info, err := m.root.Lstat(from)
	if err != nil {
		return errno(err)
	}
	old, oldErr := m.root.Lstat(to) // what the rename ends, if anything
	if oldErr != nil {
		if e := m.lookUpDir(to); e != 0 {
			return e
		}
	}
	if lim := m.budget.Limits().Depth; lim > 0 {
		dTo := m.entryDepth(to)
		height := 0
		if dTo <= lim && info.IsDir() && dTo > m.entryDepth(from) {
			var stopped bool
			if height, stopped = m.height(from, lim-dTo+1); stopped {
				return experimentalsys.EINTR
			}
		}
		if dTo+height > lim {
			m.budget.refuse()
			return experimentalsys.EIO
		}
	}
	if err := m.renameAt(from, to); err != nil {
		return m.errno(err)
	}
	if oldErr == nil && os.SameFile(info, old) {
		// One file (a name onto itself or a hard link of it): rename(2)
		// does nothing, so nothing changed (attack pass 50c, row 3).
		return 0
	}
	if oldErr == nil {
		m.forgetCopied(old)
		m.linkGone(old)
	}
	if m.virt != nil && oldErr == nil {
		m.virt.removed(old)
		m.virt.entryRemoved(fileKey{}, "", old)
	}
	if oldErr != nil {
		m.entryAdded(to)
	}
	m.entryRemoved(from, nil)
	if m.virt != nil && info.IsDir() {
		m.virt.dirsChanged()
	}
	now := m.changeNow()
	m.entryChanged(from, now)
	m.entryChanged(to, now)
	return 0
}

// lookUpDir is the errno of the look-up of name's directory, as
// rename(2) and Subako's runtime make it before anything else: ENOENT for
// one missing, ENOTDIR for a file. A rename onto "f/x", f a file, was
// refused by the depth limit (EDQUOT, nothing written: attack pass 48a,
// row 3).
func (m *Mount) lookUpDir(name string) experimentalsys.Errno {
	dir, _ := lastComponent(name, false)
	info, err := m.root.Stat(dir)
	switch {
	case err != nil:
		return errno(err)
	case !info.IsDir():
		return experimentalsys.ENOTDIR
	}
	return 0
}

// heightBatch is how many entries of a directory height reads at once.
const heightBatch = 256

// height is how many levels the directory dir holds beneath it, counted up
// to at most limit: the walk goes no deeper than limit, reads each
// directory heightBatch entries at a time, and ends when the run is
// stopped, which stopped reports (attack pass 42j, row 3: a rename of a
// directory of 100,000 files read it whole, 36 MiB, past the run's stop).
// It holds two descriptors a level, at most limit levels. A corner it
// cannot read does not stop the count.
func (m *Mount) height(dir string, limit int) (h int, stopped bool) {
	if limit <= 0 {
		return 0, false
	}
	root, err := m.root.OpenRoot(dir)
	if err != nil {
		return 0, m.stopped()
	}
	defer root.Close()
	return m.heightOf(root, 0, limit)
}

// heightOf walks root, which is at level beneath the directory height
// counts.
func (m *Mount) heightOf(root *os.Root, level, limit int) (h int, stopped bool) {
	h = level
	f, err := root.Open(".")
	if err != nil {
		return h, m.stopped()
	}
	defer f.Close()
	for {
		if m.stopped() {
			return h, true
		}
		ents, err := f.ReadDir(heightBatch)
		for _, e := range ents {
			if h < level+1 {
				h = level + 1
			}
			if h >= limit {
				return h, false
			}
			if !e.IsDir() {
				continue
			}
			sub, err := root.OpenRoot(e.Name())
			if err != nil {
				continue
			}
			sh, stop := m.heightOf(sub, level+1, limit)
			sub.Close()
			h = max(h, sh)
			if stop || h >= limit {
				return h, stop
			}
		}
		if err != nil { // io.EOF, or a corner that cannot be read
			return h, false
		}
	}
}

func (f *mountFS) Rmdir(p string) experimentalsys.Errno { return f.remove(p, true) }

func (f *mountFS) Unlink(p string) experimentalsys.Errno { return f.remove(p, false) }

// remove removes a directory (dir) or anything else (!dir), answering
// ENOTDIR or EISDIR for the other kind, as rmdir and unlink do.
func (f *mountFS) remove(p string, dir bool) experimentalsys.Errno {
	m, name := f.m, clean(p)
	defer m.namespaceChanged()
	if e := m.ownErrno(); e != 0 {
		return e
	}
	info, err := m.root.Lstat(name)
	switch {
	case err != nil:
		return errno(err)
	case dir && !info.IsDir():
		return experimentalsys.ENOTDIR
	case !dir && info.IsDir():
		return experimentalsys.EISDIR
	}
	if err := m.root.Remove(name); err != nil {
		return errno(err)
	}
	m.forgetCopied(info)
	m.linkGone(info)
	m.entryRemoved(name, info)
	if m.virt != nil {
		m.virt.removed(info)
		if dir {
			m.virt.dirsChanged()
		}
	}
	m.entryChanged(name, m.changeNow())
	return 0
}

// Link makes a hard link within the mount; the os.Root refuses an old name
// outside it, and a link to a symbolic link is to the link, not its target.
func (f *mountFS) Link(oldPath, newPath string) experimentalsys.Errno {
	m := f.m
	defer m.namespaceChanged()
	if e := m.ownErrno(); e != 0 {
		return e
	}
	oldName, newName := clean(oldPath), clean(newPath)
	before, err := m.root.Lstat(oldName)
	if err != nil {
		return errno(err)
	}
	if _, err := m.root.Lstat(newName); err == nil {
		return experimentalsys.EEXIST
	}
	if _, err := m.chargeCreate(newName); err != nil {
		return f.errno(err)
	}
	if err := m.root.Link(oldName, newName); err != nil {
		return m.errno(err)
	}
	if after, err := m.root.Lstat(newName); err == nil {
		m.linkMade(before, after)
	}
	m.entryChanged(newName, m.changeNow())
	m.entryAdded(newName)
	return 0
}

// Symlink refuses a target that could point outside the link's directory;
// see the package documentation.
func (f *mountFS) Symlink(target, link string) experimentalsys.Errno {
	m, name := f.m, clean(link)
	defer m.namespaceChanged()
	if e := m.ownErrno(); e != 0 {
		return e
	}
	if !safeTarget(target) {
		return experimentalsys.EPERM
	}
	if _, err := m.root.Lstat(name); err == nil {
		return experimentalsys.EEXIST
	}
	if _, err := m.chargeCreate(name); err != nil {
		return f.errno(err)
	}
	if err := m.root.Symlink(target, name); err != nil {
		return m.errno(err)
	}
	m.madeNow(name)
	m.entryAdded(name)
	return 0
}

func (f *mountFS) Readlink(p string) (string, experimentalsys.Errno) {
	dst, err := f.m.root.Readlink(clean(p))
	if err != nil {
		return "", errno(err)
	}
	return dst, 0
}

func (f *mountFS) Utimens(p string, atim, mtim int64) experimentalsys.Errno {
	if e := f.m.ownErrno(); e != 0 {
		return e
	}
	return f.m.utimens(clean(p), atim, mtim)
}

// utimens sets times through the os.Root; UTIME_OMIT keeps one, which a
// zero time.Time does for Chtimes. A regular file with more than one hard
// link is refused (EPERM), as opening it for writing is: its other link
// may be outside the mount (attack pass 42m, row 2).
func (m *Mount) utimens(name string, atim, mtim int64) experimentalsys.Errno {
	info, err := m.root.Stat(name)
	if err != nil {
		return errno(err)
	} else if info.Mode().IsRegular() && m.linkedOutside(info) {
		return errno(ErrLinked)
	}
	if err := m.root.Chtimes(name, timeOf(atim), timeOf(mtim)); err != nil {
		return errno(err)
	}
	if m.virt != nil {
		m.virt.setTimes(info, atim, mtim, m.private != nil)
	}
	return 0
}

// timeOf is ns as Chtimes takes it: UTIME_OMIT is the zero time.Time,
// which keeps the time as it is.
func timeOf(ns int64) time.Time {
	if ns == experimentalsys.UTIME_OMIT {
		return time.Time{}
	}
	return time.Unix(0, ns)
}

// UtimensNoFollow is path_filestat_set_times without SYMLINK_FOLLOW:
// utimensat(2) with AT_SYMLINK_NOFOLLOW, as Subako's runtime makes it. It
// sets the times of what the name names, a symbolic link's own times and
// a directory's (the mount's own included), refusing, as Utimens does, a
// regular file with more than one hard link (EPERM). wazero makes the
// call an open of the name for writing and a time set on that descriptor,
// which answered EISDIR for a directory and set a link's target's times
// (attack pass 46a, row 3); the host hands the call here instead. A name
// with a trailing slash names what a link there leads to, as utimensat(2)
// takes it: Utimens.
func (f *mountFS) UtimensNoFollow(p string, atim, mtim int64) experimentalsys.Errno {
	m, name := f.m, clean(p)
	if e := m.ownErrno(); e != 0 {
		return e
	}
	if strings.HasSuffix(name, "/") {
		return m.utimens(name, atim, mtim)
	}
	key, err := m.utimensNoFollow(name, atim, mtim, func(regular bool, key fileKey, links uint64) error {
		if regular && m.linkedOutsideKey(key, links) {
			return ErrLinked
		}
		return nil
	})
	if err != nil {
		return errno(err)
	}
	if m.virt != nil {
		m.virt.setTimesOf(key, atim, mtim, m.private != nil)
	}
	return 0
}

// lastComponent splits name into its directory and its last component
// ("." for the mount itself), with name's trailing slashes when keepSlash.
func lastComponent(name string, keepSlash bool) (dir, base string) {
	t := strings.TrimRight(name, "/")
	if t == "" || t == "." {
		return ".", "."
	}
	dir, base = ".", t
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		dir, base = t[:i], t[i+1:]
		if dir == "" {
			dir = "."
		}
	}
	if keepSlash {
		base += name[len(t):]
	}
	return dir, base
}
