package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// fileOnlyCalls are the calls that Subako's runtime (wasmtime's preview 1,
// get_file_fd) answers EBADF on a directory, a preopen or one the module
// opened: they are calls on a file. wazero answered success for fd_advise,
// fd_datasync and fd_sync, and EINVAL for fd_filestat_set_size (attack
// pass 46a, row 6). fd_allocate, which wasmtime answers alike, is the
// host's own function (ENOTSUP for every descriptor: engine.go).
var fileOnlyCalls = map[string]bool{
	"fd_advise": true, "fd_datasync": true, "fd_sync": true, "fd_filestat_set_size": true,
}

// dirCallListener makes the calls of fileOnlyCalls answer EBADF on a
// directory, and fd_filestat_set_times on a preopen, which Subako's
// runtime answers EBADF (the preopen's descriptor, not the directory: the
// same directory opened by path_open sets its times) where wazero set the
// times (attack pass 46a, row 6). Before points the call at a descriptor
// that does not exist, so that wazero does nothing and answers EBADF;
// inner is the call's other listener (nil when none).
type dirCallListener struct {
	preopenOnly bool
	inner       experimental.FunctionListener
}

// withDirCalls puts dirCallListener around inner for the WASI calls it
// answers.
func withDirCalls(def api.FunctionDefinition, inner experimental.FunctionListener) experimental.FunctionListener {
	if def.ModuleName() != "wasi_snapshot_preview1" {
		return inner
	}
	for _, name := range def.ExportNames() {
		switch {
		case fileOnlyCalls[name]:
			return dirCallListener{inner: inner}
		case name == "fd_filestat_set_times":
			return dirCallListener{preopenOnly: true, inner: inner}
		}
	}
	return inner
}

func (l dirCallListener) Before(ctx context.Context, mod api.Module, def api.FunctionDefinition, params []uint64, si experimental.StackIterator) {
	if s := sessionOf(ctx); s != nil && len(params) > 0 {
		fd := uint32(params[0])
		if s.dirAt(fd) && (!l.preopenOnly || s.preopenAt(fd)) {
			params[0] = noFD
		}
	}
	if l.inner != nil {
		l.inner.Before(ctx, mod, def, params, si)
	}
}

func (l dirCallListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	if l.inner != nil {
		l.inner.After(ctx, mod, def, results)
	}
}

func (l dirCallListener) Abort(ctx context.Context, mod api.Module, def api.FunctionDefinition, err error) {
	if l.inner != nil {
		l.inner.Abort(ctx, mod, def, err)
	}
}

// preopenAt says whether fd is a preopen (at whatever number fd_renumber
// moved it to): a directory the run was given, not one the module opened.
func (s *session) preopenAt(fd uint32) bool {
	if s.files == nil || s.files.given == nil {
		return false
	}
	_, given := s.files.given[fd]
	_, dir := s.files.dirs[fd]
	return given && dir
}
