package host

import (
	"context"
	"encoding/binary"
	"math"
	"reflect"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// iovecChunk is how many iovecs firstIovec reads from memory at once
// before it looks at the run's stop again.
//
// A read or write's iovecs are not bounded in count or in the sum of their
// lengths: wasmtime's preview 1, what Subako runs, moves the first
// non-empty iovec and reads none past it, whatever follows, and so does
// the host (firstIovec), handing wazero that one iovec (or, when every
// iovec is empty, the first). The host once refused more than 1,024
// iovecs (IOVMax, Linux's IOV_MAX) and lengths adding up past 2^31-1
// (EINVAL) before anything moved, as wazero walked every iovec of a call
// without looking at the run (one fd_write of 8,000,000 one-byte iovecs
// was a host call of a minute); since the cut to one iovec (attack pass
// 44a, row 7) the refusal bounded nothing, and a module writing its
// answer as the first of 1,025 iovecs wrote it on Subako and failed here
// (attack pass 44d, row 6). What bounds the call now: the walk to the
// first non-empty iovec reads the array from the module's memory, so it
// is at most MemoryLimit/8 entries (134 million), read iovecChunk at a
// time with the run's stop checked between chunks (EINTR once stopped,
// as before), on the module's thread and charged to its time; wazero
// then moves one buffer, which sandboxfs moves 1 MiB at a time, checking
// the stop too.
const iovecChunk = 4096

const errnoIntr = 27

// iovecFunctions are the WASI functions that walk guest iovecs, all with
// (fd, iovs, iovs_len, ...) as their first parameters.
var iovecFunctions = map[string]bool{
	"fd_read": true, "fd_write": true, "fd_pread": true, "fd_pwrite": true, "sock_recv": true, "sock_send": true,
}

// iovecListener answers a read or write of a directory EBADF
// (directoryErrno) and any read or write once the run is stopped (EINTR),
// before wazero walks anything: the call is pointed at a descriptor that
// does not exist, and After puts the errno in. It cuts fd_read, fd_write,
// fd_pread and fd_pwrite to their first non-empty iovec (firstIovec). On
// fd_read it also does stdinReadListener's work, on the writes
// budgetListener's.
type iovecListener struct{ name string }

func (l iovecListener) Before(ctx context.Context, mod api.Module, def api.FunctionDefinition, params []uint64, si experimental.StackIterator) {
	s := sessionOf(ctx)
	if s == nil || len(params) < 3 {
		return
	}
	s.iovRefused = s.iovecErrno(mod)
	if s.iovRefused == 0 && firstIovecOnly[l.name] {
		s.iovRefused = s.directoryErrno(uint32(params[0]))
	}
	if s.iovRefused == 0 && firstIovecOnly[l.name] {
		s.iovRefused = s.firstIovec(mod, def, params)
	}
	if s.iovRefused != 0 {
		params[0] = noFD
		return
	}
	if l.name == "fd_read" {
		stdinReadListener{}.Before(ctx, mod, def, params, si)
	}
}

// iovecErrno says why a call may not walk its iovecs, or 0.
func (s *session) iovecErrno(mod api.Module) uint64 {
	if s.stopped() {
		return errnoIntr
	}
	if guestMemory(mod) == nil {
		// A module without memory (W022, which call and check run): every
		// address is outside it, and WASI's answer to a bad address is
		// EFAULT. Reading its iovecs was a nil-pointer panic of the
		// host's, reported as the module's trap (attack pass 43a, row 3).
		return errnoFault
	}
	return 0
}

// stopped says whether the run is stopped.
func (s *session) stopped() bool {
	select {
	case <-s.halted:
		return true
	default:
		return false
	}
}

// directoryErrno is what a read or write (fd_read, fd_write, fd_pread,
// fd_pwrite) of fd answers when fd is a directory, the preopens and the
// directories the module opened (session.dirAt): EBADF, before any
// iovec is read, as wasmtime's preview 1 answers it (p1.rs, fd_read,
// fd_pread, fd_write_impl: the descriptor is looked up first, and
// anything but a file or a stream is "_ => Err(Badf)"); else 0. wazero
// answered EISDIR for a read of a directory and a write of a preopen,
// and firstIovec took a directory the module opened for a file, so an
// iovec array outside memory trapped the module there, where Subako
// answers EBADF (attack pass 44d, row 7).
func (s *session) directoryErrno(fd uint32) uint64 {
	if s.dirAt(fd) {
		return errnoBadf
	}
	return 0
}

// dirAt says whether fd is an open directory.
func (s *session) dirAt(fd uint32) bool {
	if s.files == nil {
		return false
	}
	_, dir := s.files.dirs[fd]
	return dir
}

// firstIovecOnly are the calls that move the bytes of their first
// non-empty iovec only, as Subako's runtime does.
var firstIovecOnly = map[string]bool{"fd_read": true, "fd_write": true, "fd_pread": true, "fd_pwrite": true}

// firstIovec cuts a read or write (params: fd, iovs, iovs_len, and for
// fd_pread and fd_pwrite the offset, then the result's pointer) to its
// first non-empty iovec, as wasmtime's preview 1, what Subako runs, does
// for every descriptor, files and the standard streams alike
// (first_non_empty_iovec, first_non_empty_ciovec: "a short write is a
// valid result", and a read fills one buffer). wazero wrote every iovec
// of one fd_write and read into several: a module that answered with one
// fd_write of [answer, "\n"] and ignored the count written answered here
// and never ended its line on Subako (attack pass 44a, row 7). A call
// whose iovecs are all empty is cut to the first, an empty buffer, as
// wasmtime moves one; a call of none is left as it is. It reads the
// iovecs iovecChunk at a time and answers EINTR once the run is stopped,
// else 0.
//
// On a descriptor open for it (a standard stream or a file the module
// opened; a directory is answered EBADF before: directoryErrno), an
// iovec read up to the first non-empty one, that one's buffer or the
// result's pointer outside memory traps the module, as Subako's runtime
// traps it ("pointer out of bounds"), where wazero answered EFAULT
// (attack pass 44a, row 9). On any other descriptor wazero's EBADF comes
// first, as wasmtime's does. A module without memory (W022, run with an
// empty one) keeps its documented EFAULT.
func (s *session) firstIovec(mod api.Module, def api.FunctionDefinition, params []uint64) uint64 {
	fd := uint32(params[0])
	open := s.stdStream(fd) || s.fileAt(fd)
	mem := guestMemory(mod)
	if mem == nil || mem.Size() == 0 {
		open = false // no byte of memory: EFAULT, as documented
	}
	if mem == nil {
		return 0
	}
	result := 3
	if def.Name() == "fd_pread" || def.Name() == "fd_pwrite" {
		result = 4
	}
	if open && result < len(params) {
		if _, ok := mem.Read(uint32(params[result]), 4); !ok {
			trapCall(def, "argument %d, the result's pointer %#x, is outside memory (%d bytes)", result, uint32(params[result]), mem.Size())
		}
	}
	iovs, count, size := uint64(uint32(params[1])), uint64(uint32(params[2])), uint64(mem.Size())
	for i := uint64(0); i < count; {
		if i > 0 && s.stopped() {
			return errnoIntr
		}
		at := iovs + 8*i
		k := min(count-i, iovecChunk) // the iovecs of this chunk inside memory
		if at+8*k > size {
			k = 0
			if at < size {
				k = (size - at) / 8
			}
		}
		if k == 0 { // iovec i is outside memory
			if open {
				trapCall(def, "argument 1, iovec %d at %#x, is outside memory (%d bytes)", i, at, mem.Size())
			}
			// wazero reads that one iovec: EFAULT, or EBADF first.
			params[1], params[2] = min(at, math.MaxUint32), 1
			return 0
		}
		chunk, _ := mem.Read(uint32(at), uint32(8*k))
		for j := uint64(0); j < k; j++ {
			buf, n := binary.LittleEndian.Uint32(chunk[8*j:]), binary.LittleEndian.Uint32(chunk[8*j+4:])
			if n == 0 {
				continue
			}
			if _, ok := mem.Read(buf, n); !ok && open {
				trapCall(def, "argument 1, iovec %d's buffer of %d bytes at %#x, is outside memory (%d bytes)", i+j, n, buf, mem.Size())
			}
			params[1], params[2] = at+8*j, 1
			return 0
		}
		i += k
	}
	if count > 0 {
		params[2] = 1 // every iovec empty: the first
	}
	return 0
}

// guestMemory is the module's memory, the one WASI functions use (the
// first, exported or not), or nil when it has none: wazero's
// api.Module.Memory answers a nil pointer in a non-nil interface then.
func guestMemory(mod api.Module) api.Memory {
	mem := mod.Memory()
	if mem == nil {
		return nil
	}
	if v := reflect.ValueOf(mem); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil
	}
	return mem
}

func (l iovecListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	if s := sessionOf(ctx); s != nil && s.iovRefused != 0 && len(results) > 0 {
		results[0] = s.iovRefused
		s.iovRefused = 0
		return
	}
	if quotaFunctions[l.name] {
		budgetListener{}.After(ctx, mod, def, results)
	}
}

func (iovecListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
