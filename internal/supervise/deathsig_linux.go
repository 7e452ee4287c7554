package supervise

import "syscall"

// diesWithParent makes the child receive SIGTERM when its supervisor
// dies, however: the command then stops as on a signal forwarded to it,
// removing its volumes and killing the commands it started (within
// InterruptGrace), rather than running on as an orphan of init. The
// signal is sent when the thread that started the child ends, so Parent
// starts it from a goroutine locked to its thread until it exits.
func diesWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
