//go:build !unix

package sandboxfs

import "io/fs"

// Open flags the os package does not name, which this system lacks:
// O_DIRECTORY is checked after the open instead.
const (
	oDirectory = 0
	oNofollow  = 0
	oNonblock  = 0
)

// links is how many hard links the file has, which this system's
// os.FileInfo does not tell: taken as one.
func links(fs.FileInfo) uint64 { return 1 }
