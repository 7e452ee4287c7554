//go:build !linux

package supervise

import "syscall"

// diesWithParent is nil where the system offers no parent-death signal:
// a supervisor killed by a signal it does not forward leaves its child
// to end on its own limits.
func diesWithParent() *syscall.SysProcAttr { return nil }
