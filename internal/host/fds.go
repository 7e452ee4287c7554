package host

import (
	"context"
	"sync"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Descriptor limits. wazero keeps a run's descriptor table in the
// instance, out of the host's reach, so the host bounds it from outside:
// a listener on path_open, fd_close and fd_renumber counts the files a run
// opened and, before a call that would pass a limit, points it at a
// descriptor that does not exist, so that wazero opens nothing and grows
// nothing; the errno is then the limit's.
const (
	// MaxOpenFiles bounds the files one run has open at once (EMFILE past
	// it): a module opening files in a loop cannot take the host's.
	MaxOpenFiles = 1024
	// MaxFD bounds the descriptor fd_renumber may target (EBADF past it):
	// wazero's table grows to the number it is given.
	MaxFD = 4096
	// FileBudget bounds the files all the runs of a host have open at
	// once (ENFILE past it), so concurrent runs leave the process
	// descriptors for its own work (a client's connection, a mount).
	FileBudget = 4096
	// MaxSkills bounds the skills a run preopens, each a directory the
	// host holds open for the run.
	MaxSkills = 256

	errnoBadf  = 8
	errnoMfile = 33
	errnoNfile = 41
	// noFD is the descriptor a refused call is pointed at: -1 as wazero
	// reads it, never open.
	noFD = 0xffffffff
)

// fileBudget counts the files a host's runs have open.
type fileBudget struct {
	limit int

	mu   sync.Mutex
	used int
}

// runFiles is one run's open files, as its listener saw them opened.
type runFiles struct {
	host *fileBudget
	open map[uint32]struct{}
	// given are the descriptors open that the module did not open: the
	// standard streams and the preopens, less those it closed, at the
	// numbers it moved them to (fd_renumber); nil when not known (every
	// descriptor is then taken for open). With open, the run's open
	// descriptors, as poll_oneoff looks them up (session.fdOpen).
	given map[uint32]struct{}
	// dirs are the open descriptors that are directories: the preopens
	// and the directories the module opened, at the numbers they are at
	// (session.dirAt).
	dirs map[uint32]struct{}
	// modes are the modes the files the module opened were opened in, as
	// Subako's runtime opens them (rights.go), at the numbers they are at.
	modes map[uint32]uint8

	// opening is the mode of the path_open in progress; prestatErrno is
	// what the fd_prestat_dir_name in progress answers instead of wazero's
	// EBADF, 0 for wazero's answer (prestat.go).
	opening      uint8
	prestatErrno uint64

	// What Before saw, for After (a run's calls do not overlap).
	refused   uint64
	itself    bool            // fd_renumber of an open descriptor onto itself
	cleared   preopensCleared // the IsPreopen marks fd_renumber took off wazero's entries
	resultPtr uint32
	fd, to    uint32
}

func newRunFiles(b *fileBudget) *runFiles {
	return &runFiles{host: b, open: map[uint32]struct{}{}, dirs: map[uint32]struct{}{}, modes: map[uint32]uint8{}}
}

// preopened notes the descriptors a run starts with: the standard
// streams, 0 to 2, and n preopens from 3 on, as wazero numbers them
// (the lowest free descriptor each, in the mounts' order).
func (f *runFiles) preopened(n int) {
	f.given = map[uint32]struct{}{}
	for fd := range uint32(3 + n) {
		f.given[fd] = struct{}{}
		if fd > 2 {
			f.dirs[fd] = struct{}{}
		}
	}
}

// admit says why one more file may not be opened, or 0.
func (f *runFiles) admit() uint64 {
	if len(f.open) >= MaxOpenFiles {
		return errnoMfile
	}
	f.host.mu.Lock()
	defer f.host.mu.Unlock()
	if f.host.used >= f.host.limit {
		return errnoNfile
	}
	return 0
}

func (f *runFiles) add(fd uint32) {
	if _, ok := f.open[fd]; ok {
		return
	}
	f.open[fd] = struct{}{}
	f.host.mu.Lock()
	f.host.used++
	f.host.mu.Unlock()
}

func (f *runFiles) remove(fd uint32) {
	if _, ok := f.open[fd]; !ok {
		return
	}
	delete(f.open, fd)
	delete(f.dirs, fd)
	delete(f.modes, fd)
	f.host.mu.Lock()
	f.host.used--
	f.host.mu.Unlock()
}

// release returns a finished run's files to the host's budget.
func (f *runFiles) release() {
	if f == nil {
		return
	}
	f.host.mu.Lock()
	f.host.used -= len(f.open)
	f.host.mu.Unlock()
	f.open = map[uint32]struct{}{}
	f.dirs = map[uint32]struct{}{}
	f.modes = map[uint32]uint8{}
}

// fdListener bounds descriptors (see MaxOpenFiles); on path_open it also
// does budgetListener's work.
type fdListener struct{ name string }

func (l fdListener) Before(ctx context.Context, mod api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	s := sessionOf(ctx)
	if s == nil {
		return
	}
	s.closing0 = l.name == "fd_close" && len(params) > 0 && uint32(params[0]) == 0
	if s.files == nil {
		return
	}
	f := s.files
	f.refused = 0
	switch l.name {
	case "path_open": // fd, dirflags, path, path_len, oflags, rights, rights, fdflags, result
		if len(params) < 9 {
			return
		}
		if f.refused = f.admit(); f.refused != 0 {
			params[0] = noFD
			if f.refused == errnoNfile {
				s.filesRefused.Store(true) // the host's budget, held by other runs
			}
		}
		f.resultPtr = uint32(params[8])
		// Opened as Subako's runtime opens it (rights.go).
		f.opening = openMode(params[4], params[5])
		params[5] = openRights(params[4], params[5], params[7])
		s.openedDir.Store(false)
	case "fd_close":
		if len(params) > 0 {
			f.fd = uint32(params[0])
		}
	case "fd_renumber":
		if len(params) < 2 {
			return
		}
		f.fd, f.to = uint32(params[0]), uint32(params[1])
		f.itself = false
		switch {
		case f.to >= MaxFD:
			f.refused = errnoBadf
			params[0] = noFD
		case !s.fdOpen(f.to):
			// Subako's runtime (wasmtime's preview 1) renumbers onto an
			// open descriptor only; wazero made the number (attack pass
			// 45a, row 1).
			f.refused = errnoBadf
			params[0] = noFD
		case f.fd == f.to:
			// Onto itself: success, and the file stays open (wazero
			// closed it, then moved the closed file onto its number).
			f.itself = true
			params[0] = noFD
		case !s.stdStream(f.fd) && mod != nil:
			// A preopen, or onto a stream or a preopen (renumber.go).
			f.cleared, _ = unmarkPreopens(mod, f.fd, f.to)
		}
	}
}

func (l fdListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	s := sessionOf(ctx)
	if s == nil || len(results) == 0 {
		return
	}
	if s.closing0 && results[0] == 0 {
		s.stdinGone = true // stdin's reads answer EBADF, and wait for nothing
	}
	s.closing0 = false
	if s.files == nil {
		return
	}
	f := s.files
	f.cleared.restore()
	f.cleared = nil
	switch {
	case f.refused != 0:
		results[0] = f.refused
		f.refused = 0
		return
	case f.itself:
		results[0] = 0
		f.itself = false
		return
	case results[0] != 0:
		if l.name == "path_open" {
			budgetListener{}.After(ctx, mod, def, results)
		}
		return
	}
	switch l.name {
	case "path_open":
		if mem := guestMemory(mod); mem != nil {
			if fd, ok := mem.ReadUint32Le(f.resultPtr); ok {
				f.add(fd)
				if s.openedDir.Load() {
					f.dirs[fd] = struct{}{}
					delete(f.modes, fd)
				} else {
					delete(f.dirs, fd)
					f.modes[fd] = f.opening
				}
			}
		}
	case "fd_close":
		f.remove(f.fd)
		delete(f.given, f.fd)
		delete(f.dirs, f.fd)
	case "fd_renumber":
		_, counted := f.open[f.fd]
		_, given := f.given[f.fd]
		_, dir := f.dirs[f.fd]
		mode, hasMode := f.modes[f.fd]
		f.remove(f.to) // closed by the renumbering
		delete(f.given, f.to)
		delete(f.dirs, f.to)
		if dir {
			delete(f.dirs, f.fd)
			f.dirs[f.to] = struct{}{}
		}
		if counted {
			f.remove(f.fd)
			f.add(f.to)
		}
		if hasMode {
			f.modes[f.to] = mode
		}
		if given && f.given != nil {
			delete(f.given, f.fd)
			f.given[f.to] = struct{}{}
		}
	}
}

func (fdListener) Abort(ctx context.Context, _ api.Module, _ api.FunctionDefinition, _ error) {
	if s := sessionOf(ctx); s != nil && s.files != nil {
		s.files.cleared.restore()
		s.files.cleared = nil
	}
}
