// Package runner runs programs. // want package:"osExec\\(os/exec\\)"
package runner

import "os/exec"

// Date runs date.
func Date() ([]byte, error) { return exec.Command("date").Output() }
