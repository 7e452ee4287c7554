//go:build wasip1

package subako

import (
	"errors"
	"io/fs"
	"path"
	"syscall"

	"github.com/subako-ai/subako-go/abi"
)

// mountHint says why err, a failure to open a file, happened when its path
// is under no directory mounted for the call: Go's wasip1 os package finds
// no preopen for the path and fails with EBADF, "Bad file number", which
// says nothing of the mounts. It is "" for any other error.
func mountHint(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) || !errors.Is(pe.Err, syscall.EBADF) || !path.IsAbs(pe.Path) {
		return ""
	}
	if abi.UnderMount(path.Clean(pe.Path)) {
		return pe.Path + " is not mounted in this call: a module opens files only under " + abi.MountsText
	}
	return pe.Path + " is outside every directory mounted for a module: it opens files only under " + abi.MountsText
}
