package host

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// PathMax bounds the length of a path a WASI call is given, as Linux's
// PATH_MAX (4,096 with its NUL) does: ENAMETOOLONG past it. wazero copies
// a path onto the host's heap and cleans it before it looks at anything
// else, and the file system copies it again, so one path_create_directory
// of a 1 GiB path held 1 GiB of the host's memory outside the memory budget
// and ran for seconds inside one host call.
const PathMax = 4095

const errnoNametoolong = 37

// pathParams are, for each WASI function that takes paths, the indexes of
// each path's pointer (its length follows it).
var pathParams = map[string][]int{
	"path_create_directory":   {1},
	"path_filestat_get":       {2},
	"path_filestat_set_times": {2},
	"path_link":               {2, 5},
	"path_open":               {2},
	"path_readlink":           {1},
	"path_remove_directory":   {1},
	"path_rename":             {1, 4},
	"path_symlink":            {0, 3},
	"path_unlink_file":        {1},
}

// pathListener refuses a path longer than PathMax before wazero copies it:
// the path's pointer is moved out of memory, so wazero answers EFAULT
// having read, copied and done nothing, and After puts ENAMETOOLONG in.
// inner, when set, is the listener the function has besides.
type pathListener struct {
	paths []int
	inner experimental.FunctionListener
}

func (l pathListener) Before(ctx context.Context, mod api.Module, def api.FunctionDefinition, params []uint64, si experimental.StackIterator) {
	if s := sessionOf(ctx); s != nil {
		s.pathRefused = false
		for _, i := range l.paths {
			if i+1 < len(params) && uint32(params[i+1]) > PathMax {
				params[i] = 0xffffffff // out of any memory: EFAULT before anything is read
				s.pathRefused = true
			}
		}
		s.paths.errno = errnoNametoolong
		if !s.pathRefused {
			s.beforePaths(mod, def, l.paths, params)
		}
	}
	if l.inner != nil {
		l.inner.Before(ctx, mod, def, params, si)
	}
}

func (l pathListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	if l.inner != nil {
		l.inner.After(ctx, mod, def, results)
	}
	if s := sessionOf(ctx); s != nil {
		switch {
		case len(results) == 0:
		case s.pathRefused:
			results[0] = s.paths.errno
		case s.paths.answer != 0:
			results[0] = s.paths.answer
		case s.paths.emptyPath && results[0] == errnoInval:
			results[0] = errnoNoent
		case results[0] == errnoSuccess && s.paths.openedOK:
			s.nameOpened(mod)
		case results[0] == errnoSuccess && s.paths.renamed.ok:
			s.renameOpenDirs(mod)
		}
		s.pathRefused = false
		s.paths.raw, s.paths.answer, s.paths.emptyPath = s.paths.raw[:0], 0, false
		s.paths.climbs, s.paths.opened, s.paths.openedOK = 0, "", false
		s.paths.renamed = dirRename{}
	}
}

func (l pathListener) Abort(ctx context.Context, mod api.Module, def api.FunctionDefinition, err error) {
	if l.inner != nil {
		l.inner.Abort(ctx, mod, def, err)
	}
}
