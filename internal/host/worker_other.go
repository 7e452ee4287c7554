//go:build !(linux || darwin || freebsd)

package host

import (
	"errors"
	"os"
)

// limitWorker has no caps to set here: the worker is bounded by its time.
func limitWorker(int64) {}

// peakRSS is not measured here (0): the worker is bounded by its time.
func peakRSS() int64 { return 0 }

// lockDir cannot lock here: it says every directory is held, so that
// pruneCache never removes a worker's directory (the host removes it once
// its worker has ended).
func lockDir(f *os.File, wait bool) error {
	if wait {
		return nil
	}
	return errors.New("locks are not taken here")
}
