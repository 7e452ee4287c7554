package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Calls with edge arguments that wazero answers otherwise than Subako's
// runtime (wasmtime's preview 1) does, each made to answer as there
// (attack pass 45a, rows 4 and 8). The standard streams answer from
// streamAnswers, outside these listeners.

// errnoNosys is WASI's ENOSYS, what wazero's stubs answer.
const errnoNosys = 52

// setRightsListener: fd_fdstat_set_rights answers ENOTSUP for an open
// descriptor and EBADF for one not open, as wasmtime does (rights were
// removed from WASI); wazero's stub answered ENOSYS for any.
type setRightsListener struct{}

func (setRightsListener) Before(context.Context, api.Module, api.FunctionDefinition, []uint64, experimental.StackIterator) {
}

func (setRightsListener) After(ctx context.Context, _ api.Module, _ api.FunctionDefinition, results []uint64) {
	s := sessionOf(ctx)
	if s == nil || len(results) == 0 || results[0] != errnoNosys || len(s.call.args.params) == 0 {
		return
	}
	if s.fdOpen(uint32(s.call.args.params[0])) {
		results[0] = errnoNotsup
	} else {
		results[0] = errnoBadf
	}
}

func (setRightsListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}

// raiseListener: proc_raise answers ENOTSUP, as wasmtime's preview 1
// does for any signal (a signal past the enum's end traps, withArgChecks);
// wazero's stub answered ENOSYS (attack pass 48a, row 3).
type raiseListener struct{}

func (raiseListener) Before(context.Context, api.Module, api.FunctionDefinition, []uint64, experimental.StackIterator) {
}

func (raiseListener) After(_ context.Context, _ api.Module, _ api.FunctionDefinition, results []uint64) {
	if len(results) > 0 && results[0] == errnoNosys {
		results[0] = errnoNotsup
	}
}

func (raiseListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}

// dirSeekListener: fd_seek and fd_tell of a directory (a preopen, or one
// the module opened) answer EBADF, as wasmtime's (a directory is no File
// there); wazero answered EISDIR.
type dirSeekListener struct{}

func (dirSeekListener) Before(ctx context.Context, _ api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	if s := sessionOf(ctx); s != nil && len(params) > 0 && s.dirAt(uint32(params[0])) {
		params[0] = noFD // wazero answers EBADF, writing nothing
	}
}

func (dirSeekListener) After(context.Context, api.Module, api.FunctionDefinition, []uint64) {}

func (dirSeekListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}

// readlinkLend is the most a link's target can hold (Linux's PATH_MAX
// less its NUL): path_readlink with a smaller buffer is given a buffer
// of this size, lent from memory past resultScratch.
const readlinkLend = 4096

// readlinkListener: path_readlink copies as much of the link's target as
// the buffer holds and answers success, a buffer of 0 bytes included, as
// wasmtime does (and readlink(2)); wazero answered EINVAL for a buffer of
// 0 bytes and ERANGE for one shorter than the target, and checked the
// buffer before the path (EINVAL for a name not there). A buffer shorter
// than readlinkLend is swapped, for wazero, for readlinkLend bytes of
// memory whose contents the listener keeps and puts back after, copying
// what fits of the target into the module's buffer. The result (bufused)
// is lent too, the 4 bytes after the buffer's loan: the module's bufused
// may lie inside the loan, where wazero's write of it overwrote 4 bytes
// of the target before the listener copied it (attack pass 45g, row 1).
// The listener writes the target into the module's buffer and then
// bufused, in wasmtime's order. A target of 0 bytes to copy (a buffer of
// 0 bytes) is not written: wasmtime answers success for an empty buffer
// wherever it points, past the end of memory too (45g row 5).
type readlinkListener struct{}

// readlinkLoan is how many bytes from resultScratch on readlinkListener
// lends: the buffer, then bufused.
const readlinkLoan = readlinkLend + 4

// readlinkCall is what readlinkListener lent for the current call.
type readlinkCall struct {
	kept          []byte // the lent bytes' contents, nil when none lent
	buf, bufLen   uint32 // the module's buffer
	resultBufused uint32
}

func (readlinkListener) Before(ctx context.Context, mod api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	s := sessionOf(ctx)
	if s == nil || len(params) < 6 {
		return
	}
	c := &s.call.readlink
	c.kept = c.kept[:0]
	if uint32(params[4]) >= readlinkLend {
		return
	}
	mem := guestMemory(mod)
	if mem == nil || mem.Size() < resultScratch+readlinkLoan {
		return
	}
	b, ok := mem.Read(resultScratch, readlinkLoan)
	if !ok {
		return
	}
	c.kept = append(c.kept, b...)
	c.buf, c.bufLen, c.resultBufused = uint32(params[3]), uint32(params[4]), uint32(params[5])
	params[3], params[4], params[5] = resultScratch, readlinkLend, resultScratch+readlinkLend
}

func (readlinkListener) After(ctx context.Context, mod api.Module, _ api.FunctionDefinition, results []uint64) {
	s := sessionOf(ctx)
	if s == nil || len(s.call.readlink.kept) == 0 {
		return
	}
	c := &s.call.readlink
	mem := guestMemory(mod)
	if mem == nil {
		return
	}
	var target []byte
	if len(results) > 0 && results[0] == errnoSuccess {
		if n, ok := mem.ReadUint32Le(resultScratch + readlinkLend); ok && n <= readlinkLend {
			if b, ok := mem.Read(resultScratch, n); ok {
				target = append(target, b[:min(n, c.bufLen)]...)
			}
		}
	}
	mem.Write(resultScratch, c.kept)
	c.kept = c.kept[:0]
	if len(results) == 0 || results[0] != errnoSuccess {
		return
	}
	if (len(target) > 0 && !mem.Write(c.buf, target)) || !mem.WriteUint32Le(c.resultBufused, uint32(len(target))) {
		results[0] = errnoFault
	}
}

func (readlinkListener) Abort(ctx context.Context, mod api.Module, _ api.FunctionDefinition, _ error) {
	if s := sessionOf(ctx); s != nil && len(s.call.readlink.kept) > 0 {
		if mem := guestMemory(mod); mem != nil {
			mem.Write(resultScratch, s.call.readlink.kept)
		}
		s.call.readlink.kept = s.call.readlink.kept[:0]
	}
}
