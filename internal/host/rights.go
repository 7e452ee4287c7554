package host

import (
	"encoding/binary"

	"github.com/tetratelabs/wazero/api"
)

// Rights and open modes as Subako's runtime (wasmtime v39's preview 1)
// has them, measured with testdata/wasmtimeanswers/rights.c (attack pass
// 49a, rows 2 and 6). This table is the one home of the rights
// fd_fdstat_get reports of a descriptor that is not a standard stream
// (stdio.go has the streams'):
//
//   - a preopen: base 0x7b7fe00, inheriting 0xff7ffff, whatever its name
//     and whether its directory and files are writable or read-only;
//   - a directory the module opened: 0x3fb7ffbb, base and inheriting,
//     whatever rights it asked (with FD_WRITE the open answers EISDIR);
//   - a file the module opened: every right of bits 0 to 29
//     (0x3fffffff), base and inheriting, less FD_READ and FD_READDIR when
//     it was not opened for reading, less FD_WRITE when it was not opened
//     for writing.
//
// wasmtime opens a file for reading when the rights asked hold FD_READ
// or do not hold FD_WRITE, for writing when they hold FD_WRITE or the
// oflags CREAT; TRUNC makes the file writable too (p2's open_at opens it
// for writing) without the mode saying so: fd_fdstat_get shows no
// FD_WRITE, fd_write writes. wazero reported a preopen's and a
// directory's rights as 0x7bffe19/0xfffffff, a file's as 0x8e001ff/0,
// and opened a file asked FD_READ alone read-only, CREAT or TRUNC or not.
const (
	rightsPreopenBase       = 0x7b7fe00
	rightsPreopenInheriting = 0xff7ffff
	rightsOpenedDirectory   = 0x3fb7ffbb
	rightsFile              = 1<<30 - 1
	rightFdReaddir          = 0x4000

	oflagCreat = 0x1
	oflagDir   = 0x2
	oflagTrunc = 0x8

	fdflagAppend = 0x1

	modeRead  = 1
	modeWrite = 2
)

// openMode is the mode wasmtime opens a file in for path_open's oflags
// and base rights.
func openMode(oflags, rights uint64) uint8 {
	var mode uint8
	if rights&rightFdRead != 0 || rights&rightFdWrite == 0 {
		mode |= modeRead
	}
	if rights&rightFdWrite != 0 || oflags&oflagCreat != 0 {
		mode |= modeWrite
	}
	return mode
}

// openRights is the base rights wazero is to open a file with, for
// path_open's oflags, base rights and fdflags, so that it opens the file
// as wasmtime (wazero reads the mode from FD_READ and FD_WRITE alone, and
// opens for reading and writing when it finds neither): with CREAT or
// TRUNC, FD_WRITE and, when FD_WRITE was not asked, FD_READ too; with
// APPEND and neither right, FD_READ (wasmtime's write answers EBADF). The
// bytes written are charged to the run's budget as any (sandboxfs.osFile).
func openRights(oflags, rights, fdflags uint64) uint64 {
	switch {
	case oflags&oflagDir != 0 || rights&rightFdWrite != 0:
		return rights
	case oflags&(oflagCreat|oflagTrunc) != 0:
		return rights | rightFdRead | rightFdWrite
	case fdflags&fdflagAppend != 0:
		return rights | rightFdRead
	}
	return rights
}

// fdRights is what fd_fdstat_get reports as fd's base and inheriting
// rights, or ok false where wazero's answer stands (a standard stream,
// or a descriptor the host does not know).
func (s *session) fdRights(fd uint32) (base, inheriting uint64, ok bool) {
	f := s.files
	if f == nil || f.given == nil || s.stdStream(fd) {
		return 0, 0, false
	}
	_, given := f.given[fd]
	_, dir := f.dirs[fd]
	_, opened := f.open[fd]
	switch {
	case given && dir:
		return rightsPreopenBase, rightsPreopenInheriting, true
	case opened && dir:
		return rightsOpenedDirectory, rightsOpenedDirectory, true
	case opened:
		rights := uint64(rightsFile)
		mode := f.modes[fd]
		if mode&modeRead == 0 {
			rights &^= rightFdRead | rightFdReaddir
		}
		if mode&modeWrite == 0 {
			rights &^= rightFdWrite
		}
		return rights, rights, true
	}
	return 0, 0, false
}

// putRights writes base and inheriting into the fdstat at ptr.
func putRights(mod api.Module, ptr uint32, base, inheriting uint64) {
	mem := guestMemory(mod)
	if mem == nil {
		return
	}
	if buf, ok := mem.Read(ptr, fdstatSize); ok {
		binary.LittleEndian.PutUint64(buf[fdstatRightsAt:], base)
		binary.LittleEndian.PutUint64(buf[fdstatInheritsAt:], inheriting)
	}
}
