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
