//go:build !unix

package host

import (
	"errors"
	"os"
)

// errPipeFull is a write to a full pipe: nothing was written.
var errPipeFull = errors.New("pipe full")

func setNonblocking(*os.File) error { return nil }

// pipeWrite writes b to the pipe's write end w. Outside Unix it blocks
// on a full pipe (the OS pipe as stdin is the Unix runners'; what waits
// in it is known on Linux only, pipeAvailable).
func pipeWrite(w *os.File, b []byte) (int, error) { return w.Write(b) }
