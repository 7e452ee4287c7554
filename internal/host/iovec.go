package host

import (
	"context"
	"encoding/binary"
	"math"
	"reflect"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// IOVMax bounds the iovecs of one fd_read, fd_write, fd_pread, fd_pwrite,
// sock_recv or sock_send, as Linux's IOV_MAX does (EINVAL past it). wazero
// walks the iovecs of one call without looking at the run, so one fd_write
// of 8,000,000 one-byte iovecs (or 134 million empty ones) was a host call
// of a minute that no timeout could cut; at 1,024 a call is one step the
// run's stop waits for no longer than 1,024 reads or writes, each of which
// checks the stop too (see sandboxfs).
const IOVMax = 1024

const errnoIntr = 27

// iovecFunctions are the WASI functions that walk guest iovecs, all with
// (fd, iovs, iovs_len, ...) as their first parameters.
var iovecFunctions = map[string]bool{
	"fd_read": true, "fd_write": true, "fd_pread": true, "fd_pwrite": true, "sock_recv": true, "sock_send": true,
}

// iovecListener refuses, before wazero walks them, iovecs past IOVMax or
// whose lengths add up past what the call can report (EINVAL), and any
// read or write once the run is stopped (EINTR): the call is pointed at a
// descriptor that does not exist, so wazero walks nothing, and After puts
// the errno in. On fd_read it also does stdinReadListener's work, on the
// writes budgetListener's.
type iovecListener struct{ name string }

func (l iovecListener) Before(ctx context.Context, mod api.Module, def api.FunctionDefinition, params []uint64, si experimental.StackIterator) {
	s := sessionOf(ctx)
	if s == nil || len(params) < 3 {
		return
	}
	s.iovRefused = s.iovecErrno(mod, uint32(params[1]), uint32(params[2]))
	if s.iovRefused != 0 {
		params[0] = noFD
		return
	}
	if firstIovecOnly[l.name] {
		s.firstIovec(mod, def, params)
	}
	if l.name == "fd_read" {
		stdinReadListener{}.Before(ctx, mod, def, params, si)
	}
}

// iovecErrno says why a call may not walk count iovecs at iovs, or 0.
func (s *session) iovecErrno(mod api.Module, iovs, count uint32) uint64 {
	select {
	case <-s.halted:
		return errnoIntr
	default:
	}
	if count > IOVMax {
		return errnoInval
	}
	mem := guestMemory(mod)
	if mem == nil {
		// A module without memory (W022, which call and check run): every
		// address is outside it, and WASI's answer to a bad address is
		// EFAULT. Reading its iovecs was a nil-pointer panic of the
		// host's, reported as the module's trap (attack pass 43a, row 3).
		return errnoFault
	}
	buf, ok := mem.Read(iovs, count*8)
	if !ok {
		return 0 // wazero answers EFAULT
	}
	// The sum is reported in a u32 and read as a signed size by wasm32's
	// libcs: past 2^31-1 it is refused, as Linux refuses a sum past ssize_t.
	var total uint64
	for i := 0; i < len(buf); i += 8 {
		total += uint64(binary.LittleEndian.Uint32(buf[i+4:]))
	}
	if total > math.MaxInt32 {
		return errnoInval
	}
	return 0
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
// and never ended its line on Subako (attack pass 44a, row 7). A call of
// no non-empty iovec is left as it is.
//
// On a descriptor open for it (a standard stream or a file the module
// opened), an iovec read up to the first non-empty one, that one's buffer
// or the result's pointer outside memory traps the module, as Subako's
// runtime traps it ("pointer out of bounds"), where wazero answered
// EFAULT (attack pass 44a, row 9). On any other descriptor wazero's
// EBADF comes first, as wasmtime's does. A module without memory (W022,
// run with an empty one) keeps its documented EFAULT.
func (s *session) firstIovec(mod api.Module, def api.FunctionDefinition, params []uint64) {
	fd := uint32(params[0])
	open := s.stdStream(fd) || s.fileAt(fd)
	mem := guestMemory(mod)
	if mem == nil || mem.Size() == 0 {
		open = false // no byte of memory: EFAULT, as documented
	}
	if mem == nil {
		return
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
	iovs, count := uint64(uint32(params[1])), uint64(uint32(params[2]))
	for i := uint64(0); i < count; i++ {
		at := iovs + 8*i
		iov, ok := mem.Read(uint32(at), 8)
		if !ok || at > math.MaxUint32 {
			if open {
				trapCall(def, "argument 1, iovec %d at %#x, is outside memory (%d bytes)", i, at, mem.Size())
			}
			return // wazero answers EFAULT, or EBADF first
		}
		buf, n := binary.LittleEndian.Uint32(iov), binary.LittleEndian.Uint32(iov[4:])
		if n == 0 {
			continue
		}
		if _, ok := mem.Read(buf, n); !ok && open {
			trapCall(def, "argument 1, iovec %d's buffer of %d bytes at %#x, is outside memory (%d bytes)", i, n, buf, mem.Size())
		}
		params[1], params[2] = at, 1
		return
	}
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
