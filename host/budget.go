package host

import (
	"context"
	"io/fs"
	"sync/atomic"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"

	"github.com/subako-ai/subako-go/host/subakohttp"
)

// errnoIO and errnoDquot are WASI's EIO and EDQUOT.
const (
	errnoIO    = 29
	errnoDquot = 19
)

// budget is a run's write budget (1 GiB, shared between the volume and
// subako_http's file outputs). wazero's WASI cannot answer EDQUOT (its
// errors map to a fixed set), so a refused write answers EIO inside wazero
// and budgetListener turns that EIO into EDQUOT on its way to the module.
type budget struct {
	*subakohttp.Budget
	refused atomic.Bool // a refused write not yet reported as EDQUOT
}

// take charges n bytes, or refuses them all.
func (b *budget) take(n int64) bool {
	if b.Take(n) {
		return true
	}
	b.refused.Store(true)
	return false
}

// budgetFS charges every write to files under it.
type budgetFS struct {
	experimentalsys.FS
	b *budget
}

func (fs budgetFS) OpenFile(path string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	f, errno := fs.FS.OpenFile(path, flag, perm)
	if errno != 0 {
		return f, errno
	}
	return budgetFile{File: f, b: fs.b}, 0
}

type budgetFile struct {
	experimentalsys.File
	b *budget
}

func (f budgetFile) Write(p []byte) (int, experimentalsys.Errno) {
	if !f.b.take(int64(len(p))) {
		return 0, experimentalsys.EIO
	}
	return f.File.Write(p)
}

func (f budgetFile) Pwrite(p []byte, off int64) (int, experimentalsys.Errno) {
	if !f.b.take(int64(len(p))) {
		return 0, experimentalsys.EIO
	}
	return f.File.Pwrite(p, off)
}

type budgetKey struct{}

// budgetListeners rewrites EIO to EDQUOT for fd_write and fd_pwrite when
// the run's budget refused the write.
type budgetListeners struct{}

func (budgetListeners) NewFunctionListener(def api.FunctionDefinition) experimental.FunctionListener {
	for _, name := range def.ExportNames() {
		if name == "fd_write" || name == "fd_pwrite" {
			return budgetListener{}
		}
	}
	return nil
}

type budgetListener struct{}

func (budgetListener) Before(context.Context, api.Module, api.FunctionDefinition, []uint64, experimental.StackIterator) {
}

func (budgetListener) After(ctx context.Context, _ api.Module, _ api.FunctionDefinition, results []uint64) {
	b, _ := ctx.Value(budgetKey{}).(*budget)
	// results is a view of the stack, as long as the parameters; the errno is first.
	if b != nil && len(results) > 0 && results[0] == errnoIO && b.refused.Swap(false) {
		results[0] = errnoDquot
	}
}

func (budgetListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
