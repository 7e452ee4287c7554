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
// ones to its child. SIGHUP and SIGQUIT were not caught before, so a
// closed terminal left the volumes behind and Ctrl-\ dumped every
// goroutine and exited 2 (attack pass 43b, row 1).
//
// Signals ignored at start are left ignored (see InheritedIgnores): a
// process started with them ignored (`nohup`, a script's background job)
// asked to run on through them.
func StopSignals() []os.Signal {
	list := []os.Signal{syscall.SIGTERM}
	for _, s := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT} {
		if !ignoredAtStart(s) {
			list = append(list, s)
		}
	}
	return list
}

// ignoredAtStart reports whether this process started with s ignored, as
// far as a Go program can tell. Go's runtime keeps an inherited SIG_IGN
// for SIGHUP and SIGINT only (signal.Ignored tells), and replaces it by
// its own handler for SIGQUIT before any of the program's code runs: no
// Go program can see a SIGQUIT ignored alone (`trap "" QUIT`). A
// non-interactive shell's background job (`cmd &` in a script, POSIX)
// starts with SIGINT and SIGQUIT ignored together, so SIGQUIT is taken as
// ignored when SIGINT is (attack pass 43g, row 4). signal.Ignored is also
// true after IgnoreInherited's signal.Ignore, which keeps the answer.
func ignoredAtStart(s syscall.Signal) bool {
	if s == syscall.SIGQUIT {
		return signal.Ignored(syscall.SIGINT) || signal.Ignored(syscall.SIGQUIT)
	}
	return signal.Ignored(s)
}

// IgnoreInherited makes the stop signals ignored at start (ignoredAtStart)
// ignored here and in the processes this one starts: SIGQUIT, whose
// inherited SIG_IGN Go's runtime replaced by its own goroutine dump.
func IgnoreInherited() {
	if ignoredAtStart(syscall.SIGQUIT) {
		signal.Ignore(syscall.SIGQUIT)
	}
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
