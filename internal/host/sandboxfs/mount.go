// Package sandboxfs is the filesystem a module sees: each WASI preopen is a
// Mount backed by an os.Root, so that every path the module names, and every
// symbolic link it follows, is resolved beneath the mount's directory by
// construction rather than by checking names. It also charges what a call
// creates and writes to one Budget, which subako_http shares.
//
// Confinement:
//   - Opening, creating, renaming, linking and removing go through the
//     os.Root, which refuses any path, ".." or symbolic link (whoever made
//     it) that would leave the mount. A call on a name's last component
//     itself (a rename, an open that does not follow a link, a link's own
//     times) is made on the descriptor of the name's directory, which the
//     os.Root opens, with that component alone (at_unix.go).
//   - A symbolic link the module creates must have a relative target without
//     ".." components, so that it points beneath its own directory wherever
//     it is later moved: nothing a module leaves on the volume leads out of
//     it, even for a program that follows links without an os.Root.
//   - A regular file with more than one hard link is never opened for
//     writing, since its other names may be outside the mount (a module
//     cannot make such a link, but it may find one).
//   - Only regular files and directories open, and an open never waits: a
//     device, FIFO or socket the module finds is refused. A directory is
//     rewound on its own descriptor, never opened again by name.
//   - Nothing is created that was not charged: an O_CREAT open of a name
//     that exists (a dangling symbolic link included) creates nothing.
package sandboxfs

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// chunk is the most one host read or write moves before the mount checks
// whether the run was stopped, so that a single huge call cannot hold the
// run past its deadline.
const chunk = 1 << 20

// Mount is one preopened directory.
type Mount struct {
	// Guest is where the module sees it, such as "/volume/tmp".
	Guest    string
	root     *os.Root
	writable bool
	budget   *Budget
	stop     <-chan struct{}
	// id is the device and inode of the directory depths count from
	// (dirDepth): the mount's own, or for a Private's member its top
	// (belowTop).
	id   [2]uint64
	virt *Virtual // what a seeded run sees of metadata; nil: the real
	vdev uint64   // the device the mount is under virt
	// private, when set, is the Private the mount is of, at sub beneath
	// it: root is the person's directory until the module first changes
	// something, then the run's copy of it.
	private *Private
	sub     string
}

// Open opens dir as a mount at guest. A writable mount charges b (which may
// be nil for unlimited); stop, when closed, cuts reads and writes short.
func Open(dir, guest string, writable bool, b *Budget, stop <-chan struct{}) (*Mount, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	learnEscapes.Do(func() {
		_, err := root.Lstat("..")
		var perr *fs.PathError
		if errors.As(err, &perr) {
			errEscapes = perr.Err
		}
	})
	m := &Mount{Guest: guest, root: root, writable: writable, budget: b, stop: stop}
	m.id = m.rootID()
	return m, nil
}

// Close releases the mount's directory.
func (m *Mount) Close() error {
	err := m.root.Close()
	if m.private != nil {
		if rerr := m.private.release(); err == nil {
			err = rerr
		}
	}
	return err
}

// Root is the mount's directory, for reads that need no budget.
func (m *Mount) Root() *os.Root { return m.root }

// FS is the mount as wazero's filesystem.
func (m *Mount) FS() experimentalsys.FS { return &mountFS{m: m} }

func (m *Mount) stopped() bool {
	select {
	case <-m.stop:
		return true
	default:
		return false
	}
}

// Errors of CreateFile, beside the os.Root's own.
var (
	ErrReadOnly   = errors.New("the mount is read-only")
	ErrTooMany    = errors.New("the call's limit on files created is reached")
	ErrTooDeep    = errors.New("the path is deeper than the call's limit on directory levels")
	ErrLinked     = errors.New("the file has other hard links, which may lead outside the mount")
	ErrNotRegular = errors.New("not a regular file or directory")
)

// CreateFile opens name (relative to the mount) for writing, truncated,
// creating it when absent, with the checks the module's own opens get: the
// budget for a new entry, no hard-linked file, a regular file only.
func (m *Mount) CreateFile(name string) (*os.File, error) {
	name = clean(name)
	defer m.namespaceChanged()
	if err := m.own(); err != nil {
		return nil, err
	}
	created, err := m.chargeCreate(name)
	if err != nil {
		return nil, err
	}
	// Never O_TRUNC: the file opened is checked, then truncated through
	// its descriptor, so that a hard-linked file renamed onto the name
	// after the check below is refused before anything empties it
	// (attack pass 43a, row 2).
	flag := os.O_WRONLY | os.O_CREATE
	if !created {
		// Refuse the hard-linked file without opening it, and create
		// nothing uncharged: the name exists (to Lstat), and a dangling
		// link's target must not be made (attack pass 42m, row 1).
		if err := m.CheckWritable(name); err != nil {
			return nil, err
		}
		flag &^= os.O_CREATE
	}
	if beforeOpen != nil {
		beforeOpen(m, name)
	}
	f, err := m.root.OpenFile(name, flag|oNonblock, 0o644)
	if err != nil {
		return nil, err
	}
	if err := m.writableFile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	if err := f.Truncate(0); err != nil {
		_ = f.Close()
		return nil, err
	}
	return f, nil
}

// chargeCreate charges the budget when name does not exist yet, and says
// whether it did not.
func (m *Mount) chargeCreate(name string) (bool, error) {
	if _, err := m.root.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	d := m.entryDepth(name)
	if !m.budget.takeEntry(d) {
		if d > m.budget.lim.Depth {
			return false, ErrTooDeep
		}
		return false, ErrTooMany
	}
	return true, nil
}

// exclErrno is what an O_CREAT|O_EXCL open of name answers when
// chargeCreate found nothing to create: EEXIST for a name there, else
// the look-up's own errno: too many links on the way (ELOOP, which the
// host's link-chain retry takes again: attack pass 48e, row 1, answered
// EEXIST with nothing there), a file as a directory (ENOTDIR).
func (m *Mount) exclErrno(name string) experimentalsys.Errno {
	if _, err := m.root.Lstat(name); err != nil {
		return m.errno(err)
	}
	return experimentalsys.EEXIST
}

// beforeOpen, when set (by a test), is called as OpenFile and CreateFile
// are about to open name, after their checks of the name: where a rename
// racing them would land.
var beforeOpen func(m *Mount, name string)

// CheckWritable refuses an existing name that is not a regular file with
// one link, or only links known to be the run's (knownlinks.go),
// following symbolic links, within the mount.
func (m *Mount) CheckWritable(name string) error {
	info, err := m.root.Stat(name)
	if err != nil {
		return err
	}
	return m.writableInfo(info)
}

func (m *Mount) writableFile(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	return m.writableInfo(info)
}

func (m *Mount) writableInfo(info fs.FileInfo) error {
	if !info.Mode().IsRegular() {
		return ErrNotRegular
	}
	if m.linkedOutside(info) {
		return ErrLinked
	}
	return nil
}

// clean turns wazero's path (already cleaned, relative, perhaps with a
// trailing slash) into one for the os.Root.
func clean(p string) string {
	switch p {
	case "", "/":
		return "."
	}
	return strings.TrimPrefix(p, "/")
}

// entryDepth is how many levels beneath the mount the entry name is, or
// would be once created: its directory's real depth plus one. A symbolic
// link in name's middle, which the os.Root follows, may lead deeper than
// name's text says, so the depth limit is kept on where the entry really
// lands (attack pass 42j, row 1: links to deep directories stacked 249
// levels under a limit of 64). Past the limit the count stops, at limit+1.
// For a mount of a Private beneath its top (a /skills/<name>) the depth is
// beneath the top (/skills), see belowTop.
func (m *Mount) entryDepth(name string) int {
	name = path.Clean(name)
	lim := 0
	if m.budget != nil {
		lim = m.budget.lim.Depth
	}
	if m.belowTop() {
		if name == "." {
			return m.dirDepth(".", lim)
		}
		return m.dirDepth(path.Dir(name), lim) + 1
	}
	if name == "." {
		return 0
	}
	dir := path.Dir(name)
	if dir == "." || m.budget == nil {
		return depth(name)
	}
	return m.dirDepth(dir, lim) + 1
}

// belowTop says whether the mount is a Private's mounted beneath the
// Private's top (sub is not "."), where depths count from the top:
// /skills and each /skills/<name> are mounts of one copy, which /skills
// may rearrange, so a skill's directory may lie anywhere beneath /skills,
// and a depth counted from the skill's own mount let the copy grow 63
// levels deeper per skill (attack pass 46a, row 4: 127 levels beneath
// /skills with one skill, 189 with two, under a limit of 64).
func (m *Mount) belowTop() bool {
	return m.private != nil && path.Clean(m.sub) != "."
}

// nameDepth is the depth of dir by its names, where the walk up its ".."
// cannot be made: beneath the mount, and for a mount beneath a Private's
// top beneath the top, as the mount's sub names it (where the module may
// since have moved it).
func (m *Mount) nameDepth(dir string) int {
	if m.belowTop() {
		return depth(m.sub) + depth(dir)
	}
	return depth(dir)
}

// depth is how many levels beneath the mount name is: "a" is 1, "a/b" 2.
func depth(name string) int {
	name = path.Clean(name)
	if name == "." {
		return 0
	}
	return strings.Count(name, "/") + 1
}

// safeTarget says whether a symbolic link's target points beneath the
// link's own directory wherever the link is: relative, and without "..".
func safeTarget(target string) bool {
	if target == "" || path.IsAbs(target) || strings.IndexByte(target, 0) >= 0 {
		return false
	}
	for _, seg := range strings.Split(target, "/") {
		if seg == ".." {
			return false
		}
	}
	return true
}

// errEscapes is the error an os.Root gives for a path that would leave it
// (package os's errPathEscapes, which it does not export), learnt from the
// first root opened, so that errno knows an escape by identity rather than
// by its text. TestEscapeError pins it.
var (
	errEscapes   error
	learnEscapes sync.Once
)

// errno maps an error from the os.Root to WASI's. A path that would leave
// the mount is EPERM: the module may not go there.
func errno(err error) experimentalsys.Errno {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrTooMany), errors.Is(err, ErrTooDeep):
		return experimentalsys.EIO // turned into EDQUOT by the host, see Budget.Refused
	case errors.Is(err, ErrReadOnly):
		return experimentalsys.EROFS
	case errors.Is(err, ErrLinked):
		return experimentalsys.EPERM
	case errors.Is(err, ErrNotRegular):
		return experimentalsys.EACCES // a device, FIFO or socket is not the module's to open
	}
	if errEscapes != nil && errors.Is(err, errEscapes) { // a *fs.PathError or an *os.LinkError
		return experimentalsys.EPERM
	}
	return experimentalsys.UnwrapOSError(err)
}

func stat(info fs.FileInfo, err error) (sys.Stat_t, experimentalsys.Errno) {
	if err != nil {
		return sys.Stat_t{}, errno(err)
	}
	return sys.NewStat_t(info), 0
}
