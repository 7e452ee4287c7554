//go:build !unix

package gobuild

import (
	"os/exec"
	"time"
)

// OwnGroup kills the process itself when cmd's context ends (no process
// groups here).
func OwnGroup(cmd *exec.Cmd) { cmd.WaitDelay = 5 * time.Second }
