package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// fdflagsNonblock is WASI's fdflags NONBLOCK.
const fdflagsNonblock = 0x4

// setFlagsListener makes fd_fdstat_set_flags answer as Subako's runtime
// (wasmtime's preview 1) does: on a directory (a preopen, or one the
// module opened) EBADF, as get_file_mut answers for what is no file
// (wazero: EISDIR); on a file the module opened, APPEND, NONBLOCK and no
// flag succeed (wazero: ENOSYS for NONBLOCK, and for APPEND from
// sandboxfs until its SetAppend). NONBLOCK changes nothing on a regular
// file, so it is taken off before wazero sees it. The standard streams
// answer from streamAnswers (EBADF), outside this listener. Attack pass
// 45a, row 6.
type setFlagsListener struct{}

func (setFlagsListener) Before(ctx context.Context, _ api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	s := sessionOf(ctx)
	if s == nil || s.files == nil || len(params) < 2 {
		return
	}
	fd := uint32(params[0])
	if _, dir := s.files.dirs[fd]; dir {
		params[0] = noFD // wazero answers EBADF, changing nothing
		return
	}
	if s.fileAt(fd) {
		params[1] &^= fdflagsNonblock
	}
}

func (setFlagsListener) After(context.Context, api.Module, api.FunctionDefinition, []uint64) {}

func (setFlagsListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
