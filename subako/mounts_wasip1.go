//go:build wasip1

package subako

import (
	"io/fs"
	"strings"
	"syscall"

	"github.com/subako-ai/subako-go/abi"
)

// mountHint says why err, a failure to open a file, happened when its path
// is under no directory mounted for the call: Go's wasip1 os package finds
// no preopen for the path and fails with EBADF, "Bad file number", which
// says nothing of the mounts. It is "" for any other error. (It unwraps by
// hand and leaves package path out: errors.As would link reflection into
// every module, 56 KB, and path.Clean 8 KB.)
func mountHint(err error) string {
	for err != nil {
		if pe, ok := err.(*fs.PathError); ok { //nolint:errorlint // unwrapped by hand, above
			if pe.Path != "" && pe.Path[0] != '/' {
				return relativeHint(pe)
			}
			if pe.Err != syscall.EBADF || pe.Path == "" { //nolint:errorlint // an Errno, compared as os does
				return ""
			}
			switch {
			case pe.Path == abi.MountVolumeData || strings.HasPrefix(pe.Path, abi.MountVolumeData+"/"):
				return abi.MountVolumeData + " is not mounted in this call: it is mounted only when the agent enables it for the function (subakogo call and serve: --data)"
			case pe.Path == volumeRoot:
				return volumeRoot + " is not a directory a module can make or open: it holds the mounts " + abi.MountVolumeTmp + " and " + abi.MountVolumeData + ", which is mounted only when the agent enables it (subakogo call and serve: --data)"
			case abi.UnderMount(pe.Path):
				return pe.Path + " is not mounted in this call: a module opens files only under " + abi.MountsText
			}
			return pe.Path + " is outside every directory mounted for a module: it opens files only under " + abi.MountsText
		}
		u, ok := err.(interface{ Unwrap() error }) //nolint:errorlint // unwrapped by hand, above
		if !ok {
			return ""
		}
		err = u.Unwrap()
	}
	return ""
}

// relativeHint is mountHint's for a relative path that could not be
// opened: Go's wasip1 os package resolves it against the working
// directory, the first mount (/volume/tmp in a call), not the package's
// directory as "go test" does, so a file the author keeps next to the code
// is not found. It is "" when the file was found but not opened (a
// permission, a directory).
func relativeHint(pe *fs.PathError) string {
	if pe.Err != syscall.ENOENT && pe.Err != syscall.EBADF { //nolint:errorlint // an Errno, compared as os does
		return ""
	}
	wd, err := syscall.Getwd()
	if err != nil || wd == "" {
		wd = abi.MountVolumeTmp // the first mount of every call
	}
	return pe.Path + " is relative to the working directory " + wd + ", not the package's: " +
		"a file the package ships in assets/ is " + abi.MountPackage + "/" + strings.TrimPrefix(pe.Path, "./") +
		"; open files by absolute path"
}
