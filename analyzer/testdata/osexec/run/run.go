// Package run runs a program natively, and nothing under wasip1: its
// os/exec import is in a _linux.go file (issue 32).
package run

// Do does.
func Do() error { return do() }
