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
// listed the whole directory for an EFAULT (attack pass 43j, row 3): such a
// call is made to list a single entry, into a buffer past memory, which
// gives the same answer (EFAULT, or no entry left). A listing the run's
// budget refused (sandboxfs.MaxListing) answers ENOMEM, or EFAULT for a
// buffer past memory (a seeded run lists a directory whole to sort it, so
// its one entry may be refused too).
type readdirListener struct{}

func (readdirListener) Before(ctx context.Context, mod api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	s := sessionOf(ctx)
	if s != nil {
		s.readdirPastMemory = false
	}
	if len(params) < 3 {
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
	if buf+bufLen > size {
		params[1], params[2] = uint64(^uint32(0)), direntHeader
		if s != nil {
			s.readdirPastMemory = true
		}
	}
}

func (readdirListener) After(ctx context.Context, _ api.Module, _ api.FunctionDefinition, results []uint64) {
	b, _ := ctx.Value(budgetKey{}).(*sandboxfs.Budget)
	if len(results) == 0 || results[0] != errnoIO || !b.ListingRefused() {
		return
	}
	results[0] = errnoNomem
	if s := sessionOf(ctx); s != nil && s.readdirPastMemory {
		results[0] = errnoFault
	}
}

func (readdirListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
