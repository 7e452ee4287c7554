package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// setFlagsListener makes fd_fdstat_set_flags answer as Subako's runtime
// (wasmtime's preview 1) does: on a directory (a preopen, or one the
// module opened) EBADF, as get_file_mut answers for what is no file
// (wazero: EISDIR). On a file the module opened, APPEND, NONBLOCK and no
// flag succeed there (sandboxfs's osFile.SetAppend and SetNonblock; wazero
// answered ENOSYS). The standard streams answer from streamAnswers
// (EBADF), outside this listener. Attack pass 45a, row 6.
type setFlagsListener struct{}

func (setFlagsListener) Before(ctx context.Context, _ api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	if s := sessionOf(ctx); s != nil && len(params) > 0 && s.dirAt(uint32(params[0])) {
		params[0] = noFD // wazero answers EBADF, changing nothing
	}
}

func (setFlagsListener) After(context.Context, api.Module, api.FunctionDefinition, []uint64) {}

func (setFlagsListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
