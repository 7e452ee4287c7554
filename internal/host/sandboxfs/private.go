package sandboxfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// Private is a directory of the person's (a package's assets, its skills)
// that the module may write as Subako's runtime lets it, without the host
// ever changing it: its mounts (Private.Open) read the directory itself
// until the module first changes something in any of them (a create, an
// open for writing or truncating, a directory made or removed, an unlink,
// a rename, a link, times or a mode set). That first change copies the
// directory into a private temporary directory of the run, switches every
// mount of the Private to the copy, and is made there; so is everything
// after it. The copy is charged to the call's budget, bytes and entries
// as if the module had written them (EDQUOT past it), and removed when
// the last of its mounts is closed, at the end of the run. A run that
// only reads costs nothing more than before.
//
// The copy holds directories, regular files and symbolic links (as they
// are: the os.Root keeps them inside the mount); anything else (a FIFO, a
// device) is left out, as the module may not open it anyway. A file
// opened before the first change, a directory's listing included, goes on
// reading the original.
type Private struct {
	src    string
	budget *Budget
	stop   <-chan struct{}

	mu      sync.Mutex
	dir     string // the copy; "" until the first change
	members []*Mount
	open    int
}

// NewPrivate returns a Private of the directory src, whose copy is
// charged to b and cut short (EINTR) when stop is closed.
func NewPrivate(src string, b *Budget, stop <-chan struct{}) *Private {
	return &Private{src: src, budget: b, stop: stop}
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

// errCopyBudget is a copy refused for the call's budget of bytes.
var errCopyBudget = errors.New("the copy of the directory passes the call's write budget")

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

// ownErrno is own's error as the module sees it.
func (m *Mount) ownErrno() experimentalsys.Errno {
	err := m.own()
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrTooMany), errors.Is(err, ErrTooDeep), errors.Is(err, errCopyBudget):
		m.budget.refuse()
		return experimentalsys.EIO // turned into EDQUOT by the host
	case errors.Is(err, errCopyStopped):
		return experimentalsys.EINTR
	}
	return m.errno(err)
}

// copyOnce copies the directory and switches the members to the copy,
// once; a copy that failed is removed, and the next change tries again.
func (p *Private) copyOnce() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dir != "" {
		return nil
	}
	dir, err := os.MkdirTemp("", "subako-go-private-")
	if err != nil {
		return err
	}
	roots, err := p.copyTo(dir)
	if err != nil {
		for _, r := range roots {
			_ = r.Close()
		}
		_ = os.RemoveAll(dir)
		return err
	}
	for i, m := range p.members {
		_ = m.root.Close()
		m.root = roots[i]
		m.id = m.rootID()
	}
	p.dir = dir
	return nil
}

// copyTo copies the directory into dir and opens each member's directory
// there.
func (p *Private) copyTo(dir string) ([]*os.Root, error) {
	src, err := os.OpenRoot(p.src)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	c := copier{p: p, src: src, dst: dst}
	if len(p.members) > 0 {
		c.virt = p.members[0].virt
	}
	if err := c.dir(".", 0); err != nil {
		return nil, err
	}
	roots := make([]*os.Root, 0, len(p.members))
	for _, m := range p.members {
		r, err := dst.OpenRoot(m.sub)
		if err != nil {
			return roots, err
		}
		roots = append(roots, r)
	}
	return roots, nil
}

type copier struct {
	p        *Private
	src, dst *os.Root
	virt     *Virtual
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
		ents, rerr := f.ReadDir(heightBatch)
		for _, e := range ents {
			if err := c.entry(path.Join(name, e.Name()), depth+1); err != nil {
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
	return c.finish(name)
}

// entry copies one entry, charging it first.
func (c *copier) entry(name string, depth int) error {
	if c.stopped() {
		return errCopyStopped
	}
	info, err := c.src.Lstat(name)
	if err != nil {
		return err
	}
	mode := info.Mode()
	if !mode.IsDir() && !mode.IsRegular() && mode&fs.ModeSymlink == 0 {
		return nil
	}
	lim := c.p.budget.Limits()
	if lim.Depth > 0 && depth > lim.Depth {
		return ErrTooDeep
	}
	size := int64(0)
	if mode.IsRegular() {
		size = info.Size()
	}
	if !c.p.budget.takeCopy(0, 1) {
		return ErrTooMany
	}
	if !c.p.budget.takeCopy(size, 0) {
		return errCopyBudget
	}
	switch {
	case mode.IsDir():
		// The owner may always write it, so that the copy can be removed.
		if err := c.dst.Mkdir(name, mode.Perm()|0o700); err != nil {
			return err
		}
		return c.dir(name, depth)
	case mode&fs.ModeSymlink != 0:
		target, err := c.src.Readlink(name)
		if err != nil {
			return err
		}
		if err := c.dst.Symlink(target, name); err != nil {
			return err
		}
		return c.noteCopied(name, info)
	}
	return c.file(name, mode.Perm(), size)
}

// file copies a regular file chunk by chunk, checking between chunks that
// the run goes on. A file that grew since it was charged is cut there.
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
	// io.CopyN of one file into another is copy_file_range(2) where the
	// system has it: the kernel copies (or shares the blocks) without the
	// bytes passing through the host.
	size := min(info.Size(), charged)
	for copied := int64(0); copied < size; {
		if c.stopped() {
			_ = out.Close()
			return errCopyStopped
		}
		n, err := io.CopyN(out, in, min(chunk, size-copied))
		copied += n
		if errors.Is(err, io.EOF) {
			break // it shrank since its Stat
		}
		if err != nil {
			_ = out.Close()
			return err
		}
	}
	if err := out.Close(); err != nil {
		return err
	}
	if perm&0o600 != 0o600 {
		if err := c.dst.Chmod(name, perm); err != nil {
			return err
		}
	}
	return c.finish(name)
}

// finish gives the copy of name the original's modification time (and
// that as its access time), a directory its mode (the owner may always
// write it, so that the copy can be removed), and the original's virtual
// identity.
func (c *copier) finish(name string) error {
	info, err := c.src.Lstat(name)
	if err != nil {
		return err
	}
	if info.IsDir() { // the mode Mkdir's umask changed, the copy's own "."
		if err := c.dst.Chmod(name, info.Mode().Perm()|0o700); err != nil {
			return err
		}
	}
	if err := c.dst.Chtimes(name, info.ModTime(), info.ModTime()); err != nil {
		return err
	}
	return c.noteCopied(name, info)
}

func (c *copier) noteCopied(name string, from fs.FileInfo) error {
	if c.virt == nil {
		return nil
	}
	to, err := c.dst.Lstat(name)
	if err != nil {
		return err
	}
	c.virt.copied(from, to)
	return nil
}
