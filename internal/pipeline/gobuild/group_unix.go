//go:build unix

package gobuild

import (
	"os/exec"
	"syscall"
	"time"
)

// OwnGroup runs cmd (made with exec.CommandContext) in a process group of
// its own, and kills the whole group when its context ends: the go command
// and the compilers it started, or a native build and whatever it started.
// Not the terminal's group, so Ctrl-C reaches it only through subakogo,
// which ends it through the context.
func OwnGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = waitDelay
}

// waitDelay is how long Wait waits for the output's pipes to close once
// the group is killed (a process that left the group may hold them).
const waitDelay = 5 * time.Second
