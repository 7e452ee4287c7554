//go:build !wasip1

// Package shell runs git natively; under wasip1 it says it cannot (issue
// 32: go vet on linux sees only this file, which wasip1 never builds).
package shell

import "os/exec"

// Version is git's version, natively.
func Version() (string, error) {
	out, err := exec.Command("git", "--version").Output()
	return string(out), err
}
