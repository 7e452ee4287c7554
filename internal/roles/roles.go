// Package roles says what a process of the one subakogo executable is: a
// supervisor, the command (in the supervisor's child, or alone), the host's
// compile worker, or go vet's tool. The role is picked here, from the
// arguments and the environment, in one place (docs/architecture.md#process-roles);
// each role starts where it must start to run before what it does not
// need: the supervisor from cmd/subakogo/internal/early's initialiser,
// the compile worker (host.WorkerMain), go vet's tool and the command from
// main.
//
// The package imports only packages that Go initialises first and has no
// initialiser of its own, so that the supervisor, which picks its role
// here, pays for nothing else (TestSupervisorStartsLight).
package roles

import (
	"os"

	"github.com/subako-ai/subako-go/internal/host/workerenv"
	"github.com/subako-ai/subako-go/internal/supervise"
)

// Role is what a process is.
type Role int

// The roles.
const (
	// Command runs the command in this process, unsupervised: version,
	// a test binary.
	Command Role = iota
	// Supervisor starts the command again as its child and exits with
	// the child's code, or 4 when the child crashed (internal/supervise).
	Supervisor
	// Child is the supervisor's child: it runs the command.
	Child
	// CompileWorker compiles one module into the host's compilation cache
	// and exits (internal/host), where a compilation over its time or
	// memory is killed and costs nothing more.
	CompileWorker
	// Vettool speaks go vet's protocol: go vet -vettool=$(which subakogo).
	// For a package's analysis it starts itself again as a VetChild and
	// escapes what the child prints (cmd/subakogo's vet.go).
	Vettool
	// VetChild is Vettool's child: it runs go vet's analysis (unitchecker)
	// with its output going through its parent's escaping. VetChildEnv
	// marks it.
	VetChild
)

// VetChildEnv is set to "1" in the environment of Vettool's child.
const VetChildEnv = "SUBAKOGO_VET_CHILD"

func (r Role) String() string {
	switch r {
	case Supervisor:
		return "supervisor"
	case Child:
		return "child"
	case CompileWorker:
		return "compile worker"
	case Vettool:
		return "vettool"
	case VetChild:
		return "vet child"
	}
	return "command"
}

// Of is the role of a process of subakogo run with args (os.Args[1:]) in
// this process's environment. A compile worker is told by its
// environment alone, whatever executable links the host (a test binary
// too); the others by what supervise marks and by args.
func Of(args []string) Role {
	switch {
	case os.Getenv(workerenv.Job) != "":
		return CompileWorker
	case IsVet(args) && os.Getenv(VetChildEnv) == "1":
		return VetChild
	case IsVet(args):
		return Vettool
	case supervise.InChild():
		return Child
	case supervise.Started() || !supervised(args):
		return Command
	}
	return Supervisor
}

// supervised reports whether subakogo, run with args, runs the command in
// a supervised child: not for version (which cannot crash, and is the
// start-up measured alone), not in a test binary, which go test runs
// with -test. flags. (Package testing would say so exactly, but importing
// it would hold the supervisor's initialiser back behind most others, as
// os/exec and strings would.)
func supervised(args []string) bool {
	for _, a := range args {
		if hasPrefix(a, "-test.") {
			return false
		}
	}
	return len(args) != 1 || args[0] != "version"
}

// IsVet reports whether args are go vet's, which runs its -vettool with
// -V=full, -flags, or one package's .cfg file.
func IsVet(args []string) bool {
	if len(args) == 0 {
		return false
	}
	first, last := args[0], args[len(args)-1]
	return hasPrefix(first, "-V") || first == "-flags" || len(last) > 4 && last[len(last)-4:] == ".cfg"
}

// hasPrefix is strings.HasPrefix: package strings is initialised late
// (see the package comment).
func hasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }
