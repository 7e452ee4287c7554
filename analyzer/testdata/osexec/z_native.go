//go:build !wasip1

package osexec

import "os/exec"

// Native code may run programs.
var _ = exec.Command
