package host

import (
	"io/fs"
	"strings"
	"syscall"
	"testing"
)

// TestSetupErrorNamesUmask (attack pass 44e, row 4): a run's directory
// refused under a umask without the owner's write ("mkdir
// .../subako-call-volume-.../tmp: permission denied") was reported as the
// module file that "cannot be read"; the host's message now says what
// refuses it.
func TestSetupErrorNamesUmask(t *testing.T) {
	err := &SetupError{Err: &fs.PathError{Op: "mkdir", Path: "/tmp/subako-call-volume-1/tmp", Err: syscall.EACCES}}
	if msg := err.Error(); !strings.Contains(msg, "umask") || !strings.Contains(msg, "/tmp/subako-call-volume-1/tmp") {
		t.Errorf("SetupError says %q: not the umask or the directory", msg)
	}
	if msg := (&SetupError{Err: syscall.EMFILE}).Error(); strings.Contains(msg, "umask") {
		t.Errorf("SetupError names the umask for EMFILE: %q", msg)
	}
}
