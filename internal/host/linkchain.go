package host

import (
	"io/fs"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// Link chains. A mount does each operation through its os.Root, which
// follows at most 8 symbolic links in one name (Go's rootMaxSymlinks)
// and answers ELOOP past them, where Linux and Subako's runtime (cap-std)
// follow 40 (maxLinks): a chain of 9 to 40 links opened on wasmtime and
// answered ELOOP here, for path_open, path_filestat_get and "./l" alike
// (attack pass 48a, row 2, TestLinkChainFollowedAsWasmtime). chainFS
// gives a call the mount answered ELOOP a second try, in which posixFS
// resolves every path of the call with its walk (pathwalk.go): each link
// on the way, and the last component's when the call follows it
// (path_open and path_filestat_get with SYMLINK_FOLLOW, and
// path_filestat_set_times with it), at most maxLinks in all, and hands
// the mount the name reached, with no link left in it for the os.Root to
// follow but a last component the call does not follow. The walk looks
// up one name at a time in the mount's os.Root and never leaves the
// mount (a ".." not above the descriptor's directory, a link's target
// never absolute: EPERM), so the sandbox holds as it did; a call costs at
// most one walk more, and the second try's answer stands. A chain that
// ends on a missing name answers ENOENT on the second try; path_open with
// O_CREAT hands the mount a missing last component to create (charged
// once: the first try's look-up met the chain and charged nothing), and
// a dangling link at a chain's end the link, answered as any dangling
// link (attack pass 48e, row 1, TestLinkChainEndsAsWasmtime).

// posixFS.deep's values.
const (
	deepDirs = 1 // walk every path; the last component left to the mount
	deepLast = 2 // walk every path, the last component's links followed too
	// deepCreate is deepLast for path_open with O_CREAT: a missing last
	// component is handed to the mount to create, but a dangling link's
	// own name, which the mount answers as it answers any dangling link.
	deepCreate = 3
)

// chainFS is a mount (posixFS) whose calls the mount answers ELOOP are
// tried again with every path walked by posixFS (see "Link chains").
type chainFS struct{ posixFS }

// again is the posixFS a call tries again with, when errno is the
// mount's ELOOP; deep is how its paths are walked.
func (c chainFS) again(errno experimentalsys.Errno, deep uint8) (posixFS, bool) {
	if errno != experimentalsys.ELOOP {
		return posixFS{}, false
	}
	f := c.posixFS
	f.deep = deep
	return f, true
}

// deepFor is how a call's paths are walked on its second try:
// followLast says the call follows its last component.
func deepFor(followLast bool) uint8 {
	if followLast {
		return deepLast
	}
	return deepDirs
}

func (c chainFS) OpenFile(p string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	file, errno := c.posixFS.OpenFile(p, flag, perm)
	deep := deepFor(flag&experimentalsys.O_NOFOLLOW == 0 && !isSetTimesOpen(flag, perm))
	if deep == deepLast && flag&experimentalsys.O_CREAT != 0 {
		deep = deepCreate
	}
	if f, ok := c.again(errno, deep); ok {
		return f.OpenFile(p, flag, perm)
	}
	return file, errno
}

func (c chainFS) Lstat(p string) (sys.Stat_t, experimentalsys.Errno) {
	st, errno := c.posixFS.Lstat(p)
	if f, ok := c.again(errno, deepDirs); ok {
		return f.Lstat(p)
	}
	return st, errno
}

func (c chainFS) Stat(p string) (sys.Stat_t, experimentalsys.Errno) {
	st, errno := c.posixFS.Stat(p)
	if f, ok := c.again(errno, deepLast); ok {
		return f.Stat(p)
	}
	return st, errno
}

func (c chainFS) Readlink(p string) (string, experimentalsys.Errno) {
	target, errno := c.posixFS.Readlink(p)
	if f, ok := c.again(errno, deepDirs); ok {
		return f.Readlink(p)
	}
	return target, errno
}

func (c chainFS) Utimens(p string, atim, mtim int64) experimentalsys.Errno {
	errno := c.posixFS.Utimens(p, atim, mtim)
	if f, ok := c.again(errno, deepLast); ok {
		return f.Utimens(p, atim, mtim)
	}
	return errno
}

// The calls that follow no last component: each path's directories
// walked on the second try.

func (c chainFS) Mkdir(p string, perm fs.FileMode) experimentalsys.Errno {
	return c.retried(func(f posixFS) experimentalsys.Errno { return f.Mkdir(p, perm) })
}

func (c chainFS) Rmdir(p string) experimentalsys.Errno {
	return c.retried(func(f posixFS) experimentalsys.Errno { return f.Rmdir(p) })
}

func (c chainFS) Unlink(p string) experimentalsys.Errno {
	return c.retried(func(f posixFS) experimentalsys.Errno { return f.Unlink(p) })
}

func (c chainFS) Rename(from, to string) experimentalsys.Errno {
	return c.retried(func(f posixFS) experimentalsys.Errno { return f.Rename(from, to) })
}

func (c chainFS) Link(oldPath, newPath string) experimentalsys.Errno {
	return c.retried(func(f posixFS) experimentalsys.Errno { return f.Link(oldPath, newPath) })
}

func (c chainFS) Symlink(target, link string) experimentalsys.Errno {
	return c.retried(func(f posixFS) experimentalsys.Errno { return f.Symlink(target, link) })
}

// retried runs call, and again with every path's directories walked when
// the mount answered ELOOP.
func (c chainFS) retried(call func(posixFS) experimentalsys.Errno) experimentalsys.Errno {
	errno := call(c.posixFS)
	if f, ok := c.again(errno, deepDirs); ok {
		return call(f)
	}
	return errno
}
