package supervise

import (
	"os"
	"os/signal"
	"strconv"
	"syscall"
)

// StopSignals are the signals a command stops on rather than dies of, its
// deferred cleanup done (its runs' volumes, a staged package, the go
// command's work directory removed): SIGINT (Ctrl-C), SIGTERM (`timeout`,
// a CI runner, MCP's stdio shutdown), SIGHUP (the terminal closed, an ssh
// session dropped) and SIGQUIT (Ctrl-\). The supervisor forwards the same
// ones to its child. SIGHUP and SIGQUIT are left alone when this process
// started with them ignored (`nohup`, a background job of a script),
// which asked for the command to run on through them; SIGHUP and SIGQUIT
// were not caught before, so a closed terminal left the volumes behind and
// Ctrl-\ dumped every goroutine and exited 2 (attack pass 43b, row 1).
func StopSignals() []os.Signal {
	list := []os.Signal{os.Interrupt, syscall.SIGTERM}
	for _, s := range []syscall.Signal{syscall.SIGHUP, syscall.SIGQUIT} {
		if !signal.Ignored(s) {
			list = append(list, s)
		}
	}
	return list
}

// SignalName is s as a person types it (SIGKILL), not its String()
// ("killed", which made "killed by killed": attack pass 43b, row 4). A
// switch, not a map: a map would be an initialiser, which the supervisor
// runs before its child starts (TestSupervisorStartsLight).
func SignalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGALRM:
		return "SIGALRM"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return "signal " + strconv.Itoa(int(s))
}
