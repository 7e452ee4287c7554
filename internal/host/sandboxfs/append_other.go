//go:build !unix

package sandboxfs

import (
	"errors"
	"os"
)

// setAppend cannot change a descriptor's append mode on this system.
func setAppend(*os.File, bool) error { return errors.ErrUnsupported }
