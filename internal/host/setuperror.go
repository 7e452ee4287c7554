package host

import (
	"errors"
	"io/fs"
)

// SetupError is a failure of the host to prepare a run (a mount that cannot
// be opened, say): the fault of the host or its user, not of the module.
type SetupError struct{ Err error }

func (e *SetupError) Error() string {
	msg := "the host could not set up the run: " + e.Err.Error()
	if errors.Is(e.Err, fs.ErrPermission) {
		// The host makes the run's directories itself (the volume's tmp
		// and data): refused, the cause is the user's umask or a
		// directory it cannot write, never the module (attack pass 44e,
		// row 4).
		msg += " (the host makes the run's directories under the volume itself: a umask that takes the owner's write permission away, or a directory this user cannot write, refuses them)"
	}
	return msg
}

func (e *SetupError) Unwrap() error { return e.Err }
