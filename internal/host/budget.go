package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// errnoIO and errnoDquot are WASI's EIO and EDQUOT.
const (
	errnoIO    = 29
	errnoDquot = 19
)

type budgetKey struct{}

// quotaFunctions are the WASI functions a budget may refuse: writes, file
// growth, and the creation of files, directories and links.
var quotaFunctions = map[string]bool{
	"fd_write": true, "fd_pwrite": true, "fd_filestat_set_size": true,
	"path_open": true, "path_create_directory": true, "path_link": true,
	"path_symlink": true, "path_rename": true,
}

// budgetListeners rewrite EIO to EDQUOT for the quota functions when the
// run's budget refused the operation (see sandboxfs.Budget.Refused).
type budgetListeners struct{}

func (b budgetListeners) NewFunctionListener(def api.FunctionDefinition) experimental.FunctionListener {
	l := withDirCalls(def, b.listener(def)) // file calls on a directory answer EBADF, as in Subako's runtime
	l = withArgChecks(def, l)               // undefined flag bits and enum values trap, as in Subako's runtime
	for _, name := range def.ExportNames() {
		if paths := pathParams[name]; paths != nil {
			l = pathListener{paths: paths, inner: l}
		}
		l = withStreamAnswers(name, l) // outermost: a call on a standard stream answers as Subako's
	}
	return l
}

func (budgetListeners) listener(def api.FunctionDefinition) experimental.FunctionListener {
	for _, name := range def.ExportNames() {
		if iovecFunctions[name] {
			return iovecListener{name}
		}
		if name == "path_open" || name == "fd_close" || name == "fd_renumber" {
			return fdListener{name}
		}
		if name == "fd_readdir" {
			return readdirListener{}
		}
		if name == "fd_prestat_get" || name == "fd_prestat_dir_name" {
			return prestatListener{}
		}
		if name == "fd_fdstat_set_rights" {
			return setRightsListener{}
		}
		if name == "proc_raise" {
			return raiseListener{}
		}
		if name == "fd_seek" || name == "fd_tell" {
			return dirSeekListener{}
		}
		if name == "path_readlink" {
			return readlinkListener{}
		}
		if name == "clock_res_get" || name == "clock_time_get" {
			return cpuClockListener{}
		}
		if name == "fd_fdstat_set_flags" {
			return setFlagsListener{}
		}
		if name == "fd_fdstat_get" || name == "fd_filestat_get" {
			return stdioListener{name}
		}
		if quotaFunctions[name] {
			return budgetListener{}
		}
	}
	return nil
}

// stdinReadListener holds the module's fd_read of stdin, when it is an OS
// pipe, until the session lets it read (see session.beforeStdinRead and
// session.beforeStdinReadv).
type stdinReadListener struct{}

func (stdinReadListener) Before(ctx context.Context, mod api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	if s := sessionOf(ctx); s != nil && len(params) > 2 && uint32(params[0]) == 0 {
		s.beforeStdinReadv(mod, params)
	}
}

func (stdinReadListener) After(context.Context, api.Module, api.FunctionDefinition, []uint64) {}

func (stdinReadListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}

type budgetListener struct{}

func (budgetListener) Before(context.Context, api.Module, api.FunctionDefinition, []uint64, experimental.StackIterator) {
}

func (budgetListener) After(ctx context.Context, _ api.Module, _ api.FunctionDefinition, results []uint64) {
	b, _ := ctx.Value(budgetKey{}).(*sandboxfs.Budget)
	// results is a view of the stack, as long as the parameters; the errno is first.
	if len(results) > 0 && results[0] == errnoIO && b.Refused() {
		results[0] = errnoDquot
	}
}

func (budgetListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
