package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// errnoNomem is WASI's ENOMEM.
const errnoNomem = 48

// direntHeader is the size of a WASI dirent's header (d_next, d_ino,
// d_namlen, d_type): wazero's fd_readdir refuses a smaller buffer.
const direntHeader = 24

// readdirListener bounds what one fd_readdir lists. wazero's fd_readdir
// lists bufLen/24+2 entries into the descriptor's cache before it checks
// that the buffer is in memory, so a buf_len of 4 GiB with any pointer
// listed the whole directory for an EFAULT (attack pass 43j, row 3).
//
// What a buffer past memory answers is wasmtime's (p1.rs fd_readdir): it
// writes each entry's header and name into its own slice of the buffer
// (write_bytes), so the entries that fit inside memory are written and
// the call succeeds; an entry that crosses the end traps. A buffer that
// starts inside memory and ends past it is cut to the bytes inside and
// one more: wazero lists no more than those hold, writes the entries that
// fit, and a call that would write past memory (EFAULT, or a used length
// past what is inside) traps. Attack pass 44d, row 4: such a buffer was
// moved out of memory and answered EFAULT, where an empty directory read
// into the last 100 bytes of memory with a buf_len of 200 wrote "." and
// ".." (51 bytes) in wasmtime. A buffer that starts past memory is made to
// list a single entry, into a buffer past memory, which gives the same
// answer: a trap (EFAULT, argsListener) when there is an entry, none used
// when there is not. A listing the run's budget refused
// (sandboxfs.MaxListing) answers ENOMEM, or EFAULT for a buffer past
// memory (a seeded run lists a directory whole to sort it, so its one
// entry may be refused too).
type readdirListener struct{}

// readdirCall is what readdirListener saw of the current call: for a
// buffer that starts in memory and ends past it, how many of its bytes are
// inside (0 otherwise), and where the call writes its result.
type readdirCall struct {
	inMemory uint64
	bufused  uint32
}

func (readdirListener) Before(ctx context.Context, mod api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	s := sessionOf(ctx)
	if s != nil {
		s.readdirPastMemory, s.call.readdir.inMemory = false, 0
	}
	if len(params) < 5 {
		return
	}
	buf, bufLen := uint64(uint32(params[1])), uint64(uint32(params[2]))
	if bufLen < direntHeader {
		return // wazero answers EINVAL
	}
	var size uint64
	if mem := guestMemory(mod); mem != nil {
		size = uint64(mem.Size())
	}
	if buf+bufLen <= size {
		return
	}
	if inside := size - min(buf, size); inside+1 >= direntHeader {
		params[2] = inside + 1
		if s != nil {
			s.call.readdir.inMemory, s.call.readdir.bufused = inside, uint32(params[4])
		}
		return
	}
	params[1], params[2] = uint64(^uint32(0)), direntHeader
	if s != nil {
		s.readdirPastMemory = true
	}
}

func (readdirListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	s := sessionOf(ctx)
	if s != nil && len(results) > 0 && results[0] == errnoSuccess && s.call.readdir.inMemory > 0 {
		if mem := guestMemory(mod); mem != nil {
			if used, ok := mem.ReadUint32Le(s.call.readdir.bufused); ok && uint64(used) > s.call.readdir.inMemory {
				trapCall(def, "argument buf: an entry crosses the end of memory, %d bytes past the buffer's start (%d bytes of it inside)", used, s.call.readdir.inMemory)
			}
		}
	}
	b, _ := ctx.Value(budgetKey{}).(*sandboxfs.Budget)
	if len(results) == 0 || results[0] != errnoIO || !b.ListingRefused() {
		return
	}
	results[0] = errnoNomem
	if s != nil && s.readdirPastMemory {
		results[0] = errnoFault
	}
}

func (readdirListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
