//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package input

import "os"

// Without O_NOFOLLOW and O_NONBLOCK, the Lstat and fstat checks in read
// are what stands between the reader and a link or a special file.
const (
	noFollow = 0
	nonBlock = 0
)

// mapFile is not available here; the file is read instead.
func mapFile(*os.File, int64) ([]byte, func(), bool) { return nil, nil, false }

// mapSpace is not available here; a stream is read into a growing buffer.
func mapSpace(int64) ([]byte, func(), bool) { return nil, nil, false }
