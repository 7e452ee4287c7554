package host

import (
	"io/fs"
	"path"
	"strings"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// posixFS's operations: each resolves its paths (posixFS.resolve, see
// "Path forms" in pathforms.go) and answers as Subako's runtime does for a
// last component "." or "..", or hands the mount the name it resolved to.

// isSymlink says whether name (trailing slashes dropped) is a symbolic
// link in the mount.
func (f posixFS) isSymlink(name string) bool {
	name = strings.TrimRight(name, "/")
	if name == "" {
		return false
	}
	info, err := f.dir.Root().Lstat(name)
	return err == nil && info.Mode()&fs.ModeSymlink != 0
}

// isPreopenOpen says whether an OpenFile is wazero's open of a preopen's
// own directory: wazero opens it lazily (internal/sys/lazy.go,
// lazyDir.file: OpenFile(".", O_RDONLY, 0)), the first time a call uses
// the preopen, which for a path call is inside the module's call, before
// the call's own open. path_open opens with perm 0o600, and
// path_filestat_set_times without SYMLINK_FOLLOW O_WRONLY, so no call of
// the module's opens so.
func isPreopenOpen(p string, flag experimentalsys.Oflag, perm fs.FileMode) bool {
	return p == "." && flag == experimentalsys.O_RDONLY && perm == 0
}

// isSetTimesOpen says whether an OpenFile is wazero's stand-in for
// path_filestat_set_times without SYMLINK_FOLLOW (pathFilestatSetTimesFn:
// OpenFile(path, O_WRONLY, 0), then Utimens on the file and Close), which
// no other open of wazero's makes (path_open opens with perm 0o600, the
// preopen's lazy open O_RDONLY).
func isSetTimesOpen(flag experimentalsys.Oflag, perm fs.FileMode) bool {
	return flag == experimentalsys.O_WRONLY && perm == 0
}

// noFollowTimer is a mount that sets a name's own times, a symbolic
// link's included (sandboxfs's mountFS).
type noFollowTimer interface {
	UtimensNoFollow(p string, atim, mtim int64) experimentalsys.Errno
}

// timesFile is what path_filestat_set_times without SYMLINK_FOLLOW opens
// (isSetTimesOpen): its Utimens sets name's own times as utimensat(2) with
// AT_SYMLINK_NOFOLLOW does, which Subako's runtime makes the call; nothing
// is opened. wazero's open of the name for writing answered EISDIR for a
// directory and the preopen, and followed a symbolic link, whose target's
// times were set (attack pass 46a, row 3).
type timesFile struct {
	experimentalsys.UnimplementedFile
	fs   noFollowTimer
	name string
}

func (t timesFile) Utimens(atim, mtim int64) experimentalsys.Errno {
	return t.fs.UtimensNoFollow(t.name, atim, mtim)
}

// OpenFile: wazero's open of the preopen's own directory (isPreopenOpen)
// opens the mount's directory, never the call's path as it resolves
// (attack pass 45i, row 1: a first call on "..", "f/.." or "s/../../f",
// paths that clean to "." or that wazero was handed as ".", opened the
// preopen as the path resolved: a trap for an errno, EBADF, or another
// directory or a file as the preopen for the rest of the run).
func (f posixFS) OpenFile(p string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	if isPreopenOpen(p, flag, perm) {
		return f.FS.OpenFile(p, flag, perm)
	}
	r, ok, errno := f.resolve(0, p)
	if errno != 0 {
		return nil, errno
	}
	name := p
	if nf, isNF := f.FS.(noFollowTimer); isNF && isSetTimesOpen(flag, perm) {
		if ok {
			name = r.name
		}
		return timesFile{fs: nf, name: name}, 0
	}
	if ok {
		name = r.name
		if f.s != nil {
			f.s.paths.opened, f.s.paths.openedOK = name, true
		}
	}
	// O_DIRECTORY without SYMLINK_FOLLOW of a symbolic link is ELOOP, as
	// O_NOFOLLOW|O_DIRECTORY is (attack pass 45a, row 11: the host opened
	// the link's target).
	if flag&experimentalsys.O_DIRECTORY != 0 && flag&experimentalsys.O_NOFOLLOW != 0 &&
		!strings.HasSuffix(name, "/") && f.isSymlink(name) {
		return nil, experimentalsys.ELOOP
	}
	file, errno := f.FS.OpenFile(name, flag, perm)
	if errno == 0 && f.s != nil {
		f.nameDirectory(file, name)
	}
	return file, errno
}

// nameDirectory has nameOpened name file, which the mount opened as name,
// by its canonical name when it is a directory (see "Canonical names" in
// renamedirs.go): the directory the mount opened, every link on the way
// to it, the last included, followed as the mount followed it.
func (f posixFS) nameDirectory(file experimentalsys.File, name string) {
	if dir, errno := file.IsDir(); errno != 0 || !dir {
		return
	}
	if c, ok := f.canonical(strings.TrimRight(name, "/"), true); ok {
		f.s.paths.opened, f.s.paths.openedOK = c, true
	}
}

// Lstat: a name with trailing slashes, path_filestat_get without
// SYMLINK_FOLLOW, is the name's own stat, as cap-std's: "f/" of a file
// the file's (ENOTDIR here until attack pass 48a, row 3), "l/" of a link
// the link's (TestSymlinkToDirectoryNotFollowed); with SYMLINK_FOLLOW
// (Stat) "l/" of a link to a file is ENOTDIR, as wasmtime answers it.
func (f posixFS) Lstat(p string) (st sys.Stat_t, errno experimentalsys.Errno) {
	name, errno := f.nameAs(0, p, true)
	if errno != 0 {
		return st, errno
	}
	return f.FS.Lstat(stripDirSuffix(name))
}

func (f posixFS) Stat(p string) (st sys.Stat_t, errno experimentalsys.Errno) {
	name, errno := f.nameAs(0, p, true)
	if errno != 0 {
		return st, errno
	}
	return f.FS.Stat(name)
}

// entry resolves p, the i-th path of a call that names an entry: the
// name the mount is to use (p itself when nothing needed resolving), or,
// when its last component is "." or "..", what onDot answers (nil: the
// resolved name, as any other).
func (f posixFS) entry(i int, p string, onDot func() experimentalsys.Errno) (string, experimentalsys.Errno) {
	r, ok, errno := f.resolve(i, p)
	switch {
	case errno != 0:
		return "", errno
	case ok && r.dot && onDot != nil:
		return "", onDot()
	case ok:
		return r.name, 0
	}
	return p, 0
}

// answer is an onDot of entry that answers e.
func answer(e experimentalsys.Errno) func() experimentalsys.Errno {
	return func() experimentalsys.Errno { return e }
}

func (f posixFS) Mkdir(p string, perm fs.FileMode) experimentalsys.Errno {
	name, errno := f.entry(0, p, answer(experimentalsys.EEXIST))
	if errno != 0 {
		return errno
	}
	return f.FS.Mkdir(name, perm)
}

// Rmdir: a last component "." or ".." is EINVAL, and so is a directory
// named with a trailing slash, a symbolic link to one included, as
// cap-std removes "." in the directory the name opens: nothing removed
// (wasmtime's answers: rmdir("z/.") removed z, rmdir("s/") went for s's
// target, attack pass 45a; rmdir("d2/") removed d2, 48a row 3). A name
// with a trailing slash that is not a directory answers its look-up's
// errno, ENOTDIR for a file.
func (f posixFS) Rmdir(p string) experimentalsys.Errno {
	r, ok, errno := f.resolve(0, p)
	switch {
	case errno != 0:
		return errno
	case ok && r.dot:
		return experimentalsys.EINVAL
	case ok:
		p = r.name
	}
	if t := strings.TrimRight(p, "/"); t != p {
		st, errno := f.FS.Stat(t)
		switch {
		case errno != 0:
			return errno
		case !st.Mode.IsDir():
			return experimentalsys.ENOTDIR
		}
		return experimentalsys.EINVAL
	}
	return f.FS.Rmdir(p)
}

func (f posixFS) Unlink(p string) experimentalsys.Errno {
	name, errno := f.entry(0, p, answer(experimentalsys.EISDIR))
	if errno != 0 {
		return errno
	}
	return f.FS.Unlink(name)
}

// Rename answers as Linux and cap-std do: EBUSY for a path whose last
// component is "." or ".." (the mount itself among them; the os.Root's
// refusal was EIO, the errno kept for the machine's refusals: attack pass
// 45a, row 9), ENOTDIR for a symbolic link named with a trailing slash
// (the host renamed its target: row 11), EINVAL for a directory moved
// beneath itself, and, for a file renamed onto its own name with a
// trailing slash, what renaming it onto itself answers (0, as wasmtime
// answers, row 2; or whatever the mount refuses it with).
func (f posixFS) Rename(from, to string) experimentalsys.Errno {
	names := [2]string{from, to}
	for i, p := range names {
		var errno experimentalsys.Errno
		if names[i], errno = f.entry(i, p, f.busy); errno != 0 {
			return errno
		}
	}
	from, to = names[0], names[1]
	if strings.HasSuffix(from, "/") && f.isSymlink(from) {
		return experimentalsys.ENOTDIR
	}
	bareFrom, bareTo := strings.TrimRight(from, "/"), strings.TrimRight(to, "/")
	moved := dirRename{from: path.Clean(bareFrom), to: path.Clean(bareTo)}
	if info, err := f.dir.Root().Lstat(bareFrom); err == nil {
		if info.IsDir() {
			moved = f.canonicalRename(moved)
		}
		switch {
		case bareFrom == bareTo && !info.IsDir():
			return f.FS.Rename(bareFrom, bareTo) // a rename onto itself: 0, or the mount's refusal
		case info.IsDir() && strings.HasPrefix(moved.to+"/", moved.from+"/") && moved.to != moved.from:
			return experimentalsys.EINVAL
		}
	}
	errno := f.FS.Rename(from, to)
	if errno == 0 && f.s != nil {
		moved.ok = true
		f.s.paths.renamed = moved
	}
	return errno
}

// canonicalRename is r, the rename of a directory, with each name's
// parent spelled by its canonical name (renamedirs.go), as the open
// directories are named, taken before the rename moves anything; a name
// whose parent cannot be is kept.
func (f posixFS) canonicalRename(r dirRename) dirRename {
	if c, ok := f.canonical(r.from, false); ok {
		r.from = c
	}
	if c, ok := f.canonical(r.to, false); ok {
		r.to = c
	}
	return r
}

// busy has the call answer EBUSY (pathListener.After puts it in place of
// the errno wazero answers).
func (f posixFS) busy() experimentalsys.Errno {
	if f.s != nil {
		f.s.paths.answer = errnoBusy
	}
	return experimentalsys.EINVAL
}

func (f posixFS) Link(oldPath, newPath string) experimentalsys.Errno {
	names := [2]string{oldPath, newPath}
	for i, onDot := range []func() experimentalsys.Errno{nil, answer(experimentalsys.EEXIST)} {
		var errno experimentalsys.Errno
		if names[i], errno = f.entry(i, names[i], onDot); errno != 0 {
			return errno
		}
	}
	return f.FS.Link(names[0], names[1])
}

func (f posixFS) Symlink(target, link string) experimentalsys.Errno {
	name, errno := f.entry(1, link, answer(experimentalsys.EEXIST))
	if errno != 0 {
		return errno
	}
	return f.FS.Symlink(target, name)
}

func (f posixFS) Readlink(p string) (string, experimentalsys.Errno) {
	name, errno := f.name(0, p)
	if errno != 0 {
		return "", errno
	}
	return f.FS.Readlink(name)
}

func (f posixFS) Utimens(p string, atim, mtim int64) experimentalsys.Errno {
	name, errno := f.name(0, p)
	if errno != 0 {
		return errno
	}
	return f.FS.Utimens(name, atim, mtim)
}
