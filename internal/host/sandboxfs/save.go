package sandboxfs

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// Saving a whole file for the host (subako_http's responses saved to the
// volume): the body is written to a file of its own, made with O_EXCL
// under a random name in the directory of the name it is saved as, and
// renamed onto that name only once whole; a body that fails removes only
// that file. Writing the name itself, and removing the name when the body
// failed, removed whatever another call (serve's calls share the volume)
// had renamed onto the name meanwhile (attack pass 51c, row 1).

// saveTempPrefix begins the name of a file being saved; the rest is 32
// random hex digits, which no module can predict.
const saveTempPrefix = ".subako-save-"

// maxSaveLinks is how many symbolic links at the name's last component a
// save follows, as Linux's open(2) does (ELOOP past it).
const maxSaveLinks = 40

// Save is a file being saved: write the body to File, then Place it, or
// Discard it on any failure. Exactly one of them must be called.
type Save struct {
	File *os.File
	m    *Mount
	name string      // where it goes, relative to the mount, not a link
	tmp  string      // the file written, in name's directory
	info fs.FileInfo // the file written, to know it again by
}

// CreateSave begins saving a file at name (relative to the mount), with
// the checks and charges CreateFile makes: a new name is charged an entry
// (the file written is what becomes it), an existing one must be a
// regular file with one link. A symbolic link at name is followed within
// the mount, as a write through it would be; one whose target is absent
// is the ErrNotExist of its target, and nothing is made.
func (m *Mount) CreateSave(name string) (*Save, error) {
	name = clean(name)
	if err := m.own(); err != nil {
		return nil, err
	}
	name, err := m.followLast(name)
	if err != nil {
		return nil, err
	}
	created, err := m.chargeCreate(name)
	if err != nil {
		return nil, err
	}
	if !created {
		if err := m.CheckWritable(name); err != nil {
			return nil, err
		}
	}
	dir, _ := lastComponent(name, false)
	for range 8 {
		var r [16]byte
		_, _ = rand.Read(r[:])
		tmp := saveTempPrefix + hex.EncodeToString(r[:])
		if dir != "." {
			tmp = dir + "/" + tmp
		}
		f, err := m.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		info, err := f.Stat()
		if err != nil {
			_ = f.Close()
			_ = m.root.Remove(tmp)
			return nil, err
		}
		m.namespaceChanged() // the temporary entry: a listing read before it is stale
		return &Save{File: f, m: m, name: name, tmp: tmp, info: info}, nil
	}
	return nil, &fs.PathError{Op: "save", Path: name, Err: fs.ErrExist}
}

// followLast follows the symbolic links at name's last component, within
// the mount (the os.Root resolves every name given to it), to the name a
// write through them reaches. A name that ends in a directory ("x/",
// "x/.") is refused, EISDIR.
func (m *Mount) followLast(name string) (string, error) {
	for i := 0; ; i++ {
		if _, base := lastComponent(name, true); strings.HasSuffix(base, "/") || base == "." || base == ".." {
			return "", &fs.PathError{Op: "save", Path: name, Err: syscall.EISDIR}
		}
		info, err := m.root.Lstat(name)
		if i == 0 && errors.Is(err, fs.ErrNotExist) {
			return name, nil // a new name
		}
		if err != nil {
			return "", err // past a link: a dangling link's target is not made
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return name, nil
		}
		if i == maxSaveLinks {
			return "", &fs.PathError{Op: "save", Path: name, Err: syscall.ELOOP}
		}
		target, err := m.root.Readlink(name)
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(target, "/") {
			return "", &fs.PathError{Op: "save", Path: name, Err: errEscapesOr()}
		}
		if dir, _ := lastComponent(name, false); dir != "." {
			target = dir + "/" + target // not cleaned: the os.Root resolves ".." as the kernel does
		}
		name = target
	}
}

// errEscapesOr is the os.Root's error for a path that leaves it, or
// EPERM before one has been learned.
func errEscapesOr() error {
	if errEscapes != nil {
		return errEscapes
	}
	return syscall.EPERM
}

// ours says whether the temporary name still leads to the file written.
func (s *Save) ours() bool {
	info, err := s.m.root.Lstat(s.tmp)
	return err == nil && os.SameFile(info, s.info)
}

// Place closes the file and renames it onto the name; on failure it is
// removed, as by Discard. In a seeded run the saved file is made, and its
// directory changed, at the module's now, one clock reading.
func (s *Save) Place() error {
	if err := s.File.Close(); err != nil {
		s.remove()
		return err
	}
	if !s.ours() {
		return &fs.PathError{Op: "save", Path: s.tmp, Err: fs.ErrNotExist}
	}
	old, oldErr := s.m.root.Lstat(s.name)
	if err := s.m.renameAt(s.tmp, s.name); err != nil {
		s.remove()
		return err
	}
	s.m.namespaceChanged()
	if oldErr == nil {
		s.m.forgetCopied(old)
		s.m.linkGone(old)
		if s.m.virt != nil {
			s.m.virt.removed(old)
			s.m.virt.entryRemoved(fileKey{}, "", old)
		}
	} else {
		s.m.entryAdded(s.name)
	}
	s.m.madeNow(s.name)
	return nil
}

// Discard closes the file and removes it, if its name still leads to it:
// never anything else, whatever was made or renamed meanwhile.
func (s *Save) Discard() {
	_ = s.File.Close()
	s.remove()
}

func (s *Save) remove() {
	if s.ours() {
		_ = s.m.root.Remove(s.tmp)
		s.m.namespaceChanged()
	}
}
