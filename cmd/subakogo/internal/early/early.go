// Package early makes the subakogo process whose role is the supervisor
// (internal/roles picks it; see docs/architecture.md#process-roles) supervise the
// command (internal/supervise) from its initialiser, before the command's
// heavy dependencies initialise. Go initialises a package after those it
// imports and, among the packages ready, in the order of their import
// paths: this one imports a few standard packages, roles and the
// supervisor, so it runs after them and before the JSON Schema compiler
// (which compiles every draft's meta-schema at start), wazero and
// x/tools. The supervisor then waits for its child, having paid for about
// a third of the start-up instead of all of it; TestSupervisorStartsLight
// checks which initialisers it runs.
package early

import (
	"os"

	"github.com/subako-ai/subako-go/internal/roles"
	"github.com/subako-ai/subako-go/internal/supervise"
)

// In the commands that never listen for the stop signals (explain, help,
// version) it catches them (supervise.CatchStops): a signal ends them with
// 128 plus its number, not Go's SIGQUIT dump and exit 2, which the
// supervisor took for a crash (attack pass 43g, row 1). Only there: caught
// so early in the commands that read files, the kernel's target for a
// process's signal, its first thread, was the one a read of a file system
// that does not answer held (TestSignalEndsHungFileRead), and the signal
// waited for it. Any thread may do that read later, so the supervisor
// also kills a command that outlives a stop signal (supervise.KillGrace).
func init() {
	args := os.Args[1:]
	switch roles.Of(args) {
	case roles.Supervisor:
		supervise.Parent("subakogo", os.Stderr) // exits, except when the child cannot be started
	case roles.Child, roles.Command:
		if len(args) == 0 {
			return
		}
		switch args[0] { // a test binary's arguments are -test.*
		case "explain", "help", "version", "-h", "-help", "--help":
			supervise.CatchStops("subakogo", os.Stderr)
		}
	}
}
