//go:build wasip1

package shell

import "errors"

// Version is not known under wasip1.
func Version() (string, error) { return "", errors.New("no processes") }
