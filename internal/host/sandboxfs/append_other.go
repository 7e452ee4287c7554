//go:build !unix

package sandboxfs

import (
	"errors"
	"os"
)

// setAppend cannot change a descriptor's append mode on this system.
func setAppend(*os.File, bool) error { return errors.ErrUnsupported }

// pwriteAppend writes p at the end of a file in append mode (where this
// system's positioned write is not one).
func pwriteAppend(f *os.File, p []byte, _ int64) (int, error) { return f.Write(p) }
